/// One row of the key table: the keys as the user types them, what they do, and whether and
/// how the status bar hints at them. The help overlay, the status bar, `--help` and README's
/// Keys section all render from `KeyBinding.all`; `update` is what acts on the keys.
public struct KeyBinding: Sendable, Equatable {
  /// The keys, each doing the same thing.
  public let keys: [Key]
  /// What they do, as a short sentence without a final stop.
  public let action: String
  /// The status bar's word for it ("fetch" in "f fetch"); `nil` when the status bar leaves it out.
  public let hint: String?
  /// Whether the key works only with the built-in server (the status bar hides it otherwise).
  public let builtInServerOnly: Bool

  /// Creates a row.
  public init(_ keys: [Key], _ action: String, hint: String? = nil, builtInServerOnly: Bool = false)
  {
    self.keys = keys
    self.action = action
    self.hint = hint
    self.builtInServerOnly = builtInServerOnly
  }

  /// The keys as shown to the user: "f, Enter".
  public var label: String { keys.map(Self.name).joined(separator: ", ") }

  /// The key that opens the key help; the narrowest status bar shows only its hint.
  public static let showKeys = KeyBinding([.character("?")], "show all keys", hint: "keys")

  /// Every key the app answers to, in the order help lists them.
  public static let all: [KeyBinding] = [
    KeyBinding([.character("f")], "fetch the organization and its repositories", hint: "fetch"),
    KeyBinding([.character("r")], "reload the repositories only", hint: "reload"),
    KeyBinding([.enter], "details of the selected row (Esc closes); fetch on [ Fetch ]"),
    KeyBinding([.tab, .right, .character("l")], "focus the next element"),
    KeyBinding([.backTab, .left, .character("h")], "focus the previous element"),
    KeyBinding([.up, .down, .character("j"), .character("k")], "move the selection"),
    KeyBinding([.pageUp, .pageDown], "move the selection a page"),
    KeyBinding(
      [.home, .end, .character("g"), .character("G")], "select the first or the last repository"),
    KeyBinding([.character("s")], "sort both lists by name, stars, last push, or as listed"),
    KeyBinding([.character("i")], "show or hide the inspector: loaders, observers, requests"),
    KeyBinding(
      [.character("["), .character("]")], "scroll the request log (and ↑↓ in the inspector tab)"),
    KeyBinding([.character("o")], "open the selected repository's page in the browser"),
    KeyBinding([.character("y")], "copy the selected repository's address (OSC 52)"),
    KeyBinding(
      [.character("/")],
      "filter name/language/description; Enter keeps, Esc clears",
      hint: "filter"),
    KeyBinding(
      [.character("x")], "simulated outage on or off (built-in server)", hint: "outage",
      builtInServerOnly: true),
    showKeys,
    KeyBinding([.repaint], "repaint the whole screen"),
    KeyBinding([.suspend], "suspend to the shell (fg comes back)"),
    KeyBinding([.character("q"), .interrupt], "quit", hint: "quit"),
  ]

  /// A key's name as printed on keyboards and in help: "Enter", "Shift-Tab", "↑", "q".
  public static func name(_ key: Key) -> String {
    switch key {
    case .character(let character): String(character)
    case .enter: "Enter"
    case .escape: "Esc"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .backspace: "Backspace"
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .home: "Home"
    case .end: "End"
    case .interrupt: "Ctrl-C"
    case .delete: "Delete"
    case .insert: "Insert"
    case .function(let number): "F\(number)"
    case .alt(let character): "Alt-\(character)"
    case .repaint: "Ctrl-L"
    case .suspend: "Ctrl-Z"
    case .clearLine: "Ctrl-U"
    case .deleteWord: "Ctrl-W"
    }
  }
}
