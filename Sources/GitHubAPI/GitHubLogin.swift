/// A user's or an organization's login as GitHub checks it: ASCII letters, digits and single
/// hyphens, not first or last, at most 39 characters.
public enum GitHubLogin {
  /// The longest login GitHub allows.
  public static let maximumLength = 39

  /// What is wrong with `text` as a login, as a phrase ("two hyphens in a row"); `nil` when
  /// it is one.
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
