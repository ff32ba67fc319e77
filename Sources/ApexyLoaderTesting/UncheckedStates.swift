import Foundation

// What a recorder knows of the states after its last check, kept where its `deinit` (not
// isolated to the main actor) can read it.

/// Where a recorder was made or last checked, to report a failure found later.
struct CallLocation: Sendable {
  let fileID: String
  let filePath: StaticString
  let line: UInt
  let column: UInt
}

/// The states a recorder saw after its last check, as text, and where that check was.
struct UncheckedStates: Sendable {
  var states: [String] = []
  var location: CallLocation
  /// Whether the last state seen was `.loading`: a state that ends the load is still to come.
  var loading: Bool

  init(location: CallLocation, loading: Bool) {
    self.location = location
    self.loading = loading
  }

  /// "The loader passed through 1 state after the last expect that no expect checked: …"
  var trailingMessage: String {
    let count = states.count == 1 ? "1 state" : "\(states.count) states"
    return "The loader passed through \(count) after the last check that no expect checked "
      + "(expect them, or call finish() where nothing more may come):\n"
      + states.map { "    \($0)" }.joined(separator: "\n")
  }
}

/// ``UncheckedStates`` behind a lock: written on the main actor, read by the recorder's
/// `deinit`, which is not isolated.
final class UncheckedBox: @unchecked Sendable {
  // Safe: `value` is read and written only inside `withLock`, under `lock`.
  private let lock = NSLock()
  private var value: UncheckedStates

  init(_ value: UncheckedStates) {
    self.value = value
  }

  /// Runs `body` with the value, under the lock.
  func withLock<Result>(_ body: (inout UncheckedStates) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
