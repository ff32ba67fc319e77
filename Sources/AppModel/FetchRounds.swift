/// The fetches the app asked for (what the Fetch button does), counted so the built-in server
/// can fail a chosen one (`--fail round=2`); headless, also how many to make before quitting.
public struct FetchRounds: Sendable, Equatable {
  /// How many fetches were asked for so far.
  public internal(set) var fetches = 0
  /// Headless: fetch this many times, each after the one before settled, then quit; `nil` in
  /// the terminal UI, where the user fetches.
  public var planned: Int?
  /// Headless `--trace`: quit only once no request is in flight, so every request's end line
  /// is printed before the summary.
  public var waitsForRequests = false
  /// Whether a loader was seen loading since the last fetch: until then the fetch has not
  /// started, whatever the states say.
  public internal(set) var started = false
  /// Whether the planned fetches all settled and the app quit because of it.
  public internal(set) var isComplete = false
  /// Headless `--trace`, once the loaders settled with no request in flight: whether the app
  /// waits for, or has, every request event the client reported so far.
  var drain = EventDrain.notAsked
  /// Headless `--trace` stopped (a signal) with requests in flight: the exit code to quit with
  /// once their cancelled ends are printed.
  var stopping: ExitCode?

  /// Where the wait for the client's last request events is.
  enum EventDrain: Sendable, Equatable {
    case notAsked, asked, done
  }

  /// No fetch yet; `planned` fetches to make (headless), or none planned.
  public init(planned: Int? = nil, waitsForRequests: Bool = false) {
    self.planned = planned
    self.waitsForRequests = waitsForRequests
  }

  /// The round in progress, from 1 (also before the first fetch).
  public var round: Int { max(1, fetches) }

  /// Counts a fetch and returns its command; when both loaders are loading already the fetch
  /// joins them, and no new round starts.
  mutating func fetch(bothLoading: Bool) -> [Command] {
    guard !bothLoading else { return [.fetchBoth(round: round)] }
    fetches += 1
    started = false
    drain = .notAsked
    return [.fetchBoth(round: fetches)]
  }

  /// What a planned run does after `state` changed: nothing while the fetch runs; the next
  /// fetch once both loaders settled; quitting after the last one, with 0 when the merged
  /// state is a success and 1 otherwise.
  static func next(_ state: inout AppState) -> [Command] {
    guard let planned = state.rounds.planned, state.rounds.fetches > 0, !state.rounds.isComplete,
      state.rounds.stopping == nil
    else { return [] }
    let organization = state.owner.state
    let repositories = state.repositories.state
    if organization.isLoading || repositories.isLoading { state.rounds.started = true }
    let merged = state.merged
    guard state.rounds.started, !merged.isLoading, !organization.isLoading,
      !repositories.isLoading
    else { return [] }
    if case .initial = merged { return [] }
    if state.rounds.waitsForRequests {
      if state.inspector.inFlight > 0 { return [] }
      // The client hears its requests on a queue of its own, so the loaders can settle before
      // the last request's events arrive (it was not seen in flight yet): those come first.
      switch state.rounds.drain {
      case .notAsked:
        state.rounds.drain = .asked
        return [.drainRequestEvents]
      case .asked: return []
      case .done: break
      }
    }
    if state.rounds.fetches < planned { return state.rounds.fetch(bothLoading: false) }
    state.rounds.isComplete = true
    if case .success = merged { return [.quit(.success)] }
    return [.quit(.failure)]
  }
}
