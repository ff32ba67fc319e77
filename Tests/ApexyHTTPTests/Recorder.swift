import Foundation

/// A thread-safe list that completions and observers append to.
final class Recorder<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [Value] = []

  func append(_ value: Value) { lock.withLock { items.append(value) } }
  var values: [Value] { lock.withLock { items } }
}
