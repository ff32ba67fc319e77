extension LoaderStore {
  // MARK: - Invalidate

  /// Loads the loader of `key` again, as TanStack Query's `invalidateQueries`: at once when it
  /// is in use (a screen shows it), otherwise the next time the key is taken.
  ///
  /// - Parameter key: Which loader; nothing happens when none is kept.
  public func invalidate(_ key: Key) {
    invalidate { $0 == key }
  }

  /// Loads again every kept loader whose key matches, as ``invalidate(_:)`` does one.
  ///
  /// - Parameter matches: Whether a key is to be loaded again.
  public func invalidate(where matches: (Key) -> Bool) {
    for key in recency where matches(key) {
      guard let loader = kept[key] else { continue }
      if isInUse(key) {
        loader.loadInStore()
      } else {
        invalidated.insert(key)
      }
      changeObservers.tell(.invalidated(key))
    }
  }

  /// The keys invalidated while not in use, loaded when next taken; least recently taken first.
  public var invalidatedKeys: [Key] { recency.filter(invalidated.contains) }

  // MARK: - Remove

  /// Forgets the loader of `key` now, in use or not, as TanStack Query's `removeQueries`: the
  /// next time the key is taken, `make` makes a new one. Whoever still holds the old loader
  /// keeps it, apart from the store.
  ///
  /// - Parameter key: Which loader; nothing happens when none is kept.
  public func remove(_ key: Key) {
    forget(key, as: .removed(key))
  }

  /// Forgets every kept loader whose key matches, as ``remove(_:)`` does one.
  ///
  /// - Parameter matches: Whether a key's loader is to be forgotten.
  public func remove(where matches: (Key) -> Bool) {
    for key in recency where matches(key) { forget(key, as: .removed(key)) }
  }

  // MARK: - Prefetch

  /// Makes the loader of `key` when none is kept and starts its load, without a screen taking
  /// it: it is kept as any loader not in use is (``limit``, ``releaseAfter``).
  ///
  /// - Parameter key: Which loader.
  /// - Returns: The loader; `nil` when `make` made none.
  @discardableResult
  public func prefetch(_ key: Key) -> Loader? {
    let loader = loader(for: key)
    loader?.loadInStore()
    return loader
  }

  // MARK: - Set content

  /// Shows `content` in the loader of `key` now, as SWR's `mutate`: a load under way is given
  /// up and its answer dropped (``ContentLoader/setContent(_:)``). The key is taken as
  /// ``loader(for:)`` takes it: made when none is kept, and the most recently taken.
  ///
  /// - Parameters:
  ///   - content: What the loader holds from now on.
  ///   - key: Which loader.
  /// - Returns: The loader; `nil` when `make` made none.
  @discardableResult
  public func setContent<Content>(_ content: Content, for key: Key) -> Loader?
  where Loader: ContentLoader<Content> {
    guard let loader = loader(for: key) else { return nil }
    invalidated.remove(key)
    loader.setContent(content)
    changeObservers.tell(.contentSet(key))
    return loader
  }
}
