import ApexyLoader
import AppModel
import Foundation
import GitHubAPI

/// The one serial event loop, for both backends of the app: takes one event at a time, calls
/// `update`, performs the commands it returned, then hands the new state to its backend (a
/// frame on the terminal, transition lines in the transcript). Loader observers only queue
/// events, which the loop takes on the main queue's next turn; it never runs inside a
/// loader's notification.
@MainActor
public final class AppLoop {
  /// The state after the last event.
  public private(set) var state: AppState
  /// The exit code, once a command quit.
  public private(set) var exitCode: ExitCode?

  private let backend: any AppBackend
  private let loaders: GitHubLoaders
  let requestEvents: RequestEventRelay
  private let scheduler: any WakeScheduler
  private let clock: () -> Date
  private let effects: AppEffects
  private var queue: [AppEvent] = []
  private var isRunning = false
  private var drainScheduled = false
  /// The owner both panes show, and the loop's feeds of its two loaders.
  private(set) var shown: OwnerLoaders
  private var ownerFeed: LoaderFeed<Owner>?
  private var repositoriesFeed: LoaderFeed<RepositoryList>?
  private var detailFeed: LoaderFeed<Repository>?
  /// The loop's observations of both stores: what they keep reaches the inspector as it changes.
  private var storeObservations: [LoaderObservation] = []
  private var finished: CheckedContinuation<ExitCode, Never>?
  /// When a frame of pages read may be drawn, on a backend that coalesces.
  private let pace: FramePace

  /// A loop over `loaders` showing each state on `backend`, and the requests `requestEvents`
  /// reports; `clock` stamps loader changes, `pageScheduler` draws pages late (`FramePace`).
  public init(
    state: AppState, backend: any AppBackend, loaders: GitHubLoaders,
    requestEvents: RequestEventRelay, scheduler: any WakeScheduler,
    pageScheduler: any WakeScheduler, clock: @escaping () -> Date,
    effects: AppEffects = AppEffects()
  ) {
    pace = FramePace(interval: Spinner.interval, scheduler: pageScheduler)
    self.state = state
    self.backend = backend
    self.loaders = loaders
    self.requestEvents = requestEvents
    self.scheduler = scheduler
    self.clock = clock
    self.effects = effects
    shown = loaders.owner(state.ownerLogin, kind: state.ownerKind)
    pace.drawLate = { [weak self] in
      guard let self, self.exitCode == nil else { return }
      guard !self.isRunning else { return DispatchQueue.main.async { self.pace.drawLate() } }
      self.present()
    }
  }

  /// Observes the loaders and the client's requests, shows the first state (with whatever
  /// the cache restored), then handles `script`, the events a backend starts with.
  public func start(_ script: [AppEvent] = []) {
    isRunning = true
    observeShown()
    storeObservations = [
      loaders.owners.observeChanges { [weak self] _ in self?.postKept() },
      loaders.details.store.observeChanges { [weak self] _ in self?.postKept() },
    ]
    let sanitizer = loaders.sanitizer
    requestEvents.listen { [weak self] event in
      guard let record = RequestRecord(event, sanitizer: sanitizer) else { return }
      DispatchQueue.main.async { self?.post(.request(record)) }
    }
    // The names as the loaders list them, and what the cache restored: the first frame.
    ownerFeed?.sendCurrent()
    repositoriesFeed?.sendCurrent()
    let restored = [observers, kept] + queue
    queue = []
    for event in restored { step(event, presents: false) }
    present()
    isRunning = false
    queue += script
    drain()
  }

  /// Runs until a command quits; returns its exit code.
  public func run(_ script: [AppEvent] = []) async -> ExitCode {
    start(script)
    if let exitCode { return exitCode }
    return await withCheckedContinuation { finished = $0 }
  }

  /// Handles an event now (input arrives on the main queue), and everything it led to, in
  /// order.
  public func send(_ event: AppEvent) {
    guard exitCode == nil else { return }
    queue.append(event)
    drain()
  }

  /// Queues an event from a loader or the client, to be handled on the main queue's next turn.
  func post(_ event: AppEvent) {
    guard exitCode == nil else { return }
    queue.append(event)
    guard !isRunning, !drainScheduled else { return }
    drainScheduled = true
    DispatchQueue.main.async { [weak self] in
      self?.drainScheduled = false
      self?.drain()
    }
  }

  private func drain() {
    guard !isRunning else { return }
    isRunning = true
    defer { isRunning = false }
    // Events that waited together make one frame on a backend that coalesces: the state
    // after the last of them. Drawing takes time, so the faster events come, the more each
    // frame takes in; one that comes alone is drawn at once.
    let coalesces = backend.coalescesStates
    while exitCode == nil, !queue.isEmpty {
      let event = queue.removeFirst()
      step(event, presents: !coalesces || queue.isEmpty)
    }
  }

  /// Feeds the shown owner's two loaders to the loop, instead of the owner's before; the
  /// owner's login goes with each change, so one queued before a switch is told apart.
  private func observeShown() {
    let post: (AppEvent) -> Void = { [weak self] in self?.postLoaderChange($0) }
    let login = shown.login
    ownerFeed = LoaderFeed(
      shown.owner, clock: clock, change: { .owner($0, login: login) }, post: post)
    repositoriesFeed = LoaderFeed(
      shown.repositories, clock: clock, change: { .repositories($0, login: login) }, post: post)
  }

