import Foundation

/// Text as a POSIX shell reads it back as one word: for the commands errors suggest and the
/// completion scripts.
enum ShellWord {
  /// `text` in single quotes.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  /// `text` as it is when it holds only characters a shell leaves alone, else `quoted`.
  static func word(_ text: String) -> String {
    let safe = text.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "/._-+,:@%".unicodeScalars.contains(scalar))
    }
    return safe && !text.isEmpty ? text : quoted(text)
  }
}
