/// A box that declares its value `Sendable` without the compiler's proof, for one hop to another
/// queue where the value is used alone (a completion handler, a task, a result).
///
/// Shared by the package's modules (`package` access); not part of the public API.
package struct UncheckedSendableBox<Value>: @unchecked Sendable {
  /// The value carried.
  package let value: Value

  /// Wraps `value`.
  package init(_ value: Value) { self.value = value }
}
