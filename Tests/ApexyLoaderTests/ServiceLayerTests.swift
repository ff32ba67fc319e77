import ApexyHTTP
import ApexyLoader
import XCTest

// MARK: - A service layer as Apexy's example app writes one, ported

/// The app's shared services. Loaders are `@MainActor`, so the type that makes and holds them
/// is too; on iOS it was a plain class used from the main thread by convention.
@MainActor
private final class ServiceLayer {
  static let shared = ServiceLayer()

  let apiClient = FakeClient()
  private(set) lazy var booksLoader = BooksLoader(apiClient: apiClient)
}

/// A screen model taking its loader as a default argument: the default is evaluated in the
/// caller's isolation, so this initializer must be `@MainActor` as well (the class is).
@MainActor
private final class BooksScreen {
  let loader: BooksLoader
  private var observation: LoaderObservation?
  private(set) var titles: [String] = []

  init(loader: BooksLoader = ServiceLayer.shared.booksLoader) {
    self.loader = loader
    observation = loader.observe { [weak self] in
      self?.titles = loader.state.content?.map(\.title) ?? []
    }
  }
}

/// A `@MainActor` test class: on Linux XCTest aborts at discovery when such a class has only
/// synchronous tests, so every test here is `async` (or the class stays non-isolated and its
/// tests hop with `await MainActor.run { … }`).
@MainActor
final class ServiceLayerTests: XCTestCase {
  func testAScreenBuiltWithTheDefaultLoaderSeesTheSharedLoadersState() async {
    let screen = BooksScreen()
    XCTAssertTrue(screen.loader === ServiceLayer.shared.booksLoader)
    screen.loader.load()
    ServiceLayer.shared.apiClient.completeNext(with: .success([Book(id: 1, title: "Dune")]))
    XCTAssertEqual(screen.titles, ["Dune"])
  }

  func testNonIsolatedCodeReachesLoadersThroughTheMainActor() async {
    let loader = await Self.makeLoaderOffTheMainActor()
    XCTAssertEqual(loader.state, .initial)
  }

  /// Code that is not on the main actor (a background task, a non-isolated test) hops to it.
  nonisolated private static func makeLoaderOffTheMainActor() async -> ContentLoader<Int> {
    await MainActor.run { ContentLoader<Int>() }
  }
}
