/// Keys read from their names, as the config file's `--key` writes them and help prints them.
extension Key {
  /// Names of keys without a character of their own, lowercased, as `--key` takes them.
  private static let named: [String: Key] = [
    "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape, "tab": .tab,
    "shift-tab": .backTab, "backtab": .backTab, "backspace": .backspace, "up": .up, "↑": .up,
    "down": .down, "↓": .down, "left": .left, "←": .left, "right": .right, "→": .right,
    "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
    "home": .home, "end": .end, "delete": .delete, "del": .delete, "insert": .insert,
    "ins": .insert, "ctrl-c": .interrupt, "ctrl-l": .repaint, "ctrl-z": .suspend,
    "ctrl-u": .clearLine, "ctrl-w": .deleteWord, "space": .character(" "),
    "comma": .character(","),
  ]

  /// The key called `name`: one printable character (`q`, `?`), a name as help prints it
  /// (`Enter`, `PgDn`, `F5`, `Alt-x`, `Ctrl-L`; any case), `Space` or `Comma`; `nil` for none.
  public init?(name: String) {
    if let key = Self.named[name.lowercased()] {
      self = key
      return
    }
    if name.count == 1, let character = name.first {
      guard character.unicodeScalars.allSatisfy({ $0.properties.generalCategory.isPrintable })
      else { return nil }
      self = .character(character)
      return
    }
    let lowered = name.lowercased()
    if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...12).contains(number),
      !lowered.dropFirst().hasPrefix("0"), !lowered.dropFirst().hasPrefix("+")
    {
      self = .function(number)
    } else if lowered == "alt-comma" || lowered == "alt-space" {
      self = .alt(lowered == "alt-comma" ? "," : " ")
    } else if lowered.hasPrefix("alt-"), name.count == 5, let character = name.last,
      character.unicodeScalars.allSatisfy({ $0.properties.generalCategory.isPrintable }),
      character != " "
    {
      self = .alt(character)
    } else {
      return nil
    }
  }
}

extension Unicode.GeneralCategory {
  /// Whether characters of this category are drawn: letters, marks, numbers, punctuation,
  /// symbols and the space; not controls, format characters or separators of lines.
  var isPrintable: Bool {
    switch self {
    case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator,
      .paragraphSeparator:
      false
    default: true
    }
  }
}

extension Key {
  /// Whether the key is a function key, F1 to F12: the only quit keys that quit from an
  /// overlay (any other closes it).
  public var isFunctionKey: Bool {
    if case .function = self { return true }
    return false
  }
}
