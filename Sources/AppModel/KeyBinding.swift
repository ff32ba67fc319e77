/// One row of the key table: the keys as the user types them, the action each does, what the
/// row does in words, and whether and how the status bar hints at it. The help overlay, the
/// status bar, `--help` and README's Keys section render from `KeyBinding.all` as `KeyMap`
/// binds it, and `update` acts on the action the map gives a key.
public struct KeyBinding: Sendable, Equatable {
  /// One key of the row and the action it does.
  public struct Press: Sendable, Equatable {
    /// The key.
    public let key: Key
    /// What it does.
    public let action: Action
  }

  /// The keys, in the order help lists them, each with its action.
  public let presses: [Press]
  /// What they do, as a short sentence without a final stop.
  public let summary: String
  /// The status bar's word for it ("fetch" in "f fetch"); `nil` when the status bar leaves it out.
  public let hint: String?
  /// Whether the key works only with the built-in server (the status bar hides it otherwise).
  public let builtInServerOnly: Bool
  /// Whether the status bar's hint of the key is the first to go where the bar is short.
  public let hintIsMinor: Bool

  /// A row whose keys each do `action`.
  public init(
    _ keys: [Key], _ action: Action, _ summary: String, hint: String? = nil,
    builtInServerOnly: Bool = false, hintIsMinor: Bool = false
  ) {
    self.init(
      keys.map { ($0, action) }, summary, hint: hint, builtInServerOnly: builtInServerOnly,
      hintIsMinor: hintIsMinor)
  }

  /// A row whose keys do different actions (↑ and ↓).
  public init(
    _ presses: [(Key, Action)], _ summary: String, hint: String? = nil,
    builtInServerOnly: Bool = false, hintIsMinor: Bool = false
  ) {
    self.init(
      presses: presses.map { Press(key: $0.0, action: $0.1) }, summary: summary, hint: hint,
      builtInServerOnly: builtInServerOnly, hintIsMinor: hintIsMinor)
  }

  /// A row from its parts.
  private init(
    presses: [Press], summary: String, hint: String?, builtInServerOnly: Bool, hintIsMinor: Bool
  ) {
    self.presses = presses
    self.summary = summary
    self.hint = hint
    self.builtInServerOnly = builtInServerOnly
    self.hintIsMinor = hintIsMinor
  }

  /// This row with other keys: what `KeyMap` rebinds.
  func with(presses: [Press]) -> KeyBinding {
    KeyBinding(
      presses: presses, summary: summary, hint: hint, builtInServerOnly: builtInServerOnly,
      hintIsMinor: hintIsMinor)
  }

  /// The keys of the row.
  public var keys: [Key] { presses.map(\.key) }

  /// The keys as shown to the user: "f, Enter".
  public var label: String { keys.map(Self.name).joined(separator: ", ") }

  /// The key that opens the key help; the narrowest status bar shows only its hint.
  public static let showKeys = KeyBinding(
    [.character("?"), .function(1)], .showKeys, "show all keys", hint: "keys")

  /// Every key the app answers to, in the order help lists them.
  public static let all: [KeyBinding] = [
    KeyBinding(
      [.character("f")], .fetch, "fetch the owner and its repositories", hint: "fetch"),
    KeyBinding(
      [.character("r")], .reloadRepositories, "reload the repositories only", hint: "reload"),
    KeyBinding(
      [.character("@")], .openOwner,
      "show another organization or user; Tab completes, Esc closes",
      hint: "owner"),
    KeyBinding([.character("-")], .previousOwner, "back to the owner shown before"),
    KeyBinding(
      [.enter], .openDetail, "details of the selected row (Esc closes); fetch on [ Fetch ]"),
    KeyBinding([.tab, .right, .character("l")], .focusNext, "focus the next element"),
    KeyBinding([.backTab, .left, .character("h")], .focusPrevious, "focus the previous element"),
    KeyBinding(
      [
        (.up, .selectPrevious), (.down, .selectNext), (.character("j"), .selectNext),
        (.character("k"), .selectPrevious),
      ], "move the selection"),
    KeyBinding([(.pageUp, .pageUp), (.pageDown, .pageDown)], "move the selection a page"),
    KeyBinding(
      [
        (.home, .selectFirst), (.end, .selectLast), (.character("g"), .selectFirst),
        (.character("G"), .selectLast),
      ], "select the first or the last repository"),
    KeyBinding(
      [.character("s")], .cycleSort, "sort both lists by name, stars, last push, or as listed"),
    KeyBinding([.character("S")], .reverseSort, "sort the other way"),
    KeyBinding(
      [.character("i")], .toggleInspector,
      "show or hide the inspector: loaders, observers, requests"),
    KeyBinding(
      [(.character("["), .scrollLogOlder), (.character("]"), .scrollLogNewer)],
      "scroll the request log (and ↑↓ in the inspector tab)"),
    KeyBinding(
      [.character("o")], .openInBrowser, "open the selected repository's page in the browser"),
    KeyBinding(
      [.character("y")], .copyAddress, "copy the selected repository's address (OSC 52)"),
    KeyBinding(
      [.character("/")], .editFilter,
      "filter name/language/description; Enter keeps, Esc clears", hint: "filter",
      hintIsMinor: true),
    KeyBinding(
      [(.character("n"), .nextMatch), (.character("N"), .previousMatch)],
      "the next or the previous row the filter matched"),
    KeyBinding(
      [.character("x")], .toggleOutage, "simulated outage on or off (built-in server)",
      hint: "outage", builtInServerOnly: true, hintIsMinor: true),
    showKeys,
    KeyBinding([.repaint], .repaint, "repaint the whole screen"),
    KeyBinding([.suspend], .suspend, "suspend to the shell (fg comes back)"),
    KeyBinding([.character("q"), .function(10), .interrupt], .quit, "quit", hint: "quit"),
  ]

  /// A key's name as printed on keyboards and in help: "Enter", "Shift-Tab", "↑", "q".
  public static func name(_ key: Key) -> String {
    switch key {
    case .character(" "): "Space"
    case .character(","): "Comma"
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
    case .alt(","): "Alt-Comma"
    case .alt(let character): "Alt-\(character)"
    case .repaint: "Ctrl-L"
    case .suspend: "Ctrl-Z"
    case .clearLine: "Ctrl-U"
    case .deleteWord: "Ctrl-W"
    }
  }
}
