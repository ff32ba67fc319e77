/// What a key does where it is pressed: the key table gives its action, and the screen in
/// front (too small, the filter, the key help, the detail view, the panes) decides whether
/// and how that action runs.
enum KeyInput {
  /// Applies `key` to the state; returns the commands it asks for.
  static func apply(_ key: Key, to state: inout AppState) -> [Command] {
    let action = state.keys.action(for: key)
    if let commands = always(action, key, &state) { return commands }
    if Layout.isTooSmall(state.size) { return [] }
    if state.ownerPrompt != nil { return OwnerPromptEditing.key(key, &state) }
    if state.isEditingFilter { return FilterEditing.key(key, &state) }
    if state.showHelp { return help(action, key, &state) }
    if state.lists.detail != nil { return detail(action, key, &state) }
    state.notice = nil
    guard let action else { return [] }
    if InspectorNavigation.take(action, &state) { return [] }
    return action.perform(on: &state)
  }

  /// Keys that act on every screen, the "terminal too small" one and the filter included:
  /// Ctrl-C, Ctrl-L and Ctrl-Z; and `q` on the too-small screen.
  private static func always(_ action: Action?, _ key: Key, _ state: inout AppState)
    -> [Command]?
  {
    switch action {
    case .repaint?, .suspend?:
      return action!.perform(on: &state)
    case .quit? where key == .interrupt:
      return [.quit(.success)]
    case .quit?
    where !state.isEditingFilter && state.ownerPrompt == nil
      && Layout.isTooSmall(state.size):
      return [.quit(.success)]
    default:
      return nil
    }
  }

  /// With the key help open: ↑↓ scroll it when it does not fit, F10 (a function key bound to
  /// quit) quits, any other key (`q` and Esc among them, as in less and htop, whatever they
  /// are bound to) closes it.
  private static func help(_ action: Action?, _ key: Key, _ state: inout AppState) -> [Command] {
    let maximum = HelpLayout.maximumScroll(state)
    let step: Int? =
      switch action {
      case .selectPrevious?: -1
      case .selectNext?: 1
      default: nil
      }
    if let step, maximum > 0 {
      state.helpScroll = min(maximum, max(0, state.helpScroll + step))
      return []
    }
    if action == .quit, key.isFunctionKey { return [.quit(.success)] }
    state.showHelp = false
    state.helpScroll = 0
    return []
  }

  /// With the detail view open: Esc, Enter, Backspace, `q` and any other quit key but a
  /// function key close it, `o` and `y` act on its repository, `?` and F1 open the key help
  /// over it (as the status bar says), F10 (a function key bound to quit) quits, ↑↓ and the
  /// page keys scroll it where it does not fit; every other key is ignored.
  private static func detail(_ action: Action?, _ key: Key, _ state: inout AppState)
    -> [Command]
  {
    state.notice = nil
    if [.escape, .enter, .backspace, .character("q")].contains(key)
      || (action == .quit && !key.isFunctionKey)
    {
      return ListKeys.closeDetail(&state)
    }
    let step: (lines: Int, pages: Int)? =
      switch action {
      case .selectPrevious?: (-1, 0)
      case .selectNext?: (1, 0)
      case .pageUp?: (0, -1)
      case .pageDown?: (0, 1)
      default: nil
      }
    if let step {
      let scroll = DetailLayout.scrolled(state, by: step)
      state.lists.detail?.scroll = scroll
      return []
    }
    switch action {
    case .openInBrowser?, .copyAddress?, .showKeys?, .quit?: return action!.perform(on: &state)
    default: return []
    }
  }
}
