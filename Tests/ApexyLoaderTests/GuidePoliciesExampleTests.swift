import ApexyHTTP
import ApexyLoader
import Foundation
import LoopbackHTTP
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The library guide's policies example, run against a loopback server that sends an `ETag` and a
/// rate limit and answers a matching `If-None-Match` with 304.
@MainActor
final class GuidePoliciesExampleTests: XCTestCase {
  func testPoliciesExampleRevalidatesAndReportsTheRateLimit() async throws {
    let remaining = Counter()
    let server = HTTPServer { request in
      remaining.increment()
      let limit = [
        ("x-ratelimit-limit", "5000"), ("x-ratelimit-remaining", "\(5_000 - remaining.value)"),
        ("x-ratelimit-reset", "\(Int(Date().timeIntervalSince1970) + 3_600)"), ("ETag", #""b1""#),
      ]
      if request.headers["if-none-match"] == #""b1""# {
        return .respond(HTTPResponse(status: 304, headers: limit))
      }
      return .respond(HTTPResponse(headers: limit, body: Data(#"[{"id":1,"title":"Dune"}]"#.utf8)))
    }
    try server.start()
    defer { server.stop() }
    let client = URLSessionClient(baseURL: server.baseURL)

    // MARK: - The library guide's example (docs/libraries.md), verbatim

    let rateLimit = RateLimitGate()  // one per API limit, shared by the loaders that spend it
    let books = BooksLoader(apiClient: client)
    books.policies = LoaderPolicies(
      retry: RetryPolicy(maxRetries: 3, maxServerWait: 30),  // backoff 1 s, 2 s, 4 s, jittered
      revalidates: true,  // If-None-Match / If-Modified-Since; a 304 keeps the content
      rateLimit: rateLimit,  // used up: fail at once, saying when it resets
      staleAfter: 600,  // books.isStale after ten minutes without confirmation
      refreshInterval: 60)  // revalidate every minute, or as X-Poll-Interval asks

    var status: [String] = []
    let observation = books.observe {
      if let retry = books.retryStatus {
        let wait = Int(retry.secondsLeft(at: books.scheduler.now).rounded(.up))
        status.append("retrying in \(wait)s (\(retry.retry)/\(retry.maxRetries))")
      } else if !books.state.isLoading {
        var line = books.freshness.wasNotModified ? "not modified" : "updated"
        if let limit = books.lastResponse?.rateLimit {
          line += ", \(limit.remaining)/\(limit.limit) left"
        }
        status.append(line)
      }
    }
    books.load()

    // MARK: - What it shows

    for await state in books.states where !state.isLoading { break }
    books.load()
    for await state in books.states where !state.isLoading { break }
    XCTAssertEqual(books.state, .success(content: [Book(id: 1, title: "Dune")]))
    XCTAssertEqual(status, ["updated, 4999/5000 left", "not modified, 4998/5000 left"])
    XCTAssertEqual(rateLimit.current?.remaining, 4_998)
    XCTAssertFalse(books.isStale)
    withExtendedLifetime(observation) {}
  }
}
