import Foundation

/// A ``LoaderStore`` whose `make` makes a loader for every key, so ``loader(for:)`` and
/// ``hold(_:)`` answer one, never `nil`.
///
/// ```swift
/// let books = TotalLoaderStore<Int, BookLoader>(limit: 20) { id in
///   BookLoader(apiClient: apiClient, id: id)
/// }
/// books.loader(for: 1).load()
/// ```
@MainActor
public final class TotalLoaderStore<Key: Hashable, Loader: StoredLoader>: LoaderStore<Key, Loader> {
  private let makeAlways: (Key) -> Loader

  /// A store keeping at most `limit` loaders (more only while they are in use), each for at
  /// most `releaseAfter` seconds once not in use, made by `make`.
  ///
  /// - Parameters:
  ///   - limit: The most loaders kept that are not in use; 0 or more.
  ///   - releaseAfter: How long a loader not in use is kept; `nil` for as long as the limit
  ///     allows.
  ///   - scheduler: The clock of `releaseAfter`.
  ///   - isInUse: Whether a loader is in use; by default observed or loading.
  ///   - make: Makes the loader of a key the first time it is taken (and again after the store
  ///     let go of it).
  public init(
    limit: Int = .max, releaseAfter: TimeInterval? = nil,
    scheduler: LoaderScheduler = MainQueueScheduler(), isInUse: ((Loader) -> Bool)? = nil,
    make: @escaping (Key) -> Loader
  ) {
    makeAlways = make
    super.init(
      limit: limit, releaseAfter: releaseAfter, scheduler: scheduler, isInUse: isInUse,
      make: { make($0) })
  }

  /// The loader kept under `key`, made when there is none; the key becomes the most recently
  /// taken, and loaders past the limit are let go of.
  ///
  /// - Parameter key: Which loader.
  /// - Returns: The loader, the same instance for as long as it is kept.
  public override func loader(for key: Key) -> Loader {
    loader(for: key, making: makeAlways)
  }

  /// Keeps the loader of `key`, made when there is none, for as long as the hold is held.
  ///
  /// - Parameter key: Which loader.
  /// - Returns: The hold, with the loader.
  public override func hold(_ key: Key) -> LoaderHold<Loader> {
    hold(loader(for: key), key: key)
  }
}
