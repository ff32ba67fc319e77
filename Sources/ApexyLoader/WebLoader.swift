import ApexyHTTP
import Foundation

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
  /// The pending refresh, cancelled when the loader goes.
  let refreshSlot = WorkSlot()

  /// Creates a loader that sends its requests with `apiClient`.
  public init(apiClient: Client) {
    self.apiClient = apiClient
    super.init()
  }

  deinit {
    inFlight.progress?.cancel()
    refreshSlot.replace(with: nil)
  }

  /// Moves to `.success` (marking the content confirmed now) or `.failure`, then starts the
  /// refresh timer if `policies.refreshInterval` asks for one.
  public override func finishLoading(_ result: Result<Content, Error>) {
    if case .success = result {
      freshness = Freshness(lastConfirmed: scheduler.now, wasNotModified: false)
    }
    super.finishLoading(result)
    if case .success = result { saveToCache() }
    scheduleRefresh()
  }

  /// Sends `endpoint` and finishes loading with its content.
  public func request<T: Endpoint>(_ endpoint: T) where T.Content == Content {
    request(endpoint, transform: { $0 })
  }

  /// Sends `endpoint` and finishes loading with its content turned into `Content`.
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
  public func request<T: Endpoint>(
    _ endpoint: T, completion: @escaping (Result<T.Content, Error>) -> Void
  ) {
    send(endpoint) { _, result in completion(result) }
  }

  func send<T: Endpoint>(
    _ endpoint: T, then handle: @escaping (WebLoader, Result<T.Content, Error>) -> Void
  ) {
    if policies.sendsThroughPolicies {
      sendWithPolicies(endpoint, inFlight: inFlight, then: handle)
      return
    }
    let token = inFlight.begin()
    let handleBox = UncheckedSendableBox(handle)
    let progress = apiClient.request(endpoint) { [weak self] result in
      let resultBox = UncheckedSendableBox(result)
      let deliver: @Sendable () -> Void = {
        MainActor.assumeIsolated {
          // A released loader is never touched: its request was cancelled on release.
          guard let self else { return }
          self.inFlight.finish(token)
          handleBox.value(self, resultBox.value)
        }
      }
      if Thread.isMainThread { deliver() } else { DispatchQueue.main.async(execute: deliver) }
    }
    inFlight.attach(progress, token: token)
  }
}

/// The progress of the latest request, guarded so `deinit` can cancel it.
final class InFlight: @unchecked Sendable {
  private let lock = NSLock()
  private var current: Progress?
  private var token = 0
  private var finishedToken = -1

  var progress: Progress? {
    get { lock.withLock { current } }
    set { lock.withLock { current = newValue } }
  }

  /// Starts a new request and returns its token.
  func begin() -> Int {
    lock.withLock {
      token += 1
      return token
    }
  }

  /// Records the progress of request `token` unless it already completed.
  func attach(_ progress: Progress, token: Int) {
    lock.withLock {
      if finishedToken != token, self.token == token { current = progress }
    }
  }

  /// Marks request `token` complete, clearing `progress` if it is the latest.
  @discardableResult
  func finish(_ token: Int) -> Bool {
    lock.withLock {
      finishedToken = token
      guard self.token == token else { return false }
      current = nil
      return true
    }
  }
}
