import CStackProbe
import Locking

/// Measures how much deeper a call runs after it was made many times: a function value that
/// gains a wrapper on each read (a closure behind a generic lock) runs one frame deeper per
/// wrapper, and its stack grows until it overflows.
public final class StackProbe: Sendable {
  /// The depth `record()` saw last, in bytes below the probe's own frame.
  private let lastDepth = Locked<Int>(0)
  private let base: UInt

  /// A probe measuring from the caller's frame.
  public init() {
    base = Self.address()
  }

  /// Notes how deep the stack is here: call it inside the function under test.
  public func record() {
    let depth = Int(bitPattern: base &- Self.address())
    lastDepth.withLock { $0 = depth }
  }

  /// Runs `readAndCall` `times` times (each should read the stored function and call it, which
  /// calls `record()`) and returns how many bytes deeper the deepest call ran than the first.
  /// Stops as soon as a call runs `limit` bytes deeper, so a growing chain fails fast instead
  /// of overflowing the stack.
  public func growth(over times: Int, limit: Int = 64 << 10, _ readAndCall: () -> Void) -> Int {
    readAndCall()
    let first = lastDepth.withLock { $0 }
    var deepest = first
    for _ in 1..<times {
      readAndCall()
      deepest = max(deepest, lastDepth.withLock { $0 })
      if deepest - first >= limit { break }
    }
    return deepest - first
  }

  /// An address in the frame of a function this calls: a deeper frame has a lower one.
  @inline(never)
  private static func address() -> UInt {
    UInt(cstackprobe_frame())
  }
}
