import ApexyLoader
import AppModel
import Foundation

/// Builds the transitions of one state.
struct Describe {
  let state: AppState
  let time: TimeInterval
  let round: Int

  /// The app's one-line error, with the program's advice; the repositories' error (also as
  /// the merge's, unless the organization failed) says how far a load that stopped part-way
  /// got; `retrying`, of a failure about to be retried.
  static func errorLine(
    _ state: AppState, _ subject: TransitionSubject = .merged, retrying: Bool = false
  ) -> (Error) -> String {
    let ofRepositories =
      subject == .repositories || (subject == .merged && state.owner.state.error == nil)
    return { error in
      state.errorLine(
        for: error, ofRepositories: ofRepositories, headless: true, retrying: retrying)
    }
  }

  /// A loader's line: not modified, rate limit, the retry it waits for, and its age when the
  /// content was restored from the cache.
  func loader<T>(
    _ slot: LoaderSlot<T>, _ subject: TransitionSubject, describe: (T) -> (String?, [String]?)
  ) -> Transition {
    var line = transition(slot.state, subject, describe: describe)
    if case .success = slot.state {
      line.notModified = slot.status.freshness.wasNotModified
      line.cachedAge = slot.restoredAt.map { state.now.timeIntervalSince($0) }
    }
    line.rateLimit = slot.status.rateLimit
    line.ownerIsUser = subject == .owner && state.ownerKind == .user
    if subject == .repositories {
      line.readPartWay = (state.pagesStopped?.pagesRead ?? 0) > 0
      line.pages = state.pagesStopped ?? (state.capNotice == nil ? nil : slot.status.pages)
    }
    if let retry = slot.status.retry, slot.state.isLoading, let error = retryError(subject) {
      line.retry = TransitionRetry(
        retry: retry.retry, maxRetries: retry.maxRetries,
        wait: max(0, retry.nextAttempt.timeIntervalSince(state.now)), error: error)
    }
    return line
  }

  /// The line for a page of the repositories read: the pages and the rows so far, never the
  /// rows themselves (the output stays linear in the rows).
  func page(_ pages: PageProgress) -> Transition {
    var line = Transition(time: time, round: round, subject: .repositories, stateCase: .loading)
    line.pages = pages
    line.rateLimit = state.repositories.status.rateLimit
    return line
  }

  /// The merged line: not modified when both loaders were, and the older age when both were
  /// restored from the cache.
  func merged() -> Transition {
    let merged = state.merged
    var line = transition(merged, .merged) {
      ($0.owner.rawDisplayName, $0.repositories.map(\.rawName))
    }
    // The merge's error is the repositories' unless the organization failed.
    line.readPartWay = state.owner.state.error == nil && (state.pagesStopped?.pagesRead ?? 0) > 0
    if case .success = merged {
      line.notModified =
        state.owner.status.freshness.wasNotModified
        && state.repositories.status.freshness.wasNotModified
      if let organization = state.owner.restoredAt,
        let repositories = state.repositories.restoredAt
      {
        line.cachedAge = state.now.timeIntervalSince(min(organization, repositories))
      }
    }
    return line
  }

  private func retryError(_ subject: TransitionSubject) -> String? {
    let status = subject == .owner ? state.owner.status : state.repositories.status
    return status.retry?.error.map(Self.errorLine(state, subject, retrying: true))
  }

  private func transition<T>(
    _ loading: LoadingState<T>, _ subject: TransitionSubject,
    describe: (T) -> (String?, [String]?)
  ) -> Transition {
    TransitionFormatter.transition(
      loading, subject: subject, time: time, round: round,
      errorLine: Self.errorLine(state, subject), describe: describe)
  }
}
