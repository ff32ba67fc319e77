import Foundation

extension ContentLoader where Content: Sendable {
  /// The content of the load under way, or of the last one: waits while the loader is
  /// loading (or has not loaded yet), then returns the content of a success or throws the
  /// error of a failure. For code that awaits a result instead of observing every state.
  ///
  /// ```swift
  /// books.load()
  /// let shelf = try await books.value
  /// ```
  ///
  /// It starts no load: ``fetch()`` does. Cancelling the awaiting task throws
  /// `CancellationError`; the load goes on.
  public var value: Content {
    get async throws {
      for await state in states {
        switch state {
        case .success(let content): return content
        case .failure(let error, _): throw error
        case .initial, .loading: continue
        }
      }
      throw CancellationError()
    }
  }

  /// Loads (``ContentLoading/load()``, when the loader is one) and returns the content of that
  /// load, or throws its error, as TanStack Query's `fetchQuery`. A load under way is awaited,
  /// not started again.
  ///
  /// - Returns: The content of the load.
  /// - Throws: The load's error; `CancellationError` when the task is cancelled first (the
  ///   load goes on).
  public func fetch() async throws -> Content {
    (self as? ContentLoading)?.load()
    return try await value
  }

  /// The content the loader has (a success's, or the cache of a load or failure), or, when it
  /// has none, that of a load started for it (``fetch()``), as TanStack Query's
  /// `ensureQueryData`.
  ///
  /// - Returns: The content.
  /// - Throws: The load's error, when one was needed and failed.
  public func ensureContent() async throws -> Content {
    if let content = state.content { return content }
    return try await fetch()
  }
}
