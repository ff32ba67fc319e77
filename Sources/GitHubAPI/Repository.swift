import Foundation

/// A repository as the app shows it.
public struct Repository: Sendable, Equatable {
  /// The repository name.
  public var name: String
  /// The description, when there is one.
  public var description: String?
  /// The main language, when GitHub detected one.
  public var language: String?
  /// How many stars it has.
  public var stargazersCount: Int
  /// Whether it is a fork.
  public var fork: Bool
  /// The name exactly as the server sent it (secrets redacted); not safe to draw.
  public var rawName: String
  /// `owner/name`, when the server sent it.
  public var fullName: String?
  /// How many forks it has, when the server said.
  public var forksCount: Int?
  /// How many issues are open, when the server said.
  public var openIssuesCount: Int?
  /// The license's SPDX id (or its name when it has none), when it has one.
  public var license: String?
  /// The topics, cleaned for display.
  public var topics: [String]
  /// When something was last pushed, when the server said.
  public var pushedAt: Date?
  /// The repository's web page: only an `http` or `https` address without spaces or controls.
  public var htmlURL: URL? {
    get { webAddress.flatMap { URL(string: $0) } }
    set { webAddress = newValue?.absoluteString }
  }
  /// `htmlURL` as text: a `URL` is an object of a few hundred bytes, and thousands of
  /// repositories would each hold one for an address only `o` and `y` use.
  public private(set) var webAddress: String?
  /// How many people watch it, when the server said (the single-repository answer).
  public var subscribersCount: Int?
  /// How many repositories its fork network holds, when the server said.
  public var networkCount: Int?

  /// A repository; every text is cleaned for display with `sanitizer`, and the name is also
  /// kept as sent, with only the secrets replaced.
  public init(
    name: String, description: String? = nil, language: String? = nil, stargazersCount: Int = 0,
    fork: Bool = false, sanitizer: TextSanitizer = TextSanitizer(),
    details: RepositoryDetails = RepositoryDetails()
  ) {
    self.rawName = sanitizer.redacted(name)
    self.name = sanitizer.clean(name)
    self.description = description.map(sanitizer.clean)
    self.language = language.map(sanitizer.clean)
    self.stargazersCount = stargazersCount
    self.fork = fork
    self.fullName = details.fullName.map(sanitizer.clean)
    self.forksCount = details.forksCount
    self.openIssuesCount = details.openIssuesCount
    self.license = details.license.map(sanitizer.clean)
    self.topics = details.topics.map(sanitizer.clean)
    self.pushedAt = details.pushedAt
    self.webAddress = details.htmlURL.flatMap {
      Self.webAddress($0, sanitizer: sanitizer)?.absoluteString
    }
    self.subscribersCount = details.subscribersCount
    self.networkCount = details.networkCount
  }

  /// `text` as a web address when it is a plain `http`/`https` URL with a host, else `nil`.
  public static func webAddress(_ text: String, sanitizer: TextSanitizer = TextSanitizer())
    -> URL?
  {
    // Printable ASCII without spaces (every address GitHub sends) needs no scalar-by-scalar
    // look at Unicode properties, which 5,000 restored repositories would wait for at start.
    let plain = text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    guard sanitizer.clean(text) == text,
      plain
        || !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x21 }),
      let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty,
      url.user == nil, url.password == nil
    else { return nil }
    return url
  }
}
