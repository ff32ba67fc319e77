/// How the app draws where the locale is not UTF-8 (or with `--ascii`): ASCII borders and
/// symbols, and every other character as `?` in each cell it takes, so columns stay aligned.
public enum ASCIIFallback {
  /// The spinner's frames in ASCII.
  public static let spinnerFrames = ["|", "/", "-", "\\"]

  /// The symbols the app draws, each with an ASCII look of the same width.
  static let symbols: [String: String] = [
    "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "★": "*", "✓": "+", "✗": "x",
    "–": "-", "—": "-", "…": "~", "▏": "_", "←": "<", "→": ">", "↑": "^", "↓": "v", "×": "x",
    "·": ".", "↻": "r", "\u{FFFD}": "?",
  ]

  /// The glyph's ASCII look: itself when it is ASCII, else its symbol or `?` per cell.
  public static func cells(_ glyph: Glyph) -> [Glyph] {
    if glyph.text.utf8.allSatisfy({ $0 < 0x80 }) { return [glyph] }
    if let symbol = symbols[glyph.text] { return [Glyph(symbol, width: 1)] }
    return Array(repeating: Glyph("?", width: 1), count: glyph.width)
  }

  /// Text with every character in its ASCII look, for line-based output.
  public static func text(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
    var result = ""
    for character in text {
      for glyph in TextWidth.glyphs(character) {
        for cell in cells(glyph) { result += cell.text }
      }
    }
    return result
  }
}
