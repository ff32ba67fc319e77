import ApexyHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `GET orgs/{org}`.
struct OrganizationEndpoint: Endpoint {
  /// The organization login.
  let org: String

  func makeRequest() throws -> URLRequest {
    URLRequest(url: URL(string: "orgs/\(GitHubPath.escape(org))")!)
  }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    if let error = GitHubError.check(response.fields, body: data, org: org) { throw error }
  }

  func content(from response: URLResponse?, with body: Data) throws -> Organization {
    try GitHubJSON.decode(Organization.self, from: body)
  }
}

/// One page of `GET orgs/{org}/repos`, with the URL of the next page from the `Link` header.
struct RepositoriesPageEndpoint: Endpoint {
  /// The organization login, for error messages.
  let org: String
  /// The page URL: relative for the first page, the `Link` URL for the next ones.
  let url: URL

  /// The first page, 100 repositories a page.
  static func firstPage(org: String) -> RepositoriesPageEndpoint {
    let path = "orgs/\(GitHubPath.escape(org))/repos?per_page=100&page=1"
    return RepositoriesPageEndpoint(org: org, url: URL(string: path)!)
  }

  func makeRequest() throws -> URLRequest { URLRequest(url: url) }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    if let error = GitHubError.check(response.fields, body: data, org: org) { throw error }
  }

  /// The page undecoded, with its `Link: rel="next"`: the loader asks for the next page first
  /// and decodes this one meanwhile.
  func content(from response: URLResponse?, with body: Data) throws -> RepositoriesPage {
    let link = (response as? HTTPURLResponse)?.fields.header("link")
    return RepositoriesPage(body: body, next: link.flatMap(LinkHeader.next))
  }
}

/// A page of repositories, not yet decoded, and where the next one is.
struct RepositoriesPage: Sendable, Equatable {
  /// The JSON body.
  var body: Data
  /// The next page's URL, `nil` on the last page.
  var next: URL?

  /// The repositories on this page.
  func repositories() throws -> [Repository] {
    try GitHubJSON.decode([Repository].self, from: body)
  }
}

/// Path escaping for organization logins.
enum GitHubPath {
  /// The login percent-encoded for use as one path segment.
  static func escape(_ segment: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "/?#")
    return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
  }
}

/// JSON decoding that reports unreadable bodies as `GitHubError.unreadable`.
enum GitHubJSON {
  /// Decodes `type`, or throws a `GitHubError.unreadable` naming what was wrong.
  static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws -> T {
    guard !body.isEmpty else { throw GitHubError.unreadable(detail: "the body is empty") }
    if let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
      first != UInt8(ascii: "{"), first != UInt8(ascii: "[")
    {
      let kind = first == UInt8(ascii: "<") ? "HTML" : "not JSON"
      throw GitHubError.unreadable(detail: "the body is \(kind), expected JSON")
    }
    if let offset = invalidUTF8Offset(body) {
      throw GitHubError.unreadable(detail: "the body is not valid UTF-8 (byte \(offset))")
    }
    do {
      return try JSONDecoder().decode(type, from: body)
    } catch let error as DecodingError {
      if case .dataCorrupted = error, let syntax = syntaxError(body) {
        throw GitHubError.unreadable(detail: "the JSON is invalid: \(syntax)")
      }
      throw GitHubError.unreadable(detail: Self.detail(error))
    }
  }

  /// What the JSON parser says is wrong with `body` (where it ends early, or the offset).
  private static func syntaxError(_ body: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
      return nil
    } catch {
      let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      return description.map {
        var text = TextSanitizer.clean(String($0.prefix(160))).lowercasedFirst
        while text.hasSuffix(".") { text.removeLast() }
        return text
      }
    }
  }

  /// The offset of the first byte that is not valid UTF-8, `nil` when all of it is.
  static func invalidUTF8Offset(_ data: Data) -> Int? {
    // The standard library's validation is vectorised; the byte walk only finds the offset.
    if String(validating: data, as: UTF8.self) != nil { return nil }
    let bytes = [UInt8](data)
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let length: Int
      switch lead {
      case 0x00...0x7F: length = 1
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default: return index
      }
      guard index + length <= bytes.count else { return index }
      for next in 1..<max(1, length) where bytes[index + next] & 0xC0 != 0x80 {
        return index
      }
      if length == 3 {
        let second = bytes[index + 1]
        if (lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) { return index }
      } else if length == 4 {
        let second = bytes[index + 1]
        if (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second > 0x8F) { return index }
      }
      index += length
    }
    return nil
  }

  private static func detail(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      return keys.isEmpty ? "the top level" : "field " + keys.joined(separator: ".")
    }
    switch error {
    case .typeMismatch(let type, let context):
      return "\(path(context)) is not \(describe(type))"
    case .valueNotFound(let type, let context):
      return "\(path(context)) is null, expected \(describe(type))"
    case .keyNotFound(let key, let context):
      let at = context.codingPath.isEmpty ? "" : " in \(path(context))"
      return "field \"\(key.stringValue)\" is missing\(at)"
    case .dataCorrupted(let context):
      let underlying = context.underlyingError.map { "\($0)" } ?? context.debugDescription
      return
        "the JSON is invalid or truncated (\(TextSanitizer.clean(String(underlying.prefix(120)))))"
    @unknown default:
      return "the JSON does not match"
    }
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Int.Type: return "a number"
    case is Bool.Type: return "a boolean"
    default: return "\(type)"
    }
  }
}

extension String {
  /// The string with its first letter lowercased, to continue a sentence.
  fileprivate var lowercasedFirst: String {
    guard let first else { return self }
    return first.lowercased() + dropFirst()
  }
}

extension HTTPURLResponse {
  /// Status and lowercased headers, as the GitHub error check reads them.
  var fields: HTTPURLResponseFields {
    var headers: [String: String] = [:]
    for (name, value) in allHeaderFields {
      headers["\(name)".lowercased()] = "\(value)"
    }
    return HTTPURLResponseFields(statusCode: statusCode, headers: headers)
  }
}
