import Foundation

/// A loader that holds a `LoadingState` and tells its observers about every change.
@MainActor
open class ContentLoader<Content>: ObservableLoader {
  private typealias Handler = () -> Void

  private var handlers: [(id: Int, handler: Handler)] = []
  private var nextID = 0
  private var isNotifying = false
  private var pendingRounds = 0
  let streams = StreamRegistry()

  /// Observations this loader holds on other loaders (for loaders built from others).
  public var observations: [LoaderObservation] = []

  /// The current state; every assignment notifies every live observer once.
  public var state: LoadingState<Content> = .initial {
    didSet { notify() }
  }

  /// Creates a loader in the `.initial` state.
  public init() {}

  deinit {
    streams.finishAll()
  }

  /// Calls `changeHandler` after every state change for as long as the observation is held.
  public func observe(_ changeHandler: @escaping () -> Void) -> LoaderObservation {
    let id = nextID
    nextID += 1
    handlers.append((id, changeHandler))
    return LoaderObservation { [weak self] in
      MainActor.assumeIsolated { self?.removeHandler(id) }
    }
  }

  /// Moves to `.loading` keeping the content as cache; returns false if already loading.
  @discardableResult
  public func startLoading() -> Bool {
    if state.isLoading { return false }
    state = .loading(cache: state.content)
    return true
  }

  /// Moves to `.success`, or to `.failure` keeping the current content as cache.
  public func finishLoading(_ result: Result<Content, Error>) {
    switch result {
    case .success(let content): state = .success(content: content)
    case .failure(let error): state = .failure(error: error, cache: state.content)
    }
  }

  // MARK: - Notification

  private func removeHandler(_ id: Int) {
    handlers.removeAll { $0.id == id }
  }

  private func notify() {
    pendingRounds += 1
    guard !isNotifying else { return }
    isNotifying = true
    defer { isNotifying = false }
    while pendingRounds > 0 {
      pendingRounds -= 1
      let ids = handlers.map(\.id)
      for id in ids {
        // Look the handler up at its turn: it may have been released by an earlier one.
        guard let entry = handlers.first(where: { $0.id == id }) else { continue }
        entry.handler()
      }
    }
  }
}

extension ContentLoader where Content: Equatable {
  /// Assigns `newState` only when it differs from the current state.
  public func update(_ newState: LoadingState<Content>) {
    if state != newState { state = newState }
  }
}

extension ContentLoader where Content: Sendable {
  /// The current state, then every change; ends when the consumer stops or the loader goes.
  public var states: AsyncStream<LoadingState<Content>> {
    let (stream, continuation) = AsyncStream.makeStream(of: LoadingState<Content>.self)
    continuation.yield(state)
    let observation = observe { [weak self] in
      guard let self else { return }
      continuation.yield(self.state)
    }
    let key = streams.add(continuation, observation: observation)
    let registry = streams
    continuation.onTermination = { _ in registry.remove(key) }
    return stream
  }
}

/// Keeps the observations behind `states` streams and ends the streams with the loader.
final class StreamRegistry: @unchecked Sendable {
  private let lock = NSLock()
  private var nextKey = 0
  private var entries: [Int: (finish: @Sendable () -> Void, observation: LoaderObservation)] = [:]

  func add<T: Sendable>(_ continuation: AsyncStream<T>.Continuation, observation: LoaderObservation)
    -> Int
  {
    let finish: @Sendable () -> Void = { continuation.finish() }
    return lock.withLock {
      nextKey += 1
      entries[nextKey] = (finish, observation)
      return nextKey
    }
  }

  func remove(_ key: Int) {
    let entry = lock.withLock { entries.removeValue(forKey: key) }
    guard let entry else { return }
    // The observation must be released on the main actor, where its loader lives.
    let observation = Unchecked(entry.observation)
    if Thread.isMainThread {
      _ = observation
    } else {
      DispatchQueue.main.async { _ = observation }
    }
  }

  func finishAll() {
    let all = lock.withLock {
      let all = entries
      entries = [:]
      return all
    }
    for entry in all.values { entry.finish() }
  }
}

/// Carries a value the compiler cannot prove `Sendable` across one queue hop.
struct Unchecked<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
