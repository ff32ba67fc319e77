/// What a ``LoaderStore`` asks of the loaders it keeps: whether anything still needs one.
@MainActor
public protocol StoredLoader: AnyObject {
  /// How many observations of the loader are held (a screen's, a `states` stream's).
  var observerCount: Int { get }
  /// Whether the loader is loading now.
  var isLoading: Bool { get }
}

extension ContentLoader: StoredLoader {
  /// Whether ``state`` is `.loading`.
  public var isLoading: Bool { state.isLoading }
}

/// Loaders kept by key: one loader per key, made the first time the key is taken and handed out
/// again for as long as it is kept, as TanStack Query keeps a query per query key.
///
/// It keeps at most ``limit`` loaders that nothing needs. Past the limit it lets go of the least
/// recently taken loader that is neither observed nor loading; a loader that is observed or
/// loading is kept whatever the limit, and the key just taken is never the one let go. What a
/// dropped loader had stays wherever its cache keeps it (``WebLoader/cache``): `make` gives the
/// new loader of that key the same cache, and it restores the content at once.
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
  /// The most loaders kept that nothing needs.
  public let limit: Int
  /// The most dropped keys ``dropped`` remembers.
  public static var droppedMemory: Int { 20 }

  private let make: (Key) -> Loader?
  private var kept: [Key: Loader] = [:]
  private var recency: [Key] = []

  /// The keys let go of, oldest first (the last ``droppedMemory``); a key taken again is
  /// removed from it.
  public private(set) var dropped: [Key] = []

  /// A store keeping at most `limit` loaders that nothing needs, made by `make`.
  ///
  /// - Parameters:
  ///   - limit: The most loaders kept that are neither observed nor loading; at least 1.
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
  public var observedKeys: [Key] { recency.filter { kept[$0].map(\.observerCount) ?? 0 > 0 } }

  /// Lets go of the least recently taken loaders that nothing needs, until at most ``limit``
  /// are kept or only needed ones are left. Taking a key does this; call it when a loader
  /// stops being observed to give its memory back sooner.
  public func trim() { trim(sparing: nil) }

  private func trim(sparing spared: Key?) {
    var index = 0
    while kept.count > limit, index < recency.count {
      let key = recency[index]
      guard key != spared, let loader = kept[key], loader.observerCount == 0, !loader.isLoading
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
