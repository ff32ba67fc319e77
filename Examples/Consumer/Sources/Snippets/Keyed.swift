import ApexyHTTP
import ApexyLoader

/// Books kept by id: one loader a key, awaited as TanStack Query's `fetchQuery` and
/// `ensureQueryData`, and held by a view that reads a loader only through Observation.
@MainActor
public final class BookShelf {
  /// The loaders, by id.
  public let books: TotalLoaderStore<Int, BookLoader>

  /// A shelf whose loaders send with `client`.
  public init(client: Client) {
    books = TotalLoaderStore(limit: 10) { BookLoader(apiClient: client, id: $0) }
  }

  /// The title of book `id`: loaded now (`fetch`), then as it is kept (`ensureContent`).
  public func title(_ id: Int) async throws -> (fetched: String, ensured: String) {
    let fetched: Book = try await books.fetch(id)
    let ensured: Book = try await books.ensureContent(id)
    return (fetched.title, ensured.title)
  }

  /// Holds book `id` in another task for as long as it runs: the hold is `Sendable`, and its
  /// release there ends it. Returns whether the store counted it in use meanwhile.
  public func holdElsewhere(_ id: Int) async -> Bool {
    let hold = books.hold(id)
    let inUse = books.isInUse(id)
    await Task.detached { withExtendedLifetime(hold) {} }.value
    return inUse
  }
}
