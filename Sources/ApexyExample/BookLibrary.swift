import ApexyHTTP
import ApexyLoader
import Foundation

/// The service layer a program shares with its iOS app: one client, the loaders made from it,
/// and what the screens show of them. Nothing here knows it runs in a terminal.
@MainActor
final class BookLibrary {
  let books: BooksLoader
  let author: AuthorLoader

  /// A library whose API root is `baseURL`; keep its trailing slash (`…/api/v1/`), so relative
  /// endpoint paths resolve below it.
  init(baseURL: URL) {
    // Completions on the main queue, as on iOS: the program's main thread must serve it.
    let client = URLSessionClient(baseURL: baseURL)
    books = BooksLoader(apiClient: client)
    author = AuthorLoader(apiClient: client)
    // Retry is a loader policy: a GET that failed for a moment is sent again.
    books.policies = LoaderPolicies(retry: RetryPolicy(maxRetries: 2, baseDelay: 0.2))
  }

  /// The line a screen shows: the author and the titles, once both loaded.
  var shelf: LoadingState<String> {
    author.state.merge(books.state) { author, books in
      "\(author.name): \(books.map(\.title).joined(separator: ", "))"
    }
  }

  /// Loads both and returns once each has succeeded or failed.
  func loadAll() async -> LoadingState<String> {
    books.load()
    author.load()
    await Self.finished(books)
    await Self.finished(author)
    return shelf
  }

  /// Waits, through `states`, until `loader` is neither initial nor loading.
  private static func finished<Content: Sendable>(_ loader: ContentLoader<Content>) async {
    for await state in loader.states {
      switch state {
      case .success, .failure: return
      case .initial, .loading: continue
      }
    }
  }
}
