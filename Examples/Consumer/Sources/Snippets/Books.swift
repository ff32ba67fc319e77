import ApexyHTTP
import ApexyLoader

/// A book of the API the snippets talk to.
public struct Book: Codable, Equatable, Sendable {
  /// Its identifier.
  public let id: Int
  /// Its title.
  public let title: String

  /// A book.
  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

/// `GET books`: every book.
public struct BooksEndpoint: Endpoint {
  /// The endpoint.
  public init() {}

  /// The request.
  public func makeRequest() throws -> URLRequest { get(URL(string: "books")!) }

  /// The books.
  public func content(from response: URLResponse?, with body: Data) throws -> [Book] {
    try JSONDecoder().decode([Book].self, from: body)
  }
}

/// `GET books/ID`: one book.
public struct BookEndpoint: Endpoint {
  let id: Int

  /// The endpoint of book `id`.
  public init(id: Int) { self.id = id }

  /// The request.
  public func makeRequest() throws -> URLRequest { get(URL(string: "books/\(id)")!) }

  /// The book.
  public func content(from response: URLResponse?, with body: Data) throws -> Book {
    try JSONDecoder().decode(Book.self, from: body)
  }
}

/// A page of books, with the links to the others.
public struct BooksPageEndpoint: Endpoint, Sendable {
  let url: URL

  /// The page at `url`.
  public init(url: URL) { self.url = url }

  /// The first page.
  public static let first = BooksPageEndpoint(url: URL(string: "pages?page=1")!)

  /// The request.
  public func makeRequest() throws -> URLRequest { get(url) }

  /// The page's books and links.
  public func content(from response: URLResponse?, with body: Data) throws -> LinkedPage<Book> {
    LinkedPage(
      items: try JSONDecoder().decode([Book].self, from: body),
      links: PageLinks(response: response))
  }
}

extension BooksEndpoint: URLRequestBuildable {}
extension BookEndpoint: URLRequestBuildable {}
extension BooksPageEndpoint: URLRequestBuildable {}

/// Every book, as Apexy's loaders are written.
public final class BooksLoader: WebLoader<[Book]>, ContentLoading {
  /// Loads the books.
  public func load() {
    guard startLoading() else { return }
    request(BooksEndpoint())
  }

  /// Reads one more page of the paginated list.
  public func loadNextPage() {
    requestNextPage(from: BooksPageEndpoint.first, id: \.id) { BooksPageEndpoint(url: $0) }
  }
}

/// One book, kept by id in a store.
public final class BookLoader: WebLoader<Book>, ContentLoading {
  /// The book's id.
  public let id: Int

  /// The loader of book `id`.
  public init(apiClient: Client, id: Int) {
    self.id = id
    super.init(apiClient: apiClient)
  }

  /// Loads the book.
  public func load() {
    guard startLoading() else { return }
    request(BookEndpoint(id: id))
  }
}
