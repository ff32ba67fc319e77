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
  public var fullName: String? {
    get { storedFullName }
    set {
      // An address made from the old name keeps what it was.
      if case .derived = address { address = webAddress.map(Address.text) ?? .none }
      storedFullName = newValue
      deriveAddress()
    }
  }
  /// The license's SPDX id (or its name when it has none), when it has one.
  public var license: String?
  /// The topics, cleaned for display.
  public var topics: [String]
  /// How many forks it has, when the server said.
  public var forksCount: Int? {
    get { count(0, forks) }
    set {
      forks = newValue ?? 0
      mark(0, newValue != nil)
    }
  }
  /// How many issues are open, when the server said.
  public var openIssuesCount: Int? {
    get { count(1, openIssues) }
    set {
      openIssues = newValue ?? 0
      mark(1, newValue != nil)
    }
  }
  /// How many people watch it, when the server said (the single-repository answer).
  public var subscribersCount: Int? {
    get { count(2, subscribers) }
    set {
      subscribers = newValue ?? 0
      mark(2, newValue != nil)
    }
  }
  /// How many repositories its fork network holds, when the server said.
  public var networkCount: Int? {
    get { count(3, network) }
    set {
      network = newValue ?? 0
      mark(3, newValue != nil)
    }
  }
  /// When something was last pushed, when the server said.
  public var pushedAt: Date? {
    get { present & 16 == 0 ? nil : Date(timeIntervalSince1970: pushedSeconds) }
    set {
      pushedSeconds = newValue?.timeIntervalSince1970 ?? 0
      present = newValue == nil ? present & ~16 : present | 16
    }
  }
  /// The repository's web page: only an `http` or `https` address without spaces or controls.
  public var htmlURL: URL? {
    get { webAddress.flatMap { URL(string: $0) } }
    set {
      address = newValue.map { .text($0.absoluteString) } ?? .none
      deriveAddress()
    }
  }
  /// `htmlURL` as text (a `URL` is an object of a few hundred bytes, and thousands of
  /// repositories would each hold one for an address only `o` and `y` use).
  public var webAddress: String? {
    switch address {
    case .none: return nil
    case .derived: return storedFullName.map { Self.gitHubPrefix + $0 }
    case .text(let text): return text
    }
  }

  // MARK: - Storage
  //
  // Thousands of repositories are held at once: the optional counts and the date share one
  // byte saying which are there (an Int? takes 16 bytes in a struct, an Int and a bit 8), and
  // the web address GitHub derives from the full name is not stored a second time.

  enum Address: Sendable, Equatable {
    case none
    /// `https://github.com/` followed by the full name.
    case derived
    case text(String)
  }

  static let gitHubPrefix = "https://github.com/"
  var storedFullName: String?
  var address: Address
  private var forks = 0
  private var openIssues = 0
  private var subscribers = 0
  private var network = 0
  private var pushedSeconds: Double = 0
  /// Bits 0–3: which of the four counts are there; bit 4: the push date.
  private var present: UInt8 = 0

  /// Whether `text` is `https://github.com/` and `fullName`, a full name of GitHub's letters,
  /// digits, `.`, `-` and `_` around one `/` (which `webAddress` would take as it is).
  private static func isGitHubAddress(_ text: String, of fullName: String) -> Bool {
    let prefix = gitHubPrefix.utf8
    guard text.utf8.count == prefix.count + fullName.utf8.count, text.hasPrefix(gitHubPrefix),
      text.utf8.dropFirst(prefix.count).elementsEqual(fullName.utf8)
    else { return false }
    var slashes = 0
    for byte in fullName.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
        UInt8(ascii: "_"):
        continue
      case UInt8(ascii: "/"): slashes += 1
      default: return false
      }
    }
    return slashes == 1 && fullName.first != "/" && fullName.last != "/"
  }

  /// Keeps an address that is GitHub's page of the plain full name `.derived`: one address has
  /// one form, so the synthesized `==` compares what `webAddress` says.
  private mutating func deriveAddress() {
    if case .text(let text) = address, let storedFullName,
      Self.isGitHubAddress(text, of: storedFullName)
    {
      address = .derived
    }
  }

  private func count(_ bit: UInt8, _ value: Int) -> Int? {
    present & (1 << bit) == 0 ? nil : value
  }

  private mutating func mark(_ bit: UInt8, _ isThere: Bool) {
    present = isThere ? present | (1 << bit) : present & ~(1 << bit)
  }

  /// A repository; every text is cleaned for display with `sanitizer`, and the name is also
  /// kept as sent, with only the secrets replaced.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - description: The description.
  ///   - language: The main language.
  ///   - stargazersCount: The stars.
  ///   - fork: Whether it is a fork.
  ///   - sanitizer: Cleans the text for display.
  ///   - details: The fields of the repository's own endpoint, when loaded.
  public init(
    name: String, description: String? = nil, language: String? = nil, stargazersCount: Int = 0,
    fork: Bool = false, sanitizer: TextSanitizer = TextSanitizer(),
    details: RepositoryDetails = RepositoryDetails()
  ) {
    self.init(blank: .none)
    self.rawName = sanitizer.redacted(name)
    self.name = sanitizer.clean(name)
    self.description = description.map(sanitizer.clean)
    self.language = language.map(sanitizer.clean)
    self.stargazersCount = stargazersCount
    self.fork = fork
    self.storedFullName = details.fullName.map(sanitizer.clean)
    self.license = details.license.map(sanitizer.clean)
    self.topics = details.topics.map(sanitizer.clean)
    self.address = details.htmlURL.map(Address.text) ?? .none
    self.forksCount = details.forksCount
    self.openIssuesCount = details.openIssuesCount
    self.pushedAt = details.pushedAt
    self.subscribersCount = details.subscribersCount
    self.networkCount = details.networkCount
    settleAddress(sanitizer)
  }

  /// A repository of no name and no fields, whose address is `address` until settled: where a
  /// reader starts before it sets the fields it finds.
  init(blank address: Address) {
    name = ""
    rawName = ""
    stargazersCount = 0
    fork = false
    topics = []
    self.address = address
  }

  /// Makes the address as read (`.text` as sent, `.derived` for the full name's) the one kept:
  /// derived when it is GitHub's page of a plain full name, else the text when it is a web
  /// address, else none.
  mutating func settleAddress(_ sanitizer: TextSanitizer) {
    let text: String
    switch address {
    case .none: return
    case .derived:
      guard let storedFullName else {
        address = .none
        return
      }
      text = Self.gitHubPrefix + storedFullName
    case .text(let sent): text = sent
    }
    if let storedFullName, Self.isGitHubAddress(text, of: storedFullName) {
      // `https://github.com/owner/name` of a plain full name is an address by construction:
      // no URL to parse for it (thousands at every start from the cache).
      address = .derived
      return
    }
    let checked = Self.webAddress(text, sanitizer: sanitizer)?.absoluteString
    if let checked, let storedFullName, Self.isGitHubAddress(checked, of: storedFullName) {
      address = .derived
    } else {
      address = checked.map(Address.text) ?? .none
    }
  }

  /// `text` as a web address when it is a plain `http`/`https` URL with a host, else `nil`.
  ///
  /// - Parameters:
  ///   - text: The address as sent.
  ///   - sanitizer: Cleans it.
  /// - Returns: The URL, or `nil` when it is not an `http` or `https` address.
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
