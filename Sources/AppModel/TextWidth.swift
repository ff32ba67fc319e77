import CWidth

#if canImport(Glibc)
  import Glibc
#endif

/// What one grid cell (or two, for a wide glyph) shows: a spacing character and the
/// zero-width marks drawn on it.
public struct Glyph: Sendable, Equatable {
  /// The text: one spacing scalar and up to four marks.
  public var text: String
  /// 1 or 2 cells.
  public var width: Int

  /// A glyph of `text`, `width` cells wide.
  public init(_ text: String, width: Int) {
    self.text = text
    self.width = width
  }
}

/// Display width of text in terminal cells, as the C library's `wcwidth` reports it: the
/// width ncurses and tmux use, so what is drawn fills exactly the cells the layout gave it.
///
/// A grapheme cluster becomes one glyph per spacing character (Thai and Devanagari clusters
/// become several). Clusters whose width terminals disagree on are drawn as a substitute of
/// known width: a flag as its two letters (🇯🇵 → JP), an emoji sequence (ZWJ, skin tone,
/// VS16, keycap) as its first emoji, an unprintable scalar as U+FFFD.
public enum TextWidth {
  /// Marks beyond this many on one character are shown as U+FFFD (ncurses keeps four).
  static let maximumMarks = 4

  /// The glyphs a character is drawn as; empty for controls.
  public static func glyphs(_ character: Character) -> [Glyph] {
    if let ascii = character.asciiValue {
      return ascii < 0x20 || ascii == 0x7F ? [] : [Glyph(String(character), width: 1)]
    }
    let scalars = Array(character.unicodeScalars)
    if scalars.count > 1, let substitute = emojiSubstitute(scalars) { return substitute }
    var glyphs: [Glyph] = []
    var marks = 0
    for scalar in scalars {
      let width = cellWidth(scalar)
      if width > 0 {
        glyphs.append(Glyph(String(scalar), width: width))
        marks = 0
      } else if width < 0 {
        glyphs.append(Glyph("\u{FFFD}", width: 1))
        marks = 0
      } else if glyphs.isEmpty {
        // A mark with nothing to sit on: shown on a dotted circle, as fonts do.
        glyphs.append(Glyph("\u{25CC}" + String(scalar), width: 1))
        marks = 1
      } else if marks < maximumMarks {
        glyphs[glyphs.count - 1].text.unicodeScalars.append(scalar)
        marks += 1
      } else if marks == maximumMarks {
        glyphs.append(Glyph("\u{FFFD}", width: 1))
        marks += 1
      }
    }
    return glyphs
  }

  /// The glyph a character of one scalar is drawn as, which is all `glyphs` returns for it,
  /// made without the arrays `glyphs` builds (most text is such characters, every border
  /// too); `nil` for a control (drawn as nothing) and for a cluster of several scalars, which
  /// take `glyphs`.
  public static func singleGlyph(_ character: Character) -> Glyph? {
    if let ascii = character.asciiValue {
      return ascii < 0x20 || ascii == 0x7F ? nil : Glyph(String(character), width: 1)
    }
    var scalars = character.unicodeScalars.makeIterator()
    guard let scalar = scalars.next(), scalars.next() == nil else { return nil }
    return singleGlyph(scalar)
  }

  /// Whether each Unicode scalar of `text` is a character (grapheme cluster) of its own, so
  /// that it can be measured and drawn scalar by scalar without the standard library's grapheme
  /// breaking: true when every scalar is below the combining marks (ASCII, Latin-1, Latin
  /// Extended) or among the punctuation, arrows, box drawing and symbols of U+2010–U+2BFF other
  /// than the combining marks for symbols. None of those joins a neighbour into one cluster
  /// (CR LF is one, but both are controls, drawn as nothing either way). Borders, key hints,
  /// counts and most names are such text.
  public static func isOneScalarPerCharacter(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy(isAlwaysAlone)
  }

  /// A scalar that always forms a grapheme cluster by itself (see `isOneScalarPerCharacter`).
  static func isAlwaysAlone(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x300
      || (0x2010...0x2BFF).contains(scalar.value) && !(0x20D0...0x20FF).contains(scalar.value)
  }

