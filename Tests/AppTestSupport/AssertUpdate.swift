import AppModel
import XCTest

/// Applies `event` to `state` and checks, as TCA's `TestStore` does, the commands `update`
/// returned and the whole next state, which `expect` makes from the state before: anything
/// else `update` changed fails, and the message names each field that differs.
///
/// - Parameters:
///   - state: The state before; the state after, on return.
///   - event: The event to apply.
///   - commands: The commands `update` must return, in order.
///   - lists: The names each pane must list after it (filtered and sorted), both panes at
///     once; `nil` to leave them unchecked. The lists are derived, so the state's `==` leaves
///     them out.
///   - message: Said in a failure, after what failed.
///   - file: The file of the call.
///   - line: The line of the call.
///   - expect: Changes a copy of the state before into the expected state after.
public func assertUpdate(
  _ state: inout AppState, _ event: AppEvent, commands: [Command],
  lists: [PaneID: [String]]? = nil, _ message: String = "",
  file: StaticString = #filePath, line: UInt = #line,
  _ expect: (inout AppState) -> Void = { _ in }
) {
  var expected = state
  expect(&expected)
  let actual = update(&state, event)
  XCTAssertEqual(actual, commands, "commands \(message)", file: file, line: line)
  XCTAssertTrue(
    state == expected, "the next state \(message): \(differences(state, expected))", file: file,
    line: line)
  if let lists {
    let listed = Dictionary(
      uniqueKeysWithValues: lists.keys.map { ($0, state.visibleRepositories($0).map(\.name)) })
    XCTAssertEqual(listed, lists, "the panes' lists \(message)", file: file, line: line)
  }
}

/// The fields of two states that differ, one line each ("focus: fetchList ≠ fetchButton"), for
/// failure messages that say what changed instead of printing two whole states.
public func differences(_ actual: AppState, _ expected: AppState) -> String {
  let left = Mirror(reflecting: actual).children
  let right = Dictionary(
    Mirror(reflecting: expected).children.map { ($0.label ?? "?", String(describing: $0.value)) },
    uniquingKeysWith: { first, _ in first })
  return left.compactMap { child -> String? in
    let label = child.label ?? "?"
    let value = String(describing: child.value)
    guard value != right[label] else { return nil }
    return "\(label): \(value) ≠ \(right[label] ?? "?")"
  }.joined(separator: "\n")
}
