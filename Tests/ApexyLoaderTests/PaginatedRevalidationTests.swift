import ApexyHTTP
import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One page, undecoded: a comma-separated body and the next page's URL from a `Next` header.
struct RawPage {
  let body: Data
  let next: URL?
}

/// A decoded page, as a paginated loader keeps it for a 304 to reuse.
struct DecodedPage {
  let items: [String]
  let next: URL?
}

/// `GET {url}`: one page of a list.
struct PageEndpoint: Endpoint {
  let url: URL

  func makeRequest() throws -> URLRequest { URLRequest(url: url) }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    guard (200..<300).contains(response.statusCode) else {
      throw StatusError(status: response.statusCode)
    }
  }

  func content(from response: URLResponse?, with body: Data) throws -> RawPage {
    let next = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Next")
    return RawPage(body: body, next: next.flatMap(URL.init(string:)))
  }
}

/// Follows `Next` from page 1 to the last page, revalidating each page.
@MainActor
final class PagesLoader: WebLoader<[String]>, ContentLoading {
  let pages = RevalidationCache<DecodedPage>()
  let decodes = Counter()

  func load() {
    guard startLoading() else { return }
    fetch(URL(string: "list?page=1")!, items: [], changed: false)
  }

  private func fetch(_ url: URL, items: [String], changed: Bool) {
    let endpoint = pages.conditional(PageEndpoint(url: url))
    request(endpoint) { [weak self] result in
      guard let self else { return }
      do {
        let (page, modified) = try self.pages.resolve(result.get(), for: endpoint) { raw in
          self.decodes.increment()
          let text = String(decoding: raw.body, as: UTF8.self)
          return DecodedPage(items: text.split(separator: ",").map(String.init), next: raw.next)
        }
        let changed = changed || modified
        if let next = page.next {
          self.fetch(next, items: items + page.items, changed: changed)
        } else if changed {
          self.finishLoading(.success(items + page.items))
        } else {
          self.finishNotModified()
        }
      } catch {
        self.finishLoading(.failure(error))
      }
    }
  }
}

@MainActor
final class PaginatedRevalidationTests: XCTestCase {
  private let clock = ManualScheduler()
  private let client = ScriptedClient()

  private func loadThreePages(_ loader: PagesLoader) {
    loader.load()
    client.respond(headers: ["ETag": "p1", "Next": "list?page=2"], body: "a,b")
    client.respond(headers: ["ETag": "p2", "Next": "list?page=3"], body: "c,d")
    client.respond(headers: ["ETag": "p3"], body: "e")
  }

  private func makeLoader() -> PagesLoader {
    let loader = PagesLoader(apiClient: client)
    loader.scheduler = clock
    return loader
  }

  func testWhenEveryPageIsNotModifiedTheListIsKeptAsItIs() async {
    let loader = makeLoader()
    loadThreePages(loader)
    XCTAssertEqual(loader.state, .success(content: ["a", "b", "c", "d", "e"]))
    let before = loader.state.content?.withUnsafeBufferPointer { $0.baseAddress }

    clock.advance(by: 30)
    loader.load()
    var sent: [String?] = []
    for _ in 0..<3 {
      sent.append(client.respond(status: 304)?.value(forHTTPHeaderField: "If-None-Match"))
    }
    XCTAssertEqual(sent, ["p1", "p2", "p3"])
    XCTAssertEqual(loader.state, .success(content: ["a", "b", "c", "d", "e"]))
    let after = loader.state.content?.withUnsafeBufferPointer { $0.baseAddress }
    XCTAssertEqual(before, after, "the very same array, not a rebuilt one")
    XCTAssertEqual(loader.decodes.value, 3, "no page decoded again")
    XCTAssertEqual(loader.freshness, Freshness(lastConfirmed: clock.now, wasNotModified: true))
  }

  func testWhenOnePageChangedTheListIsRebuiltFromNewAndKeptPages() async {
    let loader = makeLoader()
    loadThreePages(loader)
    loader.load()
    client.respond(status: 304)
    client.respond(headers: ["ETag": "p2b", "Next": "list?page=3"], body: "C,D,D2")
    client.respond(status: 304)
    XCTAssertEqual(loader.state, .success(content: ["a", "b", "C", "D", "D2", "e"]))
    XCTAssertEqual(loader.decodes.value, 4)
    XCTAssertEqual(loader.freshness.wasNotModified, false)

    loader.load()
    XCTAssertEqual(client.respond(status: 304)?.value(forHTTPHeaderField: "If-None-Match"), "p1")
    XCTAssertEqual(client.respond(status: 304)?.value(forHTTPHeaderField: "If-None-Match"), "p2b")
    client.respond(status: 304)
    XCTAssertEqual(loader.state, .success(content: ["a", "b", "C", "D", "D2", "e"]))
    XCTAssertEqual(loader.decodes.value, 4)
  }

  func testANotModifiedPageWithNothingStoredFailsClearly() async {
    let loader = makeLoader()
    let endpoint = ConditionalEndpoint(
      PageEndpoint(url: URL(string: "list?page=9")!), validators: ResponseValidators(etag: "x"))
    XCTAssertThrowsError(try loader.pages.reused(for: endpoint)) { error in
      XCTAssertEqual(
        error.localizedDescription,
        "The server answered 304 Not Modified for list?page=9, but no earlier answer is stored.")
    }
  }
}
