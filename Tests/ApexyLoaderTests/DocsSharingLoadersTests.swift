import ApexyHTTP
import ApexyHTTPTesting
import ApexyLoader
import XCTest

// MARK: - The article's code (private here; the article shows it without `private`)

/// What screens see of the books loader: its state, and `load()`.
@MainActor
private protocol BooksLoading: ContentLoading {
  var state: LoadingState<[Book]> { get }
}

extension BooksLoader: BooksLoading {}

/// The app's services: one client, and one loader per resource, made when first used.
@MainActor
private final class ServiceLayer {
  static let shared = ServiceLayer()

  private let apiClient = URLSessionClient(
    baseURL: URL(string: "https://shared.booklibrary.example/api/v1/")!)
  private lazy var books = BooksLoader(apiClient: apiClient)
  private lazy var author = AuthorLoader(apiClient: apiClient)

  var booksLoader: BooksLoading { books }
  private(set) lazy var shelfLoader = ShelfLoader(books: books, author: author)
}

/// A list of the books' titles, with what is going on below them.
@MainActor
private final class BookListScreen {
  private let books: BooksLoading
  private var observation: LoaderObservation?
  private(set) var rows: [String] = []

  init(books: BooksLoading = ServiceLayer.shared.booksLoader) {
    self.books = books
    observation = books.observe { [weak self] in self?.render() }
    render()
  }

  func appear() {
    books.load()
  }

  private func render() {
    switch books.state {
    case .initial:
      rows = []
    case .loading(let cache):
      rows = (cache ?? []).map(\.title) + ["Loading…"]
    case .success(let content):
      rows = content.map(\.title)
    case .failure(let error, let cache):
      rows = (cache ?? []).map(\.title) + [error.localizedDescription]
    }
  }
}

/// A badge with the number of books, on another screen.
@MainActor
private final class BookCountBadge {
  private let books: BooksLoading
  private var observation: LoaderObservation?
  private(set) var text = ""

  init(books: BooksLoading = ServiceLayer.shared.booksLoader) {
    self.books = books
    observation = books.observe { [weak self] in
      self?.text = books.state.content.map { "\($0.count)" } ?? ""
    }
  }

  func refresh() {
    books.load()
  }
}

/// The author and the titles as one line, built from two loaders.
@MainActor
private final class ShelfLoader: ContentLoader<String>, ContentLoading {
  private let books: BooksLoader
  private let author: AuthorLoader

  init(books: BooksLoader, author: AuthorLoader) {
    self.books = books
    self.author = author
    super.init()
    let combine: () -> Void = { [weak self] in
      self?.update(
        author.state.merge(books.state) { author, books in
          "\(author.name): \(books.map(\.title).joined(separator: ", "))"
        })
    }
    observations = [books.observe(combine), author.observe(combine)]
  }

  func load() {
    books.load()
    author.load()
  }
}

/// The code of the article "Sharing loaders between screens"
/// (`ApexyLoader.docc/SharingLoaders.md`), as the article shows it, with the loaders of the
/// library guide's example (`GuideExampleTests.swift`) against a stub of the library's API.
@MainActor
final class DocsSharingLoadersTests: XCTestCase {
  private func libraryStub() -> StubTransport {
    StubTransport(host: "shared.booklibrary.example") { request in
      switch request.url?.path {
      case "/api/v1/books": return .json(Data(#"[{"id":1,"title":"Dune"}]"#.utf8))
      case "/api/v1/author": return .json(Data(#"{"name":"Frank Herbert"}"#.utf8))
      default: return .respond(status: 404)
      }
    }
  }

  func testTwoScreensShowOneLoaderAndOneLoadReachesBoth() async {
    let stub = libraryStub()
    let services = ServiceLayer()
    let list = BookListScreen(books: services.booksLoader)
    let badge = BookCountBadge(books: services.booksLoader)

    list.appear()
    XCTAssertEqual(list.rows, ["Loading…"])
    let books = services.booksLoader as! BooksLoader
    for await state in books.states where !state.isLoading { break }
    XCTAssertEqual(list.rows, ["Dune"])
    XCTAssertEqual(badge.text, "1")

    stub.answer { _ in .json(Data(#"[{"id":1,"title":"Dune"},{"id":2,"title":"Emma"}]"#.utf8)) }
    badge.refresh()
    XCTAssertEqual(list.rows, ["Dune", "Loading…"], "the list shows the badge's reload")
    for await state in books.states where !state.isLoading { break }
    XCTAssertEqual(list.rows, ["Dune", "Emma"])
    XCTAssertEqual(badge.text, "2")
  }

  func testScreensMadeWithTheirDefaultsShareTheServiceLayersLoader() async {
    let list = BookListScreen()
    let badge = BookCountBadge()
    XCTAssertEqual(list.rows, [])
    XCTAssertEqual(badge.text, "")
    XCTAssertTrue(ServiceLayer.shared.booksLoader === ServiceLayer.shared.booksLoader)
  }

  func testALoaderBuiltFromTwoFollowsBoth() async {
    let stub = libraryStub()
    let shelf = ServiceLayer().shelfLoader
    shelf.load()
    for await state in shelf.states where !state.isLoading && state != .initial { break }
    XCTAssertEqual(shelf.state, .success(content: "Frank Herbert: Dune"))
    XCTAssertEqual(stub.requests.count, 2)
  }

  func testAScreenTakesAnyLoaderOfTheRightShape() async {
    let loader = BooksLoader(apiClient: URLSessionClient(baseURL: URL(string: "https://x.test/")!))
    loader.finishLoading(.success([Book(id: 3, title: "Emma")]))
    let screen = BookListScreen(books: loader)
    XCTAssertEqual(screen.rows, ["Emma"])
    loader.finishLoading(.failure(URLError(.timedOut)))
    XCTAssertEqual(screen.rows.count, 2)
    XCTAssertEqual(screen.rows.first, "Emma")
  }
}
