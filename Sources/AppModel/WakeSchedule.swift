import Foundation

/// The app's one timer, decided by `update` alone.
enum WakeSchedule {
  /// A spinner frame while anything loads, or the next whole second of a retry countdown if
  /// sooner; else the moment a status-bar age ("20s ago") would read differently or content
  /// turns stale; else none. Headless (planned rounds), none ever: the transcript prints what
  /// the loaders do, and nothing in it changes with time, so a wake would only cost CPU (ten a
  /// second while a request waits). Returns the command when that differs from the wake asked
  /// for.
  static func next(_ state: inout AppState) -> [Command] {
    let statuses = [state.owner.status, state.repositories.status]
    let desired: Date?
    if state.rounds.planned != nil {
      desired = nil
    } else if state.isLoading {
      // The spinner's next frame: the wake asked for when it is that soon, else a new one (a
      // wake asked for before loading began is an age's, seconds or hours away).
      let frame = state.now.addingTimeInterval(Spinner.interval)
      let spinner = state.pendingWake.flatMap { $0 <= frame ? $0 : nil } ?? frame
      let countdown = statuses.compactMap { $0.retry?.nextChange(after: state.now) }.min()
      desired = min(spinner, countdown ?? spinner)
    } else {
      let cache = state.cache
      let ages = [
        state.owner.succeededAt, state.repositories.succeededAt,
        cache.ownerRestoredAt, cache.repositoriesRestoredAt,
      ]
      .compactMap { $0.map { AgeLabel.nextChangeDate(since: $0, now: state.now) } }
      desired = (ages + statuses.compactMap { $0.staleDate(after: state.now) }).min()
    }
    guard desired != state.pendingWake else { return [] }
    state.pendingWake = desired
    return [desired.map { .wake(at: $0) } ?? .cancelWake]
  }
}
