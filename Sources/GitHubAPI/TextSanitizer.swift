/// Makes text from the network safe to draw: secrets are replaced, controls become visible,
/// length is bounded.
///
/// C0 controls and DEL become caret notation (`^[`, `^G`, `^?`); C1 controls, bidi overrides and
/// isolates, and zero-width characters become `\u{…}`, but for a zero-width joiner between two
/// emoji, which makes them one (👨‍👩‍👧: the screen draws such a sequence as its first emoji);
/// invalid UTF-8 never gets this far (the JSON is checked before it is decoded).
public struct TextSanitizer: Sendable, Equatable {
  /// The longest text kept, in characters; longer text ends with `…`.
  public static let maximumLength = 500

  /// Secrets (the token) replaced by `<token>` wherever cleaned text would show them.
  public let secrets: [String]

  /// A sanitizer that also replaces `secrets`; secrets shorter than 4 characters are ignored,
  /// as replacing them would mangle ordinary text.
  ///
  /// - Parameter secrets: The texts never shown (a token); shorter than 4 characters are ignored.
  public init(secrets: [String] = []) {
    self.secrets = secrets.filter { $0.count >= 4 }
  }

  /// The text with every secret replaced, every control made visible and its length bounded.
  ///
  /// - Parameter text: The text.
  /// - Returns: It, safe to draw.
  public func clean(_ text: String) -> String {
    Self.clean(redacted(text))
  }

  /// The text with every secret replaced by `<token>`, and nothing else changed.
  ///
  /// - Parameter text: The text.
  /// - Returns: It, each secret replaced.
  public func redacted(_ text: String) -> String {
    var text = text
    for secret in secrets where text.contains(secret) {
      text = text.replacingOccurrences(of: secret, with: "<token>")
    }
    return text
  }

  /// The text with every control made visible and its length bounded (no secrets replaced).
  ///
  /// - Parameter text: The text.
  /// - Returns: It, safe to draw.
  public static func clean(_ text: String) -> String {
    if text.utf8.count <= maximumLength, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return text
    }
    let scalars = Array(text.unicodeScalars)
    var result = ""
    for (index, scalar) in scalars.enumerated() {
      if index >= maximumLength {
        result += "…"
        break
      }
      // A joiner kept needs the emoji after it kept too.
      if index + 1 < maximumLength, joinsEmoji(scalars, at: index) {
        result.unicodeScalars.append(scalar)
      } else {
        result += visible(scalar)
      }
    }
    return result
  }

  /// Whether a scalar must not reach the terminal as it is, wherever it stands (a zero-width
  /// joiner does, but between two emoji: `isClean` tells).
  ///
  /// - Parameter scalar: The scalar.
  /// - Returns: `true` when it is drawn escaped.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    visible(scalar) != String(scalar)
  }

  /// Whether text holds nothing `clean` makes visible: no control, and a zero-width joiner only
  /// between two emoji.
  ///
  /// - Parameter text: The text.
  /// - Returns: `true` when it may reach the terminal as it is.
  public static func isClean(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    return scalars.indices.allSatisfy { index in
      !isControl(scalars[index]) || joinsEmoji(scalars, at: index)
    }
  }

  /// Whether `scalars[index]` is a zero-width joiner between two emoji: after an emoji (or its
  /// skin tone or VS16), before an emoji.
  private static func joinsEmoji(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    guard scalars[index].value == 0x200D, index > 0, index + 1 < scalars.count else {
      return false
    }
    let before = scalars[index - 1]
    return (isEmoji(before) || before.value == 0xFE0F || before.properties.isEmojiModifier)
      && isEmoji(scalars[index + 1])
  }

  /// An emoji other than the ASCII digits, `#` and `*` (which Unicode counts as emoji for
  /// keycaps).
  private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
    !scalar.isASCII && scalar.properties.isEmoji
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

extension CodingUserInfoKey {
  /// Where `GitHubJSON` puts the sanitizer the models clean their text with.
  static let textSanitizer = CodingUserInfoKey(rawValue: "GitHubAPI.TextSanitizer")!
}

extension Decoder {
  /// The sanitizer `GitHubJSON` decodes with; one without secrets otherwise.
  var textSanitizer: TextSanitizer {
    userInfo[.textSanitizer] as? TextSanitizer ?? TextSanitizer()
  }
}
