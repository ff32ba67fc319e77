import AppModel
import Foundation

extension AppLoop {
  /// Queues a change of the shown owner's loaders. Headless `--trace` prints each request's
  /// end before the state it brought: the client reports a request's end before it hands the
  /// response on, but on a queue of its own, so the change waits for the events reported
  /// before it, each already on its way to the main queue.
  func postLoaderChange(_ event: AppEvent) {
    guard state.rounds.waitsForRequests else { return post(event) }
    requestEvents.afterDelivered { [weak self] in
      DispatchQueue.main.async { self?.post(event) }
    }
  }

  /// Cancels the shown loaders' requests in flight; each then reports its end. Should one
  /// not, `code` stops the loop again a second later, which quits.
  func cancelRequests(orStopAfterASecond code: ExitCode) {
    shown.owner.progress?.cancel()
    shown.repositories.progress?.cancel()
    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in
      self?.post(.stop(code))
    }
  }
}
