import ApexyHTTP
import Foundation
import Locking
import Observation

/// A loader that holds a `LoadingState` and tells its observers about every change.
///
/// Observers hear of changes three ways: `observe(_:)` handlers, `states` streams, and the
/// Observation framework (`Observable`): a SwiftUI view or a `withObservationTracking` that
/// reads `state` is told of its next assignment.
@MainActor
open class ContentLoader<Content>: ObservableLoader, Observable {
  @usableFromInline final let observers = ObserverList()
  @usableFromInline final var storedState: LoadingState<Content> = .initial
  @usableFromInline final var changes = 0
  @usableFromInline final let streams = StreamRegistry<Content>()
  /// Observation's bookkeeping for `state`.
  @usableFromInline final let registrar = ObservationRegistrar()
  /// `\.state`, made once: a key path of a generic class is otherwise made at every use.
  @usableFromInline final let stateKeyPath: KeyPath<ContentLoader, LoadingState<Content>> =
    \.state
  /// Whether `state` was read since its last assignment began. Observation learns of a reader
  /// only through the getter (`access`), and each of its trackers is told once, at the next
  /// assignment: so when nothing read `state` since, no tracker waits, and an assignment skips
  /// the registrar's locks.
  @usableFromInline final var stateWasRead = false

  /// Which load `state` belongs to: raised when a load starts and when content is set, so an
  /// answer that comes for an older load is dropped (see ``setContent(_:)``).
  public final internal(set) var loadGeneration = 0

  /// Observations this loader holds on other loaders (for loaders built from others).
  public var observations: [LoaderObservation] = []

  /// The current state; every assignment notifies every live observer once, reaches every
  /// `states` stream once, and is a change of `state` to Observation (an assignment of an
  /// equal state too, as `observe` handlers hear it).
  ///
  /// Inlinable, so a loader of a concrete type is assigned without generic dispatch; the
  /// notification itself is not generic.
  public final var state: LoadingState<Content> {
    @inlinable get {
      stateWasRead = true
      registrar.access(self, keyPath: stateKeyPath)
      return storedState
    }
    @inlinable set {
      if stateWasRead {
        // Cleared first: a tracker that reads `state` while told of this change is told of
        // the next one.
        stateWasRead = false
        registrar.withMutation(of: self, keyPath: stateKeyPath) { storedState = newValue }
      } else {
        storedState = newValue
      }
      changes &+= 1
      streams.yield(newValue)
      observers.notify()
    }
  }

  /// Creates a loader in the `.initial` state.
  public init() {}

  /// The names of the live observations that were given one, in the order they were added.
  public var observerNames: [String] { observers.names }

  /// How many times `state` was assigned: observers of one change all read the same number, so
  /// a consumer that observes under several names can tell one change from the next.
  public var changeCount: Int { changes }

  /// How many observations are live, named or not.
  public var observerCount: Int { observers.count }

  deinit {
    streams.finishAll()
  }

  /// Calls `changeHandler` after every state change for as long as the observation is held.
  ///
  /// - Parameter changeHandler: Called on the main actor after each assignment of `state`
  ///   (and each change of a `WebLoader`'s retry status or cache problem), in the order the
  ///   observations were made.
  /// - Returns: The observation: hold it for as long as `changeHandler` should be called;
  ///   releasing it stops the calls (see ``observe(named:_:)`` for a release on another
  ///   thread).
  public func observe(_ changeHandler: @escaping @MainActor () -> Void) -> LoaderObservation {
    observe(named: nil, changeHandler)
  }

  /// Calls `changeHandler` after every state change for as long as the observation is held,
  /// and lists `name` in `observerNames` meanwhile, so a tool can show who watches the loader.
  ///
  /// The observation may be released on any thread, and takes effect at once: its handler is
  /// not called again, not even later in a notification under way, and ``observerCount`` no
  /// longer counts it (the list forgets it on the main actor after). A release on another
  /// thread while the main actor is notifying may still see that handler called once, for a
  /// change that began before the release.
  ///
  /// - Parameters:
  ///   - name: What ``observerNames`` lists for this observation; `nil` for none.
  ///   - changeHandler: Called on the main actor after each change.
  /// - Returns: The observation: hold it for as long as `changeHandler` should be called.
  public func observe(named name: String?, _ changeHandler: @escaping @MainActor () -> Void)
    -> LoaderObservation
  {
    let id = observers.add(changeHandler, name: name)
    let observers = self.observers
    let released = observers.released
    return LoaderObservation { @Sendable in
      released.mark(id)
      onMainActor { observers.remove(id) }
    }
  }

