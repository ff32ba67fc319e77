/// `body` as a `@Sendable` closure, without the compiler's proof: the one place the libraries
/// hand a value the compiler cannot check to another thread.
///
/// Apexy's contract leaves endpoints, completion handlers, response observers and content
/// without `Sendable` (code written for the iOS library must keep compiling), yet a request's
/// are made on the caller's thread and used on the client's queues. Pass only a closure that
/// is called on one queue at a time and whose captures the thread that made it no longer
/// uses, and say at the call which queue that is.
///
/// Shared by the package's modules (`package` access); not part of the public API.
package func uncheckedSendable<each Input, Output>(
  _ body: @escaping (repeat each Input) -> Output
) -> @Sendable (repeat each Input) -> Output {
  // Safe by the callers' promise above: one queue at a time, captures no longer shared.
  nonisolated(unsafe) let body = body
  return { (input: repeat each Input) in body(repeat each input) }
}
