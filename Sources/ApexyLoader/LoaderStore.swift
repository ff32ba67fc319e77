/// What a ``LoaderStore`` asks of the loaders it keeps: whether anything still needs one.
@MainActor
public protocol StoredLoader: AnyObject {
  /// Whether something observes the loader now: an `observe` handler or a `states` stream.
  var isObserved: Bool { get }
  /// Whether the loader is loading now.
  var isLoading: Bool { get }
}

extension ContentLoader: StoredLoader {
  /// Whether an ``observe(_:)`` handler or a ``states`` stream is held. A view that only reads
  /// ``state`` through Observation (SwiftUI) is not seen: observe the loader while it is shown.
  public var isObserved: Bool { observerCount > 0 || !streams.isEmpty }

  /// Whether ``state`` is `.loading`.
  public var isLoading: Bool { state.isLoading }
}

/// Loaders kept by key: one loader per key, made the first time the key is taken and handed out
/// again for as long as it is kept, as TanStack Query keeps a query per query key.
///
/// It keeps at most ``limit`` loaders. Past the limit it lets go of the least recently taken
/// loader that is neither observed (``StoredLoader/isObserved``) nor loading; a loader that is
/// observed or loading is kept whatever the limit, and the key just taken is never the one let
/// go. What a dropped loader had stays wherever its cache keeps it (``WebLoader/cache``): `make`
/// gives the new loader of that key the same cache, and it restores what was last written.
///
/// ```swift
/// let details = LoaderStore<String, RepositoryLoader>(limit: 20) { fullName in
///   let loader = RepositoryLoader(apiClient: client, fullName: fullName)
///   loader.cache = LoaderCache(store: store, key: LoaderCacheKey(namespace: api, name: fullName))
///   return loader
/// }
/// details.loader(for: "apple/swift")?.load()
/// ```
@MainActor
public final class LoaderStore<Key: Hashable, Loader: StoredLoader> {
  /// The most loaders kept, unless more are observed or loading.
  public let limit: Int
  /// The most dropped keys ``dropped`` remembers.
  public static var droppedMemory: Int { 20 }

  private let make: (Key) -> Loader?
  private var kept: [Key: Loader] = [:]
  private var recency: [Key] = []

  /// The keys let go of, oldest first (the last ``droppedMemory``); a key taken again is
  /// removed from it.
  public private(set) var dropped: [Key] = []

  /// A store keeping at most `limit` loaders (more only while they are observed or loading),
  /// made by `make`.
  ///
  /// - Parameters:
  ///   - limit: The most loaders kept; at least 1.
  ///   - make: Makes the loader of a key the first time it is taken (and again after the store
  ///     let go of it); `nil` for a key that names nothing.
  public init(limit: Int, make: @escaping (Key) -> Loader?) {
    precondition(limit >= 1, "a LoaderStore keeps at least one loader")
    self.limit = limit
    self.make = make
  }

  /// The loader kept under `key`, made when there is none; the key becomes the most recently
  /// taken, and loaders past the limit are let go of.
  ///
  /// - Parameter key: Which loader.
  /// - Returns: The loader, the same instance for as long as it is kept; `nil` when `make`
  ///   made none.
  public func loader(for key: Key) -> Loader? {
    if let loader = kept[key] {
      recency.removeAll { $0 == key }
      recency.append(key)
      trim(sparing: key)
      return loader
    }
    guard let loader = make(key) else { return nil }
    kept[key] = loader
    recency.append(key)
    dropped.removeAll { $0 == key }
    trim(sparing: key)
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

  /// Lets go of the least recently taken loaders that are neither observed nor loading, until
  /// at most ``limit`` are kept or only those are left. Taking a key does this; call it when a
  /// loader stops being observed or loading to give its memory back sooner.
  public func trim() { trim(sparing: nil) }

  private func trim(sparing spared: Key?) {
    var index = 0
    while kept.count > limit, index < recency.count {
      let key = recency[index]
      guard key != spared, let loader = kept[key], !loader.isObserved, !loader.isLoading
      else {
        index += 1
        continue
      }
      kept[key] = nil
      recency.remove(at: index)
      dropped.append(key)
      if dropped.count > Self.droppedMemory { dropped.removeFirst() }
    }
  }
}
