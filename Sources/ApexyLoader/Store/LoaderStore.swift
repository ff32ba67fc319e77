import Foundation

/// Loaders kept by key: one loader per key, made the first time the key is taken and handed out
/// again for as long as it is kept, as TanStack Query keeps a query per query key.
///
/// It keeps at most ``limit`` loaders. Past the limit it lets go of the least recently taken
/// loader that is not in use (observed, loading, held: ``isInUse(_:)``); a loader in use is
/// kept whatever the limit, and the key just taken is never the one let go. With
/// ``releaseAfter``, a loader not in use is also let go of that long after it stopped being in
/// use, as TanStack Query's `gcTime`. What a dropped loader had stays wherever its cache keeps
/// it (``WebLoader/cache``): `make` gives the new loader of that key the same cache, and it
/// restores what was last written.
///
/// ```swift
/// let books = LoaderStore<Int, BookLoader>(limit: 20, releaseAfter: 300) { id in
///   BookLoader(apiClient: apiClient, id: id)
/// }
/// books.loader(for: 1)?.load()
/// ```
///
/// A store whose `make` always makes a loader is a ``TotalLoaderStore``, whose
/// `loader(for:)` answers a loader, never `nil`.
@MainActor
public class LoaderStore<Key: Hashable, Loader: StoredLoader> {
  /// The most loaders kept, unless more are in use.
  public let limit: Int
  /// How long a loader is kept after it stopped being in use; `nil` to keep it until the limit
  /// lets go of it.
  public let releaseAfter: TimeInterval?
  /// The clock the release timers run on.
  public let scheduler: LoaderScheduler
  /// The most dropped keys ``dropped`` remembers.
  public static var droppedMemory: Int { 20 }

  let make: (Key) -> Loader?
  let inUse: (Loader) -> Bool
  var kept: [Key: Loader] = [:]
  var recency: [Key] = []
  /// The store's own observation of each loader's use (``StoredLoader/observeUse(_:)``).
  var useObservations: [Key: LoaderObservation] = [:]
  var releaseTimers: [Key: ScheduledWork] = [:]
  /// The live holds, by id.
  var holds: [Int: Key] = [:]
  var nextHoldID = 0
  /// Keys invalidated while not in use: loaded when next taken.
  var invalidated: Set<Key> = []
  /// Whether a kept loader is loaded again when taken (and not loading): for example
  /// `{ $0.isStale }` for `WebLoader`s with `LoaderPolicies.staleAfter`, as TanStack Query
  /// refetches a stale query when it is used again. `nil` (the default): only an invalidated
  /// loader is.
  public var reloadsWhenTaken: ((Loader) -> Bool)?
  let changeObservers = LoaderStoreObservers<Key>()

  /// The keys let go of, oldest first (the last ``droppedMemory``); a key taken again is
  /// removed from it.
  public internal(set) var dropped: [Key] = []

  /// A store keeping at most `limit` loaders (more only while they are in use), each for at
  /// most `releaseAfter` seconds once not in use, made by `make`.
  ///
  /// - Parameters:
  ///   - limit: The most loaders kept that are not in use; 0 or more.
  ///   - releaseAfter: How long a loader not in use is kept; `nil` for as long as the limit
  ///     allows.
  ///   - scheduler: The clock of `releaseAfter`; a `ManualScheduler` in tests.
  ///   - isInUse: Whether a loader is in use, so never let go of; by default observed
  ///     (``StoredLoader/isObserved``) or loading. A held key (``hold(_:)``) is in use anyway.
  ///   - make: Makes the loader of a key the first time it is taken (and again after the store
  ///     let go of it); `nil` for a key that names nothing.
  public init(
    limit: Int = .max, releaseAfter: TimeInterval? = nil,
    scheduler: LoaderScheduler = MainQueueScheduler(), isInUse: ((Loader) -> Bool)? = nil,
    make: @escaping (Key) -> Loader?
  ) {
    precondition(limit >= 0, "a LoaderStore's limit is 0 or more")
    self.limit = limit
    self.releaseAfter = releaseAfter
    self.scheduler = scheduler
    self.inUse = isInUse ?? { $0.isObserved || $0.isLoading }
    self.make = make
  }

