/// `body` as a `@Sendable` closure, without the compiler's proof: the one place the libraries
/// hand another thread a value the compiler cannot check.
///
/// Apexy's contract leaves endpoints, completion handlers, response observers and content
/// without `Sendable` (code written for the iOS library must keep compiling), yet a request's
/// are made on the caller's thread and used on the client's queues. Pass only a closure whose
/// captures one thread at a time uses once it is handed over (it runs on one queue, and its
/// maker lets go of them), or that reaches other threads only where they are `Sendable`; say
/// at the call which queue or conformance makes that so.
///
/// Shared by the package's modules (`package` access); not part of the public API.
package func uncheckedSendable<each Input, Output>(
  _ body: @escaping (repeat each Input) -> Output
) -> @Sendable (repeat each Input) -> Output {
  // Safe by each caller's promise above: what `body` captures, one thread at a time uses.
  nonisolated(unsafe) let body = body
  return { (input: repeat each Input) in body(repeat each input) }
}