  /// Shows `login`'s loaders: the current snapshots of both go into the state before the next
  /// frame, so an owner with content kept or cached is drawn with it at once.
  private func showOwner(_ login: GitHubLogin, kind: OwnerKind?) {
    ownerFeed = nil
    repositoriesFeed = nil
    shown = loaders.owner(login, kind: kind)
    observeShown()
    let waiting = queue
    queue = []
    ownerFeed?.sendCurrent()
    repositoriesFeed?.sendCurrent()
    let current = queue
    queue = waiting
    for event in current { step(event, presents: false) }
    // The owner left is no longer observed: past the limit, the store may let go of it.
    loaders.owners.trim()
    queue.append(contentsOf: [observers, kept])
  }

  /// Tells the state what the stores keep now: a store made, dropped or removed a loader.
  private func postKept() { post(kept) }
  /// The loaders kept by key, as the inspector lists them.
  private var kept: AppEvent {
    let owners = loaders.owners
    let details = loaders.details.store
    return .kept(
      KeptLoaders(
        owners: owners.keys, observedOwners: owners.observedKeys,
        droppedOwners: owners.dropped, details: details.keys,
        droppedDetails: details.dropped))
  }

  /// The names each loader lists as its observers, the open detail loader's included.
  private var observers: AppEvent {
    var names: [LoaderKind: [String]] = [
      .owner: shown.owner.observerNames,
      .repositories: shown.repositories.observerNames,
    ]
    if let key = state.lists.detail?.key,
      let loader = loaders.details.store.existingLoader(for: key)
    {
      names[.repository] = loader.observerNames
    }
    return .observers(names)
  }

  // MARK: - One event

  private func step(_ event: AppEvent, presents: Bool = true) {
    let waiting = queue.count
    let before = state
    let commands = update(&state, event)
    // Every event, drawn or not: a load started in a frame of several starts the pace anew.
    let page = pace.isPage(event, from: before, to: state)
    for command in commands {
      perform(command)
      if exitCode != nil { return }
    }
    // Back from a suspend the terminal may have another size: the resize queued next shows it.
    if commands.contains(.suspend) || !presents { return }
    // An owner just shown with nothing to show started its loads: their first changes go into
    // the same frame, so it is never drawn as "nothing loaded" for an instant before it spins.
    // One with content is drawn as it was kept, its revalidation's spinner in the next frame.
    if waiting == 0, commands.contains(where: \.showsOwner), state.merged.content == nil,
      state.repositories.state.content == nil
    {
      let started = queue
      queue = []
      for event in started { step(event, presents: false) }
    }
    if page, backend.coalescesStates, pace.defersPage(at: clock()) { return }
    if pace.holds(event) { return }
    present(page: page)
  }

  private func present(page: Bool = false) {
    pace.drew(at: clock(), page: page)
    // A backend whose output failed ends the run, through `update` like every way out.
    if let code = backend.present(state) { queue.insert(.stop(code), at: 0) }
  }

  private func perform(_ command: Command) {
    switch command {
    case .fetchBoth(let round):
      effects.setRound(round, state.ownerLogin)
      shown.fetchBoth()
    case .reloadRepositories:
      shown.repositories.load()
    case .showOwner(let login, let kind):
      showOwner(login, kind: kind)
    case .saveRecentOwners(let owners):
      effects.saveRecentOwners(owners)
    case .loadDetail(let key):
      openDetail(key)
    case .closeDetail:
      detailFeed = nil
      queue.append(observers)
    case .setOutage(let on):
      effects.setOutage(on)
    case .wake(let date):
      scheduler.schedule(at: date) { [weak self] in
        guard let self else { return }
        self.send(.tick(self.clock()))
      }
    case .cancelWake:
      scheduler.cancel()
    case .drainRequestEvents:
      // After the events the client reported so far, each already on its way to the main queue.
      requestEvents.afterDelivered { [weak self] in
        DispatchQueue.main.async { self?.post(.requestEventsDrained) }
      }
    case .cancelRequests(let code):
      cancelRequests(orStopAfterASecond: code)
    case .openURL(let url):
      // A failure comes back as a notice, through `update` like everything else.
      effects.openURL(url) { [weak self] failure in self?.post(.notice(failure)) }
    case .copy(let text):
      backend.copy(text)
    case .repaint:
      backend.repaint()
    case .trimMemory:
      loaders.owners.trim()
      loaders.details.store.trim()
      effects.trimMemory()
    case .suspend:
      backend.suspend()
      if let size = backend.size { queue.append(.resize(size)) }
    case .quit(let code):
      quit(code)
    }
  }

  /// Observes the detail loader kept under `key` (made on first use) and starts its load.
  private func openDetail(_ key: String) {
    detailFeed = nil
    if let loader = loaders.details.loader(for: key) {
      let feed = LoaderFeed(
        loader, clock: clock, change: { .repository(key: key, $0) },
        post: { [weak self] in self?.post($0) })
      detailFeed = feed
      loader.load()
      feed.sendCurrent()
    }
    queue.append(observers)
  }

  private func quit(_ code: ExitCode) {
    exitCode = code
    queue.removeAll()
    scheduler.cancel()
    ownerFeed = nil
    repositoriesFeed = nil
    detailFeed = nil
    storeObservations = []
    requestEvents.listen(nil)
    let final = backend.close(state, exitCode: code)
    exitCode = final
    finished?.resume(returning: final)
    finished = nil
  }
}
