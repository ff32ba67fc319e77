/// A user's or an organization's login: shown as spelled, compared as GitHub compares logins,
/// without case. `GitHubLogin("RedMadRobot") == "redmadrobot"`, and both hash alike, so one
/// owner is one key wherever logins are kept (``GitHubLoaders/owners``, a set, a dictionary).
public struct GitHubLogin: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The login as it was typed or sent, for display and for URLs.
  public let spelling: String
  /// The login without case: what two spellings of one login share.
  public let key: String

  /// The longest login GitHub allows.
  public static let maximumLength = 39

  /// The login spelled `spelling` (not checked: see ``problem(_:)``).
  ///
  /// - Parameter spelling: The login as typed or sent.
  public init(_ spelling: String) {
    self.spelling = spelling
    key = spelling.lowercased()
  }

  /// The login spelled `value`.
  ///
  /// - Parameter value: The login.
  public init(stringLiteral value: String) { self.init(value) }

  /// The login as spelled.
  public var description: String { spelling }

  /// Whether both are one login, whatever their case.
  ///
  /// - Parameters:
  ///   - lhs: A login.
  ///   - rhs: Another.
  /// - Returns: `true` when they are one login.
  public static func == (lhs: GitHubLogin, rhs: GitHubLogin) -> Bool { lhs.key == rhs.key }

  /// Hashes the login without its case.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) { hasher.combine(key) }

  /// Whether the login starts with `prefix`, whatever the case of either.
  ///
  /// - Parameter prefix: The start typed.
  /// - Returns: `true` when it starts so.
  public func hasPrefix(_ prefix: String) -> Bool { key.hasPrefix(prefix.lowercased()) }

  /// What is wrong with `text` as a login, as a phrase ("two hyphens in a row"); `nil` when
  /// it is one. GitHub allows ASCII letters, digits and single hyphens, not first or last, at
  /// most 39 characters.
  ///
  /// - Parameter text: The name as typed.
  /// - Returns: The problem, or `nil`.
  public static func problem(_ text: String) -> String? {
    if text.isEmpty { return "empty" }
    if text.utf8.count > maximumLength { return "longer than \(maximumLength) characters" }
    let allowed = text.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
    }
    if !allowed { return "a character other than letters, digits and hyphens" }
    if text.hasPrefix("-") || text.hasSuffix("-") { return "a hyphen first or last" }
    if text.contains("--") { return "two hyphens in a row" }
    return nil
  }
}
