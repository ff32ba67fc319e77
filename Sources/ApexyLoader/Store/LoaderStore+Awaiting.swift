import Foundation

/// A ``LoaderStore`` made no loader for a key (its `make` answered `nil`).
public struct NoLoaderError: LocalizedError, Sendable {
  /// The key, as text.
  public let key: String

  /// "There is no loader for KEY."
  public var errorDescription: String? { "There is no loader for \(key)." }
}

extension LoaderStore {
  /// Loads the loader of `key` (made when there is none) and returns the content of that load,
  /// as TanStack Query's `fetchQuery`; a load under way is awaited, not started again.
  ///
  /// - Parameter key: Which loader.
  /// - Returns: The content of the load.
  /// - Throws: ``NoLoaderError`` when the store makes none for `key`; the load's error.
  public func fetch<Content: Sendable>(_ key: Key) async throws -> Content
  where Loader: ContentLoader<Content> {
    guard let loader = loader(for: key) else { throw NoLoaderError(key: "\(key)") }
    return try await loader.fetch()
  }

  /// The content the loader of `key` has, or, when it has none, that of a load started for it,
  /// as TanStack Query's `ensureQueryData`.
  ///
  /// - Parameter key: Which loader.
  /// - Returns: The content.
  /// - Throws: ``NoLoaderError`` when the store makes none for `key`; the load's error.
  public func ensureContent<Content: Sendable>(_ key: Key) async throws -> Content
  where Loader: ContentLoader<Content> {
    guard let loader = loader(for: key) else { throw NoLoaderError(key: "\(key)") }
    return try await loader.ensureContent()
  }
}