  /// The glyph a scalar that is a character by itself is drawn as (`singleGlyph` of that
  /// character); `nil` for a control.
  public static func singleGlyph(_ scalar: Unicode.Scalar) -> Glyph? {
    if scalar.isASCII {
      return scalar.value < 0x20 || scalar.value == 0x7F ? nil : Glyph(String(scalar), width: 1)
    }
    let width = cellWidth(scalar)
    if width > 0 { return Glyph(String(scalar), width: width) }
    if width < 0 { return Glyph("\u{FFFD}", width: 1) }
    return Glyph("\u{25CC}" + String(scalar), width: 1)
  }

  /// The width of one character (grapheme cluster).
  public static func of(_ character: Character) -> Int {
    if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
    if let glyph = singleGlyph(character) { return glyph.width }
    return glyphs(character).reduce(0) { $0 + $1.width }
  }

  /// The width `wcwidth` gives a scalar in a UTF-8 locale: 0, 1, 2, or -1 (unprintable).
  public static func cellWidth(_ scalar: Unicode.Scalar) -> Int {
    if scalar.value < 0x7F { return scalar.value < 0x20 ? -1 : 1 }
    let width = Int(cwidth_wcwidth_utf8(scalar.value))
    return width == -2 ? fallbackWidth(scalar) : width
  }

  /// Flags, ZWJ sequences, skin tones, VS16 and keycaps: drawn as something of known width.
  private static func emojiSubstitute(_ scalars: [Unicode.Scalar]) -> [Glyph]? {
    let regional = scalars.filter { (0x1F1E6...0x1F1FF).contains($0.value) }
    if !regional.isEmpty {
      return regional.map { scalar in
        let letter = Unicode.Scalar(UInt8(0x41 + scalar.value - 0x1F1E6))
        return Glyph(String(letter), width: 1)
      }
    }
    let sequence = scalars.contains {
      $0.value == 0x200D || $0.value == 0xFE0F || $0.value == 0x20E3
        || (0x1F3FB...0x1F3FF).contains($0.value) || (0xE0020...0xE007F).contains($0.value)
    }
    guard sequence, let first = scalars.first else { return nil }
    let width = cellWidth(first)
    return width > 0 ? [Glyph(String(first), width: width)] : [Glyph("\u{FFFD}", width: 1)]
  }

  /// Without a UTF-8 locale on the machine: wide for East Asian and emoji, 0 for marks.
  private static func fallbackWidth(_ scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    case .control: return -1
    default: return isWide(scalar.value) ? 2 : 1
    }
  }

  /// The width of a string.
  public static func of(_ text: String) -> Int {
    if isOneScalarPerCharacter(text) { return text.unicodeScalars.reduce(0) { $0 + of($1) } }
    return text.reduce(0) { $0 + of($1) }
  }

  /// The width of a scalar that is a character by itself.
  static func of(_ scalar: Unicode.Scalar) -> Int { singleGlyph(scalar)?.width ?? 0 }

  /// The longest prefix of `text` that fits in `width` cells, ending with `…` when cut.
  public static func truncate(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    if isOneScalarPerCharacter(text) {
      return truncate(text, text.unicodeScalars, to: width, widthOf: of) {
        $0.unicodeScalars.append($1)
      }
    }
    return truncate(text, text, to: width, widthOf: of) { $0.append($1) }
  }

  /// `truncate` of `text` taken as `parts`: its characters, or its scalars where each is one.
  private static func truncate<Parts: Sequence>(
    _ text: String, _ parts: Parts, to width: Int, widthOf: (Parts.Element) -> Int,
    append: (inout String, Parts.Element) -> Void
  ) -> String {
    if parts.reduce(0, { $0 + widthOf($1) }) <= width { return text }
    var result = ""
    var used = 0
    for part in parts {
      let w = widthOf(part)
      if used + w > width - 1 { break }
      append(&result, part)
      used += w
    }
    return result + "…"
  }

  /// `text` padded with spaces (or truncated) to exactly `width` cells.
  public static func pad(_ text: String, to width: Int) -> String {
    let cut = truncate(text, to: width)
    return cut + String(repeating: " ", count: max(0, width - of(cut)))
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
      0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
      0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
      0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E,
      0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
      0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
      0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
      0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
