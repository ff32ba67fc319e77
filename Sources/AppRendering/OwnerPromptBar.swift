import AppModel

/// The owner prompt, drawn over the status bar: what is typed, then what is wrong with it or
/// the recent owners Tab completes from.
enum OwnerPromptBar {
  /// The prompt's label.
  static let label = " Owner: "

  /// The fewest columns of the typed text a problem leaves in view (its end, with the cursor).
  static let minimumTyped = 12

  /// Draws `prompt` in `rect`; the end of a text too long for the row stays in view. A problem
  /// takes the widest of its forms that fits beside the typed text (at least its last
  /// `minimumTyped` columns), so what to do stays in view; the narrowest is cut where none fits.
  static func draw(_ prompt: OwnerPrompt, recent: [String], in rect: Rect, into grid: inout Grid) {
    let cursor = "▏"
    let labelWidth = TextWidth.of(label)
    let available = max(0, rect.width - labelWidth - TextWidth.of(cursor))
    let typedWidth = min(TextWidth.of(prompt.text), minimumTyped)
    let problem = prompt.problems.first { typedWidth + 2 + TextWidth.of($0) <= available }
    let room =
      problem.map { available - 2 - TextWidth.of($0) }
      ?? (prompt.problems.isEmpty ? available : typedWidth)
    let typed = tail(prompt.text, width: room)
    var x = rect.x + grid.put(label, x: rect.x, y: rect.y, style: .statusBar)
    x += grid.put(typed + cursor, x: x, y: rect.y, style: .statusBar)
    let after: String
    if let shown = problem ?? prompt.problems.last {
      after = "  " + shown
    } else if !recent.isEmpty {
      after = "  recent: " + recent.joined(separator: " ") + "  (Tab, Esc)"
    } else {
      after = "  Enter shows it, Esc closes"
    }
    let left = rect.right + 1 - x
    guard left > 0 else { return }
    grid.put(
      TextWidth.truncate(after, to: left), x: x, y: rect.y,
      style: prompt.problem == nil ? .statusBar : .error)
  }

  /// The end of `text` that fits in `width` columns.
  private static func tail(_ text: String, width: Int) -> String {
    var kept = ""
    var used = 0
    for character in text.reversed() {
      let wide = TextWidth.of(String(character))
      guard used + wide <= width else { break }
      kept.insert(character, at: kept.startIndex)
      used += wide
    }
    return kept
  }
}
