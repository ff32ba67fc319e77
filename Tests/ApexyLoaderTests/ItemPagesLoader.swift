import ApexyHTTP
import ApexyLoader
import ApexyLoaderTesting
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `GET {url}`: one page of a list, its body the items separated by commas; any non-2xx status
/// fails validation.
struct ItemPageEndpoint: Endpoint {
  let url: URL

  func makeRequest() throws -> URLRequest { URLRequest(url: url) }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    guard (200..<300).contains(response.statusCode) else {
      throw StatusError(status: response.statusCode)
    }
  }

  func content(from response: URLResponse?, with body: Data) throws -> LinkedPage<String> {
    let text = String(decoding: body, as: UTF8.self)
    return LinkedPage(items: text.split(separator: ",").map(String.init), response: response)
  }
}

/// Reads the list at `https://items.test/list?page=1` with `requestPages`, an item being its
/// own identity.
@MainActor
final class ItemPagesLoader: WebLoader<[String]>, ContentLoading {
  /// The URL of page `number`.
  nonisolated static func page(_ number: Int) -> URL {
    URL(string: "https://items.test/list?page=\(number)")!
  }

  var pageCap = 100

  func load() {
    guard startLoading() else { return }
    requestPages(
      from: ItemPageEndpoint(url: Self.page(1)), pageCap: pageCap, id: { $0 },
      page: ItemPageEndpoint.init)
  }
}

extension ScriptedClient {
  /// Answers the oldest request with a page of `items` whose `Link` header has `next` and
  /// `last` (page numbers), as GitHub sends them; returns the URL it answered.
  @discardableResult
  func respondPage(_ items: String, next: Int? = nil, last: Int? = nil) -> String? {
    var links: [String] = []
    if let next { links.append("<\(ItemPagesLoader.page(next).absoluteString)>; rel=\"next\"") }
    if let last { links.append("<\(ItemPagesLoader.page(last).absoluteString)>; rel=\"last\"") }
    let headers = links.isEmpty ? [:] : ["Link": links.joined(separator: ", ")]
    return respond(headers: headers, body: items)?.url?.absoluteString
  }

  /// The URLs of the requests waiting for an answer.
  var waitingURLs: [String] { waiting.compactMap { $0.request.url?.absoluteString } }
}

extension PageProgress {
  /// `pagesRead` pages of `pageCount` read, with `itemCount` items.
  static func read(_ pagesRead: Int, of pageCount: Int?, items itemCount: Int, cap: Int? = nil)
    -> PageProgress
  {
    PageProgress(
      pagesRead: pagesRead, pageCount: pageCount, itemCount: itemCount, stoppedAtCap: cap)
  }
}

extension LoaderPagesStep<[String]> {
  /// A load under way or stopped: `state`, with `items` read so far as partial content and
  /// `progress` in both facets. Under way, the partial content goes on at the page after those
  /// read (pages numbered from 1); stopped, at `resume`.
  static func partial(
    _ state: LoadingState<[String]>, _ items: [String], _ progress: PageProgress,
    resume: PageResume? = nil
  ) -> Self {
    let read = (0..<progress.pagesRead).map { ItemPagesLoader.page($0 + 1).absoluteString }
    let resume =
      state.isLoading
      ? PageResume(
        firstPage: read[0], next: ItemPagesLoader.page(progress.pagesRead + 1), visited: read,
        pageCount: progress.pageCount) : resume
    return Self(
      state, partial: PartialContent(content: items, progress: progress, resume: resume),
      progress: progress)
  }
}