  /// The loader kept under `key`, made when there is none; the key becomes the most recently
  /// taken, and loaders past the limit are let go of.
  ///
  /// - Parameter key: Which loader.
  /// - Returns: The loader, the same instance for as long as it is kept; `nil` when `make`
  ///   made none.
  public func loader(for key: Key) -> Loader? { take(key, making: make) }

  /// The loader kept under `key`, made by `make` when there is none: for a loader that needs
  /// what only this call knows (a spelling, a kind), without a side channel to the store's own
  /// `make`.
  ///
  /// - Parameters:
  ///   - key: Which loader.
  ///   - make: Makes the loader when none is kept under `key`; not called otherwise.
  /// - Returns: The loader, the same instance for as long as it is kept.
  public func loader(for key: Key, making make: (Key) -> Loader) -> Loader {
    // `make` never answers nil, so neither does `take`.
    take(key, making: { make($0) }) ?? make(key)
  }

  /// Keeps the loader of `key`, made when there is none, for as long as the hold is held: it
  /// counts as in use, so neither the limit nor ``releaseAfter`` lets go of it. For a view
  /// that reads the loader only through Observation (SwiftUI), which the loader cannot see.
  ///
  /// - Parameter key: Which loader.
  /// - Returns: The hold, with the loader; `nil` when `make` made none. Releasing it (on any
  ///   thread) ends the hold.
  public func hold(_ key: Key) -> LoaderHold<Loader>? {
    guard let loader = loader(for: key) else { return nil }
    return hold(loader, key: key)
  }

  func take(_ key: Key, making make: (Key) -> Loader?) -> Loader? {
    if let loader = kept[key] {
      recency.removeAll { $0 == key }
      recency.append(key)
      trim(sparing: key)
      armRelease(key, restart: true)
      if invalidated.remove(key) != nil || (reloadsWhenTaken?(loader) == true && !loader.isLoading)
      {
        loader.loadInStore()
      }
      return loader
    }
    guard let loader = make(key) else { return nil }
    kept[key] = loader
    recency.append(key)
    dropped.removeAll { $0 == key }
    useObservations[key] = loader.observeUse { [weak self] in self?.useChanged(key) }
    changeObservers.tell(.made(key))
    trim(sparing: key)
    armRelease(key, restart: true)
    return loader
  }

  /// The loader kept under `key`, without making one or changing the order; `nil` when none is.
  ///
  /// - Parameter key: Which loader.
  /// - Returns: The loader, or `nil`.
  public func existingLoader(for key: Key) -> Loader? { kept[key] }

  /// The keys kept, least recently taken first.
  public var keys: [Key] { recency }

  /// The keys whose loader is observed now, least recently taken first.
  public var observedKeys: [Key] { recency.filter { kept[$0]?.isObserved == true } }

  /// Whether the loader of `key` is in use, so never let go of: held (``hold(_:)``), or in use
  /// by the store's rule (by default observed or loading).
  ///
  /// - Parameter key: Which loader.
  /// - Returns: `true` when one is kept under `key` and in use.
  public func isInUse(_ key: Key) -> Bool {
    guard let loader = kept[key] else { return false }
    return holds.values.contains(key) || inUse(loader)
  }

  /// Lets go of the least recently taken loaders not in use, until at most ``limit`` are kept
  /// or only those are left. Taking a key does this; call it when a loader stops being in use
  /// to give its memory back sooner.
  public func trim() { trim(sparing: nil) }

  private func trim(sparing spared: Key?) {
    var index = 0
    while kept.count > limit, index < recency.count {
      let key = recency[index]
      guard key != spared, !isInUse(key) else {
        index += 1
        continue
      }
      forget(key, as: .dropped(key))
    }
  }

  /// Forgets the loader of `key` and tells the change: `.dropped` is listed in ``dropped``.
  func forget(_ key: Key, as change: LoaderStoreChange<Key>) {
    guard kept.removeValue(forKey: key) != nil else { return }
    recency.removeAll { $0 == key }
    useObservations[key] = nil
    releaseTimers.removeValue(forKey: key)?.cancel()
    invalidated.remove(key)
    holds = holds.filter { $0.value != key }
    if case .dropped = change {
      dropped.append(key)
      if dropped.count > Self.droppedMemory { dropped.removeFirst() }
    }
    changeObservers.tell(change)
  }
}
