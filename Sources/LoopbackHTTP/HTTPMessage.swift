import Foundation

/// A request as the loopback server received it.
public struct HTTPRequest: Sendable {
  /// The method, for example `GET`.
  public var method: String
  /// The path without the query, for example `/orgs/demo/repos`.
  public var path: String
  /// The query items in order, percent-decoded.
  public var query: [(name: String, value: String)]
  /// The header fields, names lowercased.
  public var headers: [String: String]
  /// The body, empty when there is none.
  public var body: Data

  /// The first value of the query item `name`.
  public func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  /// Parses a request head (request line and header lines, without the blank line).
  static func parse(head: String) -> HTTPRequest? {
    var lines = head.components(separatedBy: "\r\n")
    let parts = lines.removeFirst().split(separator: " ")
    guard parts.count == 3 else { return nil }
    let components = URLComponents(string: String(parts[1]))
    var headers: [String: String] = [:]
    for header in HTTPHeaderLines.parse(lines) { headers[header.name.lowercased()] = header.value }
    return HTTPRequest(
      method: String(parts[0]),
      path: components?.path ?? String(parts[1]),
      query: (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") },
      headers: headers,
      body: Data())
  }
}

/// What the loopback server does with a request.
public enum HTTPReply: Sendable {
  /// Sends a response.
  case respond(HTTPResponse)
  /// Accepts the request and never answers, until the server stops.
  case neverAnswer
  /// Closes the connection without a response.
  case drop
}

/// A response, with the ways a misbehaving server may send it.
public struct HTTPResponse: Sendable {
  /// The status code.
  public var status: Int
  /// The header fields in order; `Content-Length` and `Connection` are added by the server.
  public var headers: [(name: String, value: String)]
  /// The body.
  public var body: Data
  /// How long to wait before sending anything, in seconds.
  public var delay: TimeInterval
  /// Sends the body in pieces of this many bytes, pausing `chunkPause` between them.
  public var chunkSize: Int?
  /// The pause between body pieces, in seconds.
  public var chunkPause: TimeInterval
  /// Closes the connection after this many body bytes, as a reset in the middle of the body.
  public var cutAfter: Int?
  /// Sends the body with `Transfer-Encoding: chunked`, a chunk per `chunkSize` bytes.
  public var chunked = false
  /// Called on the connection's thread with the bytes sent so far after each body piece but
  /// the last, before the pause: a test that returns only once the client read the piece
  /// orders the pieces itself instead of by the pause.
  public var afterPiece: (@Sendable (Int) -> Void)?

  /// Creates a response.
  public init(
    status: Int = 200, headers: [(name: String, value: String)] = [], body: Data = Data(),
    delay: TimeInterval = 0, chunkSize: Int? = nil, chunkPause: TimeInterval = 0,
    cutAfter: Int? = nil, chunked: Bool = false
  ) {
    self.chunked = chunked
    self.status = status
    self.headers = headers
    self.body = body
    self.delay = delay
    self.chunkSize = chunkSize
    self.chunkPause = chunkPause
    self.cutAfter = cutAfter
  }

  /// The status line and headers, ready to send.
  func head(keepAlive: Bool) -> Data {
    var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
    for header in headers { text += "\(header.name): \(header.value)\r\n" }
    text += chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: \(body.count)\r\n"
    text += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
    return Data(text.utf8)
  }

  static func reason(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 301: return "Moved Permanently"
    case 302: return "Found"
    case 304: return "Not Modified"
    case 307: return "Temporary Redirect"
    case 401: return "Unauthorized"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 429: return "Too Many Requests"
    case 500: return "Internal Server Error"
    case 502: return "Bad Gateway"
    case 503: return "Service Unavailable"
    default: return "Status"
    }
  }
}
