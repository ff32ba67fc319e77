/// Makes text from the network safe to draw: controls become visible, length is bounded.
///
/// C0 controls and DEL become caret notation (`^[`, `^G`, `^?`); C1 controls, bidi overrides and
/// isolates, and zero-width characters become `\u{…}`; invalid UTF-8 has already become U+FFFD
/// when the JSON was decoded.
public enum TextSanitizer {
  /// The longest text kept, in characters; longer text ends with `…`.
  public static let maximumLength = 500

  /// Secrets (the token) that never appear in cleaned text; set once at start-up.
  nonisolated(unsafe) private(set) static var secrets: [String] = []

  /// Registers a secret to be replaced by `<token>` wherever cleaned text would show it.
  public static func redact(_ secret: String) {
    if secret.count >= 4 { secrets.append(secret) }
  }

  /// The text with every control made visible, secrets replaced and its length bounded.
  public static func clean(_ text: String) -> String {
    var text = text
    for secret in secrets where text.contains(secret) {
      text = text.replacingOccurrences(of: secret, with: "<token>")
    }
    if text.utf8.count <= maximumLength, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return text
    }
    var result = ""
    var kept = 0
    for scalar in text.unicodeScalars {
      if kept >= maximumLength {
        result += "…"
        break
      }
      result += visible(scalar)
      kept += 1
    }
    return result
  }

  /// Whether a scalar must not reach the terminal as it is.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    visible(scalar) != String(scalar)
  }

  private static func visible(_ scalar: Unicode.Scalar) -> String {
    let value = scalar.value
    switch value {
    case 0x00..<0x20:
      return "^" + String(Unicode.Scalar(UInt8(value + 0x40)))
    case 0x7F:
      return "^?"
    case 0x80..<0xA0, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF, 0x061C,
      0xFFF9...0xFFFB, 0x00AD, 0x180E, 0xE0000...0xE007F:
      return "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    default:
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse,
        .unassigned:
        return "\\u{" + String(value, radix: 16, uppercase: true) + "}"
      default:
        return String(scalar)
      }
    }
  }
}
