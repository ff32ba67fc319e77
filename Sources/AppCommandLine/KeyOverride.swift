import AppModel

/// One `--key ACTION=KEYS`: the action, its new keys, and the config file line it came from.
public struct KeyOverride: Sendable, Equatable {
  /// The action rebound.
  public let action: Action
  /// Its keys from now on.
  public let keys: [Key]
  /// The argument as given (`sort=o,F5`), which errors repeat.
  public let text: String
  /// `FILE:LINE` of the config file line, `nil` on the command line.
  public let origin: String?
}

extension Options {
  /// The colours: `--theme`'s built-in theme with `--color`'s over it.
  public var theme: Theme {
    colors.reduce(Theme.named(themeName) ?? .dark) { $0.painting($1.key, $1.value) }
  }

  /// The keys as `--key` binds them, each action on the keys its last `--key` gives.
  public var keys: KeyMap {
    keyOverrides.reduce(KeyMap.standard) { $0.binding($1.action, to: $1.keys) }
  }

  /// Throws when `--key` leaves a key on two actions, naming the line that bound it last.
  func checkKeys() throws(UsageError) {
    guard let conflict = keys.conflict else { return }
    let name = KeyBinding.name(conflict.key)
    let culprit = keyOverrides.last { $0.keys.contains(conflict.key) }
    let other = conflict.actions.first { $0 != culprit?.action } ?? conflict.actions[0]
    let message =
      "--key \(culprit?.text ?? ""): \(name) is \(other.name)'s key too; bind \(other.name) to"
      + " another key (--key \(other.name)=…) or choose another for"
      + " \(culprit?.action.name ?? conflict.actions[1].name)."
    throw UsageError(description: (culprit?.origin.map { "\($0): " } ?? "") + message)
  }
}
