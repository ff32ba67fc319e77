import AppModel

/// The mdoc side of the manual page: escaping text, filling lines, the date and the flag macros.
extension ManualPage {
  /// The page's lines with each text line outside literal displays cut into lines of at most
  /// 80 bytes, a sentence starting a line of its own (mandoc's style).
  static func filled(_ page: [String]) -> [String] {
    var literal = false
    return page.flatMap { line -> [String] in
      if line.hasPrefix(".Bd -literal") { literal = true }
      if line.hasPrefix(".Ed") { literal = false }
      guard !literal, !line.hasPrefix("."), line.utf8.count > 80 || line.contains(". ") else {
        return [line]
      }
      var lines: [String] = []
      var current = ""
      for word in line.split(separator: " ") {
        let sentenceEnded = current.hasSuffix(".") && word.first?.isUppercase == true
        if !current.isEmpty, sentenceEnded || current.utf8.count + 1 + word.utf8.count > 80 {
          lines.append(current)
          current = ""
        }
        current += (current.isEmpty ? "" : " ") + word
      }
      lines.append(current)
      return lines.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
    }
  }

  /// A flag as mdoc macros: `Fl -timeout Ar SECONDS`, with `Fl h ,` in front when `short`.
  static func flagMacros(_ flag: Flag, short: Bool = false) -> String {
    var macros = "Fl " + text(String(flag.name.dropFirst()))
    if let argument = flag.argument { macros += " Ar " + text(argument) }
    if short, let shortName = flag.shortName {
      macros = "Fl " + text(String(shortName.dropFirst())) + " , " + macros
    }
    return macros
  }

  /// A table's phrase as a sentence of the page: capitalized, with a full stop.
  static func sentence(_ phrase: String) -> String {
    let escaped = capitalized(text(phrase))
    return escaped.hasSuffix(".") ? escaped : escaped + "."
  }

  /// `phrase` with its first letter in capitals, unless it starts with a name typed as it is
  /// (`serve-demo: the port`).
  static func capitalized(_ phrase: String) -> String {
    let first = phrase.prefix { $0 != " " && $0 != ":" }
    if Subcommand.allCases.contains(where: { text($0.rawValue) == first }) { return phrase }
    return phrase.prefix(1).uppercased() + phrase.dropFirst()
  }

  /// `plain` as roff text: backslashes and hyphens escaped (`\-` is the hyphen-minus a flag
  /// is typed with), a leading dot or quote made literal, anything beyond ASCII as `\[uXXXX]`.
  static func text(_ plain: String) -> String {
    var out = ""
    for scalar in plain.unicodeScalars {
      switch scalar {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
    return out
  }

  /// An ISO 8601 day (`2026-12-01`) as mdoc dates it: `December 1, 2026`.
  static func date(_ iso: String) -> String {
    let parts = iso.split(separator: "-").compactMap { Int($0) }
    let months = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October", "November", "December",
    ]
    guard parts.count == 3, (1...12).contains(parts[1]) else { return iso }
    return "\(months[parts[1] - 1]) \(parts[2]), \(parts[0])"
  }
}
