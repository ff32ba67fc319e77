import ApexyLoader
import AppTestSupport
import Foundation
import XCTest

@testable import AppModel
@testable import GitHubAPI

/// What the app says of a list read page by page: how far, in any error's line, and where
/// it stopped.
final class PageNotesTests: XCTestCase {
  private let pages = PageProgress(pagesRead: 29, pageCount: 50, itemCount: 2_900)

  private func line(_ error: Error, _ how: String = "after 29 of 50 pages (2,900 shown)")
    -> String
  {
    PageNotes.line(ErrorMessage.line(for: error, host: "h:1", timeout: 15), stopped: how)
  }

  func testHowFarGoesAfterTheFirstClauseOfAnyError() {
    let reset = Date(timeIntervalSince1970: 1_000_000)
    XCTAssertEqual(
      line(GitHubError.rateLimited(status: 403, reset: reset)),
      "Rate limit hit (HTTP 403) after 29 of 50 pages (2,900 shown); it resets at "
        + "\(ErrorMessage.clock(reset)) (local time).")
    XCTAssertEqual(
      line(GitHubError.server(status: 502, message: "Bad Gateway")),
      "Server error (HTTP 502: Bad Gateway) after 29 of 50 pages (2,900 shown); try again later.")
    XCTAssertEqual(
      line(URLError(.networkConnectionLost)),
      "The connection to h:1 was lost. Stopped after 29 of 50 pages (2,900 shown).",
      "a line of one clause gets a sentence of its own")
    XCTAssertEqual(
      line(URLError(.cannotConnectToHost)),
      "Cannot connect to h:1: is the server running? Stopped after 29 of 50 pages (2,900 shown).")
  }

  func testHowFarCountsThePagesAndSaysWhenTheCountIsUnknown() {
    XCTAssertEqual(PageNotes.after(pages), "after 29 of 50 pages")
    XCTAssertEqual(
      PageNotes.after(PageProgress(pagesRead: 1, pageCount: nil, itemCount: 100)), "after 1 page")
    XCTAssertEqual(PageNotes.soFar(pages), "2,900 so far · page 29/50")
    XCTAssertEqual(
      PageNotes.soFar(PageProgress(pagesRead: 3, itemCount: 300)), "300 so far · page 3")
  }

  func testTheCapNamesItselfAndTheAdvice() {
    XCTAssertEqual(
      PageNotes.cap(3, items: 300, advice: "raise it with --page-cap"),
      "Stopped at the cap of 3 pages (300 repositories); raise it with --page-cap.")
    XCTAssertEqual(
      PageNotes.cap(1, items: 1, advice: nil), "Stopped at the cap of 1 page (1 repository).")
  }

  func testTheLimitSaysHowManyAreShownAndTheFlag() {
    XCTAssertEqual(
      PageNotes.limit(1_500, flag: "--limit"), "First 1,500 repositories (--limit 1500).")
    XCTAssertEqual(PageNotes.limit(1, flag: nil), "First repository.")
  }

  func testMorePagesThanRequestsLeftIsSaidAndEnoughIsNot() {
    let reset = Date(timeIntervalSince1970: 1_000_000)
    XCTAssertEqual(
      PageNotes.rateLimitShort(pages, RateLimit(limit: 60, remaining: 20, reset: reset)),
      "21 pages to read, 20 requests left until \(ErrorMessage.clock(reset)).")
    XCTAssertNil(
      PageNotes.rateLimitShort(pages, RateLimit(limit: 5000, remaining: 4_000, reset: reset)))
    XCTAssertNil(
      PageNotes.rateLimitShort(
        PageProgress(pagesRead: 3, itemCount: 300), RateLimit(limit: 60, remaining: 0, reset: reset)
      ),
      "no page count, nothing to compare")
  }
}
