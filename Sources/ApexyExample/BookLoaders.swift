import ApexyHTTP
import ApexyLoader

/// The library's books.
@MainActor
final class BooksLoader: WebLoader<[Book]>, ContentLoading {
  func load() {
    guard startLoading() else { return }
    request(BooksEndpoint())
  }
}

/// The featured author.
@MainActor
final class AuthorLoader: WebLoader<Author>, ContentLoading {
  func load() {
    guard startLoading() else { return }
    request(AuthorEndpoint())
  }
}
