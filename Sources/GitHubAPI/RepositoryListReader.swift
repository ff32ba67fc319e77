import Foundation

/// Reads a page of GitHub's repository list (`GET /orgs/{org}/repos`) in one pass over its
/// bytes, taking the fields `Repository` keeps and skipping the other eighty or so of each
/// repository without making them: `JSONDecoder` first builds a table of every field of every
/// element, which was most of the time a 5,000-repository fetch spent.
///
/// It takes a page only where `Repository`'s `Decodable` reading would give the same
/// repositories; for anything else (a field of another type, `null` where a value must be, a
/// repeated field, a number that is not a plain integer, a key with an escape) it returns `nil`,
/// and the caller decodes with `JSONDecoder`, so the result and every error are what they were.
enum RepositoryListReader {
  /// The repositories of `body`, their text cleaned with `sanitizer`; `nil` when the fast
  /// reader does not take it.
  static func read(_ body: Data, sanitizer: TextSanitizer) -> [Repository]? {
    JSONByteReader.read(body) { reader in
      var list: [Repository] = []
      list.reserveCapacity(100)
      let ok = reader.array { reader in
        guard let repository = reader.listedRepository(sanitizer: sanitizer) else { return false }
        list.append(repository)
        return true
      }
      return ok ? list : nil
    }
  }
}

/// The fields of a listed repository that `Repository` reads.
private enum ListedField: CaseIterable {
  case name, description, language, stargazersCount, fork, license, topics, fullName
  case forksCount, openIssuesCount, pushedAt, htmlURL, subscribersCount, networkCount

  var key: StaticString {
    switch self {
    case .name: return "name"
    case .description: return "description"
    case .language: return "language"
    case .stargazersCount: return "stargazers_count"
    case .fork: return "fork"
    case .license: return "license"
    case .topics: return "topics"
    case .fullName: return "full_name"
    case .forksCount: return "forks_count"
    case .openIssuesCount: return "open_issues_count"
    case .pushedAt: return "pushed_at"
    case .htmlURL: return "html_url"
    case .subscribersCount: return "subscribers_count"
    case .networkCount: return "network_count"
    }
  }

  /// The field `key` names, `nil` for one `Repository` does not read (most of a repository's
  /// eighty-odd keys: only the fields of the key's length are compared).
  static func named(_ key: UnsafeBufferPointer<UInt8>) -> ListedField? {
    guard key.count < byLength.count else { return nil }
    return byLength[key.count].first { sameKey(key, $0.key) }
  }

  /// The fields by the length of their key.
  private static let byLength: [[ListedField]] = {
    var table = [[ListedField]](repeating: [], count: 18)
    for field in allCases { table[field.key.utf8CodeUnitCount].append(field) }
    return table
  }()
}

extension JSONByteReader {
  /// One repository of a list, read as `Repository.init(from:)` reads it.
  fileprivate mutating func listedRepository(sanitizer: TextSanitizer) -> Repository? {
    var name: String?, stars: Int??, fork: Bool??
    var description: String??, language: String??, fullName: String??, pushed: String??
    var address: String??, license: String???, topics: [String]??
    var forks: Int??, issues: Int??, subscribers: Int??, network: Int??
    let ok = objectWithRawKeys { key, reader in
      guard let field = ListedField.named(key) else { return reader.skipValue() }
      switch field {
      case .name: return reader.once(&name) { $0.string() }
      case .description: return reader.once(&description) { $0.optionalString() }
      case .language: return reader.once(&language) { $0.optionalString() }
      case .stargazersCount: return reader.once(&stars) { $0.optional { $0.integer() } }
      case .fork: return reader.once(&fork) { $0.optional { $0.boolean() } }
      case .license: return reader.once(&license) { $0.optional { $0.licenseName() } }
      case .topics: return reader.once(&topics) { $0.optional { $0.strings() } }
      case .fullName: return reader.once(&fullName) { $0.optionalString() }
      case .forksCount: return reader.once(&forks) { $0.optional { $0.integer() } }
      case .openIssuesCount: return reader.once(&issues) { $0.optional { $0.integer() } }
      case .pushedAt: return reader.once(&pushed) { $0.optionalString() }
      case .htmlURL: return reader.once(&address) { $0.optionalString() }
      case .subscribersCount: return reader.once(&subscribers) { $0.optional { $0.integer() } }
      case .networkCount: return reader.once(&network) { $0.optional { $0.integer() } }
      }
    }
    guard ok, let name else { return nil }
    let details = RepositoryDetails(
      fullName: fullName ?? nil, forksCount: forks ?? nil, openIssuesCount: issues ?? nil,
      license: (license ?? nil) ?? nil, topics: (topics ?? nil) ?? [],
      pushedAt: (pushed ?? nil).flatMap(GitHubDate.parse), htmlURL: address ?? nil,
      subscribersCount: subscribers ?? nil, networkCount: network ?? nil)
    return Repository(
      name: name, description: description ?? nil, language: language ?? nil,
      stargazersCount: (stars ?? nil) ?? 0, fork: (fork ?? nil) ?? false, sanitizer: sanitizer,
      details: details)
  }

  /// A license object: its SPDX id unless that is missing, empty or `NOASSERTION`, else its
  /// name (either may be `nil`); `nil` (the caller decodes with `JSONDecoder`) when either is
  /// there with another type or twice.
  fileprivate mutating func licenseName() -> String?? {
    var spdx: String??, name: String??
    let ok = objectWithRawKeys { key, reader in
      if sameKey(key, "spdx_id") { return reader.once(&spdx) { $0.optionalString() } }
      if sameKey(key, "name") { return reader.once(&name) { $0.optionalString() } }
      return reader.skipValue()
    }
    guard ok else { return nil }
    let id = (spdx ?? nil).flatMap { $0 == "NOASSERTION" || $0.isEmpty ? nil : $0 }
    return .some(id ?? (name ?? nil))
  }
}

/// Whether `key` is `name`, byte for byte.
private func sameKey(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
  name.utf8CodeUnitCount == key.count
    && (key.isEmpty || memcmp(name.utf8Start, key.baseAddress!, key.count) == 0)
}
