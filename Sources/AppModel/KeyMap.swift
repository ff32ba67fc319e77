/// The keys as bound: `KeyBinding.all`, with the actions the config file rebinds
/// (`--key quit=Q`) on their new keys. The update acts on what it gives a key; the status bar,
/// the key help, `--help`, the manual page and the completions show it.
public struct KeyMap: Sendable, Equatable {
  /// The rows, in the order help lists them, each with the keys as bound.
  public private(set) var rows: [KeyBinding]
  /// Every key's action.
  private var actions: [Key: Action]

  /// The keys as the app ships them.
  public static let standard = KeyMap(rows: KeyBinding.all)

  private init(rows: [KeyBinding]) {
    self.rows = rows
    actions = Dictionary(
      rows.flatMap(\.presses).map { ($0.key, $0.action) }, uniquingKeysWith: { first, _ in first })
  }

  /// What `key` does, `nil` for a key the app does not answer to.
  public func action(for key: Key) -> Action? {
    actions[key]
  }

  /// The keys that do `action`, in the order help lists them.
  public func keys(of action: Action) -> [Key] {
    rows.flatMap(\.presses).filter { $0.action == action }.map(\.key)
  }

  /// The row that opens the key help: the narrowest status bar shows only its hint.
  public var showKeys: KeyBinding {
    rows.first { $0.presses.contains { $0.action == .showKeys } } ?? KeyBinding.showKeys
  }

  /// Whether the keys differ from the shipped ones.
  public var isRebound: Bool { self != .standard }

  /// Why a key cannot be bound, `nil` when it can: Ctrl-C always quits.
  public static func refusal(binding key: Key, to action: Action) -> String? {
    key == .interrupt && action != .quit ? "Ctrl-C always quits; choose another key" : nil
  }

  /// These keys with `action` on `keys` instead of its own (Ctrl-C stays on quit). A key that
  /// another action also has keeps both until `conflicts` says so.
  public func binding(_ action: Action, to keys: [Key]) -> KeyMap {
    var keys = keys.reduce(into: [Key]()) { if !$0.contains($1) { $0.append($1) } }
    if action == .quit, !keys.contains(.interrupt) { keys.append(.interrupt) }
    var placed = false
    let rows = self.rows.map { row in
      guard let first = row.presses.firstIndex(where: { $0.action == action }) else { return row }
      var presses = row.presses
      presses.removeAll { $0.action == action }
      if !placed {
        let pressed = keys.map { KeyBinding.Press(key: $0, action: action) }
        presses.insert(contentsOf: pressed, at: min(first, presses.count))
        placed = true
      }
      return row.with(presses: presses)
    }
    return KeyMap(rows: rows)
  }

  /// The first key bound to two actions, with both; `nil` when every key does one thing.
  public var conflict: (key: Key, actions: [Action])? {
    var seen: [Key: Action] = [:]
    for press in rows.flatMap(\.presses) {
      if let earlier = seen[press.key], earlier != press.action {
        return (press.key, [earlier, press.action])
      }
      seen[press.key] = press.action
    }
    return nil
  }
}
