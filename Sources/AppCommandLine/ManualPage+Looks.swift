import AppModel

extension ManualPage {
  /// The section on themes, colours and keys of one's own.
  static func looks() -> [String] {
    let elements = Theme.Element.allCases.map { text($0.rawValue) }.joined(separator: ", ")
    let themes = Theme.builtIn.map { ".Cm \(text($0.name))" }
    return [
      ".Sh COLOURS AND KEYS",
      "The colours start from a built-in theme,",
      themes[0],
      "(the default) or",
      themes[1],
      "for light backgrounds, chosen with",
      ".Fl \\-theme .",
      ".Fl \\-color Ar ELEMENT Ns = Ns Ar COLOR Ns Op / Ns Ar BACKGROUND",
      "colours one element over the theme; the elements are \(elements).",
      "A colour is",
      ".Cm default",
      "(the terminal's own), \(ThemeColor.names.joined(separator: ", ")), one of them after",
      ".Cm bright- ,",
      "or a number of the 256-colour palette, 0 to 255; a terminal with fewer colours draws",
      "bright ones in their basic colour and numbers past its palette in the basic colour",
      "nearest them.",
      "NO_COLOR and",
      ".Fl \\-no-color",
      "turn every colour off, theme and all.",
      ".Pp",
      ".Fl \\-key Ar ACTION Ns = Ns Ar KEY Ns Op , Ns Ar KEY ...",
      "gives an action of",
      ".Sx KEYS",
      "these keys instead of its own; each key there says its action's name.",
      "A key is one character, Space, Comma, or a name as",
      ".Sx KEYS",
      "writes it (Enter, Tab, PgDn, F5, Alt-x, Ctrl-L), in any case.",
      "Ctrl-C always quits.",
      "A key left on two actions is an error at the line that bound it last, and",
      "an unknown action or key is one at its own line.",
      "Lines of",
      ".Fl \\-key",
      "and",
      ".Fl \\-color",
      "add up: the command line's add to the file's.",
      "The key help,",
      ".Fl \\-help",
      "and",
      ".Ic loader-tui manual",
      "show the keys as bound.",
      ".Bd -literal -offset indent",
      text("--theme light"),
      text("--color status-bar=white/24"),
      text("--key quit=Q"),
      text("--key sort=o,F5"),
      ".Ed",
    ]
  }
}