  /// Moves to `.loading` keeping the content as cache; returns false if already loading.
  ///
  /// - Returns: `true` when the state became `.loading(cache:)`, `false` (and nothing
  ///   changed) when a load was already under way: `guard startLoading() else { return }`.
  @discardableResult
  public func startLoading() -> Bool {
    if state.isLoading { return false }
    loadGeneration &+= 1
    willStartLoading()
    state = .loading(cache: state.content)
    return true
  }

  /// Called as a load starts, before observers hear of it: what a subclass resets.
  func willStartLoading() {}

  /// Called as content is set by hand (``setContent(_:)``), before observers hear of it: what a
  /// subclass lets go of of the load it replaces.
  func willSetContent() {}

  /// Called once content set by hand is the state: what a subclass saves.
  func didSetContent() {}

  /// Moves to `.success`, or to `.failure` keeping the current content as cache.
  ///
  /// - Parameter result: The content loaded, or the error that stopped the load.
  public func finishLoading(_ result: Result<Content, Error>) {
    switch result {
    case .success(let content): state = .success(content: content)
    case .failure(let error): state = .failure(error: error, cache: state.content)
    }
  }
}

extension ContentLoader where Content: Equatable {
  /// Assigns `newState` only when it differs from the current state: in its case, its content
  /// or cache, or its error (errors differ when their types or `String(reflecting:)` texts do).
  ///
  /// - Parameter newState: The state to assign when it is new.
  public func update(_ newState: LoadingState<Content>) {
    if state != newState || !state.hasSameError(as: newState) { state = newState }
  }
}

extension ContentLoader where Content: Sendable {
  /// The current state, then every change; ends when the consumer stops or the loader goes.
  ///
  /// A change is an assignment of `state`: each reaches the stream once, in order, with the
  /// state assigned (a later change made by an observer of this one is the next element).
  /// Notifications that leave `state` alone, such as a retry or cache problem of a
  /// `WebLoader`, yield nothing.
  public var states: AsyncStream<LoadingState<Content>> {
    let (stream, continuation) = AsyncStream.makeStream(of: LoadingState<Content>.self)
    continuation.yield(state)
    let key = streams.add(continuation)
    let registry = streams
    let observers = self.observers
    continuation.onTermination = { _ in
      registry.remove(key)
      onMainActor { observers.usageChanged() }
    }
    return stream
  }
}

/// The `states` streams of one loader: each gets every state assigned, and ends with the
/// loader. Streams may end on any thread (their consumer's), so the list is behind a lock.
@usableFromInline
final class StreamRegistry<Content>: Sendable {
  private struct Entry: Sendable {
    let yield: @Sendable (LoadingState<Content>) -> Void
    let finish: @Sendable () -> Void
  }

  private struct Entries {
    var nextKey = 0
    var byKey: [Int: Entry] = [:]
  }

  private let entries = Locked(Entries())
  /// How many streams there are: read without the lock, so a loader without streams assigns
  /// its state without taking it. Raised only on the main actor, where `yield` reads it, and
  /// lowered from any thread: a stale count costs no more than one look under the lock.
  private let count = SharedCounter()

  /// Adds the stream of `continuation`; returns its key.
  func add(_ continuation: AsyncStream<LoadingState<Content>>.Continuation) -> Int
  where Content: Sendable {
    let entry = Entry(
      yield: { continuation.yield($0) }, finish: { continuation.finish() })
    count.add(1)
    return entries.withLock { entries in
      entries.nextKey += 1
      entries.byKey[entries.nextKey] = entry
      return entries.nextKey
    }
  }

  /// Hands `state` to every stream.
  @usableFromInline
  func yield(_ state: LoadingState<Content>) {
    guard count.load() > 0 else { return }
    let targets = entries.withLock { Array($0.byKey.values) }
    for target in targets { target.yield(state) }
  }

  /// Whether any stream is open.
  var isEmpty: Bool { entries.withLock { $0.byKey.isEmpty } }

  /// Forgets the stream with `key`, whose consumer stopped.
  func remove(_ key: Int) {
    let removed = entries.withLock { $0.byKey.removeValue(forKey: key) != nil }
    if removed { count.add(-1) }
  }

  /// Ends every stream.
  func finishAll() {
    let all = entries.withLock { entries in
      defer { entries.byKey = [:] }
      return Array(entries.byKey.values)
    }
    count.add(-all.count)
    for entry in all { entry.finish() }
  }
}
