import GitHubAPI

/// Typing and pasting into the list filter.
enum FilterEditing {
  /// A key while the filter is being typed: Esc clears and closes it, Enter keeps it,
  /// Backspace, Ctrl-U and Ctrl-W delete, characters are added; both lists go back to their
  /// first rows.
  static func key(_ key: Key, _ state: inout AppState) -> [Command] {
    switch key {
    case .escape:
      state.setFilter("")
      state.isEditingFilter = false
    case .enter:
      state.isEditingFilter = false
    case .backspace:
      state.setFilter(String(state.filter.dropLast()))
    case .clearLine:
      state.setFilter("")
    case .deleteWord:
      let kept = state.filter.reversed().drop { $0 == " " }.drop { $0 != " " }
      state.setFilter(String(kept.reversed()))
    case .character(let character):
      append(String(character), to: &state)
    default:
      break
    }
    resetLists(&state)
    return []
  }

  /// Adds typed or pasted text to the filter: controls and line breaks are dropped, and the
  /// filter keeps at most `AppState.filterLimit` characters.
  static func append(_ text: String, to state: inout AppState) {
    let kept = text.filter { character in
      !character.unicodeScalars.contains { TextSanitizer.isControl($0) }
    }
    let room = max(0, AppState.filterLimit - state.filter.count)
    guard room > 0, !kept.isEmpty else { return }
    state.setFilter(state.filter + kept.prefix(room))
    resetLists(&state)
  }

  private static func resetLists(_ state: inout AppState) {
    state.scroll = [.fetch: 0, .result: 0]
    state.lists.selected = [.fetch: 0, .result: 0]
  }
}
