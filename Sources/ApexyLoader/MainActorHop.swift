import Foundation

/// Runs `body` on the main actor: at once when called on the main thread (so a loader's state
/// changes inside the call that asked for it), else as the main queue's next work.
///
/// The one place the loaders assert their isolation by hand: a client completes, a `Progress`
/// is cancelled, an observation is released, on whichever thread its caller is.
func onMainActor(_ body: @escaping @MainActor () -> Void) {
  guard Thread.isMainThread else { return DispatchQueue.main.async { body() } }
  // Safe: this is the main thread, which runs the main actor's work (checked again at run time).
  MainActor.assumeIsolated(body)
}
