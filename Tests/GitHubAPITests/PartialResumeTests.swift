import ApexyLoader
import Foundation
import XCTest

@testable import DemoAPI
@testable import GitHubAPI

/// A list of 100 pages that fails part-way keeps the pages read, and the next load, in this run
/// or the next, asks only for the pages it did not read.
@MainActor
final class PartialResumeTests: XCTestCase {
  private let keys = GitHubCacheKeys(namespace: "built-in partial")

  /// The built-in server with 1,000 repositories in pages of 10; `latency` spread over them.
  private func serve(latency: TimeInterval = 0) throws -> (DemoServer, URL) {
    let server = DemoServer(
      options: .init(
        organizationLatency: 0, repositoriesLatency: latency, maximumPageSize: 10,
        repositoryCount: 1_000))
    let url = try server.start()
    addTeardownBlock { server.stop() }
    return (server, url)
  }

  private func loaders(_ url: URL, store: LoaderCacheStore? = nil) -> GitHubLoaders {
    let loaders = GitHubLoaders(
      testing: GitHubConfiguration(
        baseURL: url, owner: "RedMadRobot", ownerKind: .organization, retries: 0))
    if let store { loaders.attachCache(store: store, keys: keys) }
    return loaders
  }

  /// Loads and waits until the load ends.
  private func load(_ loader: RepositoriesLoader) async {
    loader.load()
    for await state in loader.states where !state.isLoading { break }
  }

  /// The page numbers of the repository pages `server` was asked for, from the `from`th request
  /// (its log keeps the last 200).
  private func pagesAsked(_ server: DemoServer, from: Int = 0) -> [Int] {
    server.requests.dropFirst(from).compactMap { request in
      request.path.hasSuffix("/repos") ? request.queryValue("page").flatMap { Int($0) } : nil
    }
  }

  /// Loads until two pages are read, then turns the outage on: a later page fails.
  private func failPartWay(_ loader: RepositoriesLoader, server: DemoServer) async -> Int {
    var observation: LoaderObservation?
    observation = loader.observe {
      guard let read = loader.partialContent?.progress.pagesRead, read >= 2 else { return }
      server.outage = true
      observation = nil
    }
    await load(loader)
    withExtendedLifetime(observation) {}
    server.outage = false
    return loader.partialContent?.progress.pagesRead ?? 0
  }

  func testAFailurePartWayKeepsThePagesReadAndTheNextLoadGoesOn() async throws {
    let (server, url) = try serve()
    let loader = loaders(url).firstOwner.repositories
    let asked = server.requests.count
    let read = await failPartWay(loader, server: server)
    guard case .failure(let error, nil) = loader.state else {
      return XCTFail("the load did not fail with nothing from before: \(loader.state)")
    }
    XCTAssertEqual(
      error as? GitHubError,
      .server(status: 503, message: "Service Unavailable (simulated outage)"))
    let partial = try XCTUnwrap(loader.partialContent)
    XCTAssertGreaterThanOrEqual(read, 2)
    XCTAssertLessThan(read, 100)
    XCTAssertEqual(partial.content.count, read * 10, "every page read")
    XCTAssertEqual(
      partial.progress, PageProgress(pagesRead: read, pageCount: 100, itemCount: read * 10))
    XCTAssertEqual(loader.pageProgress, partial.progress)
    XCTAssertEqual(
      pagesAsked(server, from: asked), Array(1...read + 1), "each page once, none after the failure"
    )

    let before = server.requests.count
    await load(loader)
    let all = try XCTUnwrap(loader.state.content)
    XCTAssertEqual(all.count, 1_000)
    XCTAssertEqual(Set(all.map(\.identity)).count, 1_000)
    XCTAssertEqual(
      Array(all.prefix(read * 10)), Array(partial.content), "the pages read come first")
    XCTAssertEqual(pagesAsked(server, from: before), Array(read + 1...100), "only pages not read")
    XCTAssertNil(loader.partialContent)
    XCTAssertEqual(
      loader.pageProgress, PageProgress(pagesRead: 100, pageCount: 100, itemCount: 1_000))
  }

