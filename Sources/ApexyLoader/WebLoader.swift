import ApexyHTTP
import Foundation
import Locking

/// A content loader that fills its state from an API client's requests.
@MainActor
open class WebLoader<Content>: ContentLoader<Content> {
  /// The client requests are sent with.
  public let apiClient: Client
  /// The request in flight, `nil` when none is.
  public var progress: Progress? {
    get { inFlight.progress }
    set { inFlight.progress = newValue }
  }

  private let inFlight = InFlight()

  // MARK: - Policies (see WebLoader+Policies.swift)

  /// What the loader does beyond sending each request once; all off by default.
  public var policies = LoaderPolicies() {
    didSet { scheduleRefresh() }
  }
  /// The clock and timers the policies run on.
  public var scheduler: LoaderScheduler = MainQueueScheduler()
  /// The retry being waited for while the state stays `.loading`; `nil` when none is.
  public internal(set) var retryStatus: RetryStatus?
  /// When the server last confirmed the content, and whether by `304 Not Modified`.
  public internal(set) var freshness = Freshness()
  /// What the last response said (status, rate limit, poll interval), for loaders with
  /// policies; `nil` before the first one.
  public internal(set) var lastResponse: ResponseMetadata?
  /// The content of `request(_:)` and `request(_:transform:)` by URL, with its validators,
  /// when `policies.revalidates`.
  public let revalidationCache = RevalidationCache<Content>()
  /// Where the content outlives the process; assigning one restores the stored content into a
  /// loader still `.initial` (see `LoaderCache`), and every confirmed success is saved to it.
  public var cache: LoaderCache<Content>? {
    didSet { restoreFromCache() }
  }
  /// What went wrong reading or writing `cache`, in one line; `nil` again after a save succeeds.
  /// Observers are notified when it changes. A cache problem never fails a load.
  public internal(set) var cacheProblem: String?
  /// What a paginated load has read so far, while it runs and after it stopped part-way (see
  /// ``PartialContent``); `nil` once a load completes. Observers are notified when it changes;
  /// `state` keeps its meaning (its cache is content from before).
  public internal(set) var partialContent: PartialContent<Content>?
  /// The pages of the latest paginated load, under way or ended; `nil` before the first, and
  /// again when a load that starts over (does not resume) starts, until its first page.
  public internal(set) var pageProgress: PageProgress?
  /// The pending refresh, cancelled when the loader goes.
  let refreshSlot = WorkSlot()
  /// Where a list read a page at a time (``requestNextPage(from:pageCap:id:page:)``) is.
  var pageCursor: PageCursor?

  /// Creates a loader that sends its requests with `apiClient`.
  ///
  /// - Parameter apiClient: The client every request of the loader goes through; it may
  ///   complete on any queue.
  public init(apiClient: Client) {
    self.apiClient = apiClient
    super.init()
  }

  deinit {
    inFlight.progress?.cancel()
    refreshSlot.replace(with: nil)
  }

  override func willStartLoading() {
    forgetPagesOfTheLoadBefore()
  }

  override func willSetContent() {
    // The load given up: its request goes, and so do the pages it or one before it read.
    inFlight.progress?.cancel()
    inFlight.progress = nil
    partialContent = nil
    pageProgress = nil
    retryStatus = nil
  }

  override func didSetContent() {
    saveToCache()
  }

  /// Moves to `.success` (marking the content confirmed now) or `.failure`, then starts the
  /// refresh timer if `policies.refreshInterval` asks for one.
  ///
  /// - Parameter result: The content loaded, or the error that stopped the load.
  public override func finishLoading(_ result: Result<Content, Error>) {
    if case .success = result {
      freshness = Freshness(lastConfirmed: scheduler.now, wasNotModified: false)
    }
    super.finishLoading(result)
    if case .success = result { saveToCache() }
    scheduleRefresh()
  }

  /// Sends `endpoint` and finishes loading with its content.
  ///
  /// - Parameter endpoint: The request; its content is the loader's.
  public func request<T: Endpoint>(_ endpoint: T) where T.Content == Content {
    request(endpoint, transform: { $0 })
  }

  /// Sends `endpoint` and finishes loading with its content turned into `Content`.
  ///
  /// - Parameters:
  ///   - endpoint: The request.
  ///   - transform: Turns its content into the loader's, on the main actor.
  public func request<T: Endpoint>(_ endpoint: T, transform: @escaping (T.Content) -> Content) {
    if policies.revalidates {
      revalidate(endpoint, transform: transform)
      return
    }
    send(endpoint) { loader, result in
      loader.finishLoading(result.map(transform))
    }
  }

  /// Sends `endpoint` and hands its result to `completion`, leaving the state alone.
  ///
  /// - Parameters:
  ///   - endpoint: The request.
  ///   - completion: Called once on the main actor with the content or the error, unless
  ///     the loader was released first, or a newer load started or content was set meanwhile
  ///     (``ContentLoader/loadGeneration``).
  public func request<T: Endpoint>(
    _ endpoint: T, completion: @escaping (Result<T.Content, Error>) -> Void
  ) {
    send(endpoint) { _, result in completion(result) }
  }

  func send<T: Endpoint>(
    _ endpoint: T, then handleAnswer: @escaping (WebLoader, Result<T.Content, Error>) -> Void
  ) {
    let generation = loadGeneration
    let handle: (WebLoader, Result<T.Content, Error>) -> Void = { loader, result in
      // The answer of a load given up (a newer one started, or content was set) is dropped.
      guard loader.loadGeneration == generation else { return }
      handleAnswer(loader, result)
    }
    if policies.sendsThroughPolicies {
      sendWithPolicies(endpoint, inFlight: inFlight, then: handle)
      return
    }
    let token = inFlight.begin()
    let progress = apiClient.request(endpoint) { [weak self] result in
      // The client completes on its queue; the state changes on the main actor.
      onMainActor {
        // A released loader is never touched: its request was cancelled on release.
        guard let self else { return }
        self.inFlight.finish(token)
        handle(self, result)
      }
    }
    inFlight.attach(progress, token: token)
  }
}

/// The progress of the latest request, guarded so `deinit` can cancel it.
final class InFlight: Sendable {
  private struct State {
    var current: Progress?
    var token = 0
    var finishedToken = -1
  }

  private let state = Locked(State())

  var progress: Progress? {
    get { state.withLock { $0.current } }
    set { state.withLock { $0.current = newValue } }
  }

  /// Starts a new request and returns its token.
  func begin() -> Int {
    state.withLock { state in
      state.token += 1
      return state.token
    }
  }

  /// Records the progress of request `token` unless it already completed.
  func attach(_ progress: Progress, token: Int) {
    state.withLock { state in
      if state.finishedToken != token, state.token == token { state.current = progress }
    }
  }

  /// Marks request `token` complete, clearing `progress` if it is the latest.
  @discardableResult
  func finish(_ token: Int) -> Bool {
    state.withLock { state in
      state.finishedToken = token
      guard state.token == token else { return false }
      state.current = nil
      return true
    }
  }
}
