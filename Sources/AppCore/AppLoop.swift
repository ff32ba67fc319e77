import ApexyLoader
import Foundation
import GitHubAPI

/// The one serial event loop: takes one event at a time, calls `update`, performs the commands
/// it returned, then draws one frame. Loader observers only enqueue events.
@MainActor
public final class AppLoop {
  /// The state after the last event.
  public private(set) var state: AppState
  /// The exit code, once a command asked to quit.
  public private(set) var exitCode: Int32?

  private let terminal: any TerminalBackend
  private let loaders: LoaderPair
  private let scheduler: any WakeScheduler
  private let clock: () -> Date
  private let setOutage: (Bool) -> Void
  private let openURL: (URL) -> String?
  private let requests: RequestEventRelay?
  private let sanitizer: TextSanitizer
  private var lastChange = (organization: -1, repositories: -1)
  private var queue: [AppEvent] = []
  private var isRunning = false
  private var drawn: Grid?
  private var observations: [LoaderObservation] = []
  private let detail: DetailObservation
  private var finished: CheckedContinuation<Int32, Never>?

  /// A loop over `loaders` drawing on `terminal`; `clock` stamps loader changes.
  public init(
    state: AppState, terminal: any TerminalBackend, loaders: LoaderPair,
    scheduler: any WakeScheduler, clock: @escaping () -> Date,
    setOutage: @escaping (Bool) -> Void = { _ in },
    openURL: @escaping (URL) -> String? = { _ in nil },
    requests: RequestEventRelay? = nil, sanitizer: TextSanitizer = TextSanitizer(),
    details: RepositoryDetailLoaders? = nil
  ) {
    self.detail = DetailObservation(store: details)
    self.state = state
    self.terminal = terminal
    self.loaders = loaders
    self.scheduler = scheduler
    self.clock = clock
    self.setOutage = setOutage
    self.openURL = openURL
    self.requests = requests
    self.sanitizer = sanitizer
  }

  /// Who reads each loader's state; each observes it under its name, so the loaders
  /// themselves can tell the inspector who watches them.
  public static let observerNames: [LoaderKind: [String]] = [
    .organization: ["Fetch pane", "status bar", "inspector"],
    .repositories: ["Fetch pane", "Result pane", "status bar", "inspector"],
  ]

  /// The names each loader lists as its observers, the open detail loader's included.
  private var observerNamesEvent: AppEvent {
    var names: [LoaderKind: [String]] = [
      .organization: loaders.organization.observerNames,
      .repositories: loaders.repositories.observerNames,
    ]
    if let loader = detail.loader { names[.repository] = loader.observerNames }
    return .observers(names)
  }

  /// Observes the loaders (and the client's requests) and draws the first frame.
  public func start() {
    let organization = loaders.organization
    let repositories = loaders.repositories
    let loaders = self.loaders
    // Every observer of one change reads the same change counts: the first queues the event,
    // the others find it queued. Statuses (retry, freshness, rate limit) and the cache can
    // change without a new state, so they are compared on every call.
    let changed = { [weak self] in
      guard let self else { return }
      let statuses = (LoaderStatus(of: organization), LoaderStatus(of: repositories))
      if statuses != (self.state.organizationStatus, self.state.repositoriesStatus) {
        self.send(
          .loaderStatusChanged(
            organization: statuses.0, repositories: statuses.1, at: self.clock()))
      }
      let cache = CacheStatus(loaders)
      if cache != self.state.cache { self.send(.cacheChanged(cache)) }
      let counts = (organization.changeCount, repositories.changeCount)
      guard counts != self.lastChange else { return }
      self.lastChange = counts
      self.send(
        .loadersChanged(
          organization: organization.state, repositories: repositories.state, at: self.clock()))
    }
    observations =
      (Self.observerNames[.organization] ?? []).map { organization.observe(named: $0, changed) }
      + (Self.observerNames[.repositories] ?? []).map { repositories.observe(named: $0, changed) }
    // The names as the loaders list them, not as this loop meant them.
    _ = update(&state, observerNamesEvent)
    let sanitizer = self.sanitizer
    requests?.listen { [weak self] event in
      guard let record = RequestRecord(event, sanitizer: sanitizer) else { return }
      DispatchQueue.main.async {
        MainActor.assumeIsolated { self?.send(.request(record)) }
      }
    }
    // Content restored from the cache is there before any change: show it in the first frame.
    if organization.state.content != nil || repositories.state.content != nil
      || CacheStatus(loaders) != state.cache
    {
      changed()
    }
    if drawn == nil { draw() }
  }

  /// Runs until a command quits; returns its exit code.
  public func run() async -> Int32 {
    start()
    if let exitCode { return exitCode }
    return await withCheckedContinuation { finished = $0 }
  }

  /// Queues an event; when the loop is idle, handles it and everything it led to, in order.
  public func send(_ event: AppEvent) {
    guard exitCode == nil else { return }
    queue.append(event)
    guard !isRunning else { return }
    isRunning = true
    defer { isRunning = false }
    while exitCode == nil, !queue.isEmpty {
      step(queue.removeFirst())
    }
  }

  /// Forgets what is on screen, so the next frame repaints every cell.
  public func invalidate() {
    drawn = nil
  }

  // MARK: - One event

  private func step(_ event: AppEvent) {
    if case .resize = event { drawn = nil }
    let commands = update(&state, event)
    for command in commands {
      perform(command)
      if exitCode != nil { return }
    }
    // Back from a suspend the terminal may have another size: the resize queued next draws.
    if commands.contains(.suspend) { return }
    draw()
  }

  private func perform(_ command: Command) {
    switch command {
    case .fetchBoth:
      loaders.fetchBoth()
    case .reloadRepositories:
      loaders.repositories.load()
    case .loadDetail(let key):
      detail.open(key, clock: clock) { [weak self] in self?.send($0) }
      queue.append(observerNamesEvent)
    case .closeDetail:
      detail.close()
      queue.append(observerNamesEvent)
    case .setOutage(let on):
      setOutage(on)
    case .wake(let date):
      scheduler.schedule(at: date) { [weak self] in
        guard let self else { return }
        self.send(.tick(self.clock()))
      }
    case .cancelWake:
      scheduler.cancel()
    case .openURL(let url):
      // A failure comes back as a notice, through `update` like everything else.
      if let failure = openURL(url) { queue.append(.notice(failure)) }
    case .copy(let text):
      terminal.copy(text)
    case .repaint:
      drawn = nil
    case .suspend:
      terminal.suspend()
      // Back from `fg`: the terminal may have another size now, and shows the shell's text.
      drawn = nil
      queue.append(.resize(terminal.size))
    case .quit(let code):
      exitCode = code
      queue.removeAll()
      scheduler.cancel()
      observations = []
      detail.close()
      requests?.listen(nil)
      terminal.close()
      finished?.resume(returning: code)
      finished = nil
    }
  }

  private func draw() {
    let grid = Screen.render(state)
    terminal.draw(grid.diff(from: drawn))
    drawn = grid
  }
}