  /// A page answered 200 with a body that is not the list (HTML, and no `Link` header) fails
  /// the load part-way: the progress counts the pages kept, of the count the pages before
  /// said, not a list that ended there.
  func testAnUnreadablePageWithoutLinksIsAFailurePartWayNotTheEnd() async throws {
    let server = DemoServer(
      options: .init(
        organizationLatency: 0, repositoriesLatency: 0, maximumPageSize: 10,
        repositoryCount: 1_000, failureMode: .html, failingPages: [3]))
    let url = try server.start()
    addTeardownBlock { server.stop() }
    let loader = loaders(url).firstOwner.repositories
    await load(loader)
    guard case .failure(let error, nil) = loader.state else {
      return XCTFail("the load did not fail: \(loader.state)")
    }
    XCTAssertEqual(
      error as? GitHubError, .unreadable(detail: "the body is HTML, expected JSON"))
    XCTAssertEqual(loader.partialContent?.content.count, 20)
    XCTAssertEqual(loader.pageProgress, PageProgress(pagesRead: 2, pageCount: 100, itemCount: 20))
    XCTAssertEqual(loader.pageProgress?.isComplete, false, "the list did not end at page 3")
  }

  func testANewStartGoesOnFromThePagesAFailedLoadRead() async throws {
    let store = temporaryStore("partial")
    let (server, url) = try serve()
    let first = loaders(url, store: store)
    let read = await failPartWay(first.firstOwner.repositories, server: server)
    let partial = try XCTUnwrap(first.firstOwner.repositories.partialContent)
    await first.flush()

    // The built-in server of the next run listens on another port: the pages go on there.
    let (next, nextURL) = try serve()
    XCTAssertNotEqual(url, nextURL)
    let second = loaders(nextURL, store: store)
    XCTAssertEqual(second.firstOwner.repositories.state, .initial, "partial content is not content")
    XCTAssertEqual(second.firstOwner.repositories.partialContent?.content, partial.content)
    XCTAssertEqual(second.firstOwner.repositories.partialContent?.progress, partial.progress)
    XCTAssertNil(second.cacheProblem)
    await load(second.firstOwner.repositories)
    XCTAssertEqual(second.firstOwner.repositories.state.content?.count, 1_000)
    XCTAssertEqual(
      second.firstOwner.repositories.state.content.map { Array($0.prefix(read * 10)) },
      Array(partial.content))
    XCTAssertEqual(pagesAsked(next), Array(read + 1...100))
    await second.flush()

    // The complete list replaced the partial one.
    let third = loaders(nextURL, store: store)
    XCTAssertEqual(third.firstOwner.repositories.state.content?.count, 1_000)
    XCTAssertNil(third.firstOwner.repositories.partialContent)
  }

  func testQuittingInTheMiddleOfALoadKeepsThePagesRead() async throws {
    let store = temporaryStore("partial")
    // 20 ms a page: the load is still under way when three pages are read.
    let (_, url) = try serve(latency: 2)
    let saved = try await quitAfterThreePages(url, store: store)

    // The next run's server listens on another port.
    let (next, nextURL) = try serve()
    let second = loaders(nextURL, store: store)
    XCTAssertEqual(second.firstOwner.repositories.partialContent?.content, saved.content)
    await load(second.firstOwner.repositories)
    XCTAssertEqual(second.firstOwner.repositories.state.content?.count, 1_000)
    let read = saved.progress.pagesRead
    XCTAssertEqual(pagesAsked(next), Array(read + 1...100))
  }

  /// Starts a load, and once three pages are read does what the app does on its way out: waits
  /// for the cache writes, then lets go of the loaders. Returns the partial content then.
  private func quitAfterThreePages(_ url: URL, store: LoaderCacheStore) async throws
    -> PartialContent<RepositoryList>
  {
    let first = loaders(url, store: store)
    let loader = first.firstOwner.repositories
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      var observation: LoaderObservation?
      observation = loader.observe {
        guard (loader.partialContent?.progress.pagesRead ?? 0) >= 3, observation != nil else {
          return
        }
        observation = nil
        done.resume()
      }
      loader.load()
    }
    XCTAssertTrue(loader.state.isLoading)
    let saved = try XCTUnwrap(loader.partialContent)
    XCTAssertTrue(first.waitForCacheWrites(timeout: 5))
    return saved
  }
}
