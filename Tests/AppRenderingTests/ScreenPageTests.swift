import ApexyLoader
import AppTestSupport
import Foundation
import XCTest

@testable import AppModel
@testable import AppRendering
@testable import GitHubAPI

/// A page read below the rows shown draws only the panes' bottom borders and the status bar
/// over the frame before, and what it draws is exactly the full render: a long list read page
/// by page does not render every row of both panes again for each page.
final class ScreenPageTests: XCTestCase {
  private let now = Fixture.now

  /// `state` with `rows` repositories read (the list so far shared, a page more added) in
  /// `read` pages of 50, `remaining` requests left, at `now + seconds`.
  private func read(
    _ state: AppState, rows: Int, pages read: Int, remaining: Int, after seconds: TimeInterval
  ) -> AppState {
    var next = state
    var snapshot = next.repositories.snapshot
    var list = snapshot.partial?.content ?? RepositoryList()
    if rows > list.count {
      list.appendPage(
        (list.count..<rows).map { Repository(name: "repo-\($0 + 1)", language: "Go") }[...])
    }
    let progress = PageProgress(pagesRead: read, pageCount: 50, itemCount: list.count)
    snapshot.status.pages = progress
    snapshot.status.rateLimit = RateLimit(limit: 5000, remaining: remaining, reset: now + 3600)
    snapshot.partial = PartialContent(content: list, progress: progress)
    _ = update(&next, .loaderChanged(.repositories(snapshot), at: now + seconds))
    return next
  }

  func testPagesReadBelowTheRowsShownDrawWhatAFullRenderDraws() {
    for ascii in [false, true] {
      var before = Fixture.readingPages(
        columns: 100, height: 20, pagesRead: 1, pageCount: 50, rows: 100, ascii: ascii)
      var drawn = Screen.render(before)
      for page in 2...12 {
        let next = read(
          before, rows: page * 100, pages: page, remaining: 4_990 - page, after: Double(page))
        guard let paged = Screen.paged(drawn, from: before, to: next) else {
          return XCTFail("page \(page) (ascii \(ascii)) took the full render")
        }
        XCTAssertEqual(paged.lines, Screen.render(next).lines, "page \(page)")
        XCTAssertEqual(paged, Screen.render(next), "page \(page): cells and styles")
        XCTAssertTrue(paged.lines.joined().contains("of \(PageNotes.grouped(page * 100)) so far"))
        (before, drawn) = (next, paged)
      }
    }
  }

  /// Random pages, keys, sorts and sizes between them: whenever a frame is drawn over
  /// the one before, it is the full render. `SCREEN_PAGE_SEED=S` replays one seed.
  func testGeneratedChangesDrawnOverTheFrameBeforeAreTheFullRender() {
    let seeds = SeededGenerator.seeds(replaying: "SCREEN_PAGE_SEED", else: 1...40)
    var partial = 0
    for seed in seeds {
      var random = SeededGenerator(seed: seed)
      var before = Fixture.readingPages(
        columns: Int.random(in: 60...130, using: &random),
        height: Int.random(in: 12...30, using: &random), pagesRead: 1, pageCount: 50,
        rows: Int.random(in: 1...40, using: &random))
      var drawn = Screen.render(before)
      var (rows, pages, events) = (before.visibleRepositories(.result).count, 1, [String]())
      for step in 1...15 {
        var next = before
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6:
          rows += Int.random(in: 0...60, using: &random)
          pages += 1
          next = read(before, rows: rows, pages: pages, remaining: 4_900 - step, after: 0.5)
          events.append("page to \(rows)")
        case 6...7:
          let key = ["j", "k", "s", "\t", "G", "g"].randomElement(using: &random)!
          _ = update(&next, .key(.character(Character(key))))
          events.append("key \(key.debugDescription)")
        case 8:
          let size = Size(
            columns: Int.random(in: 60...130, using: &random),
            rows: Int.random(in: 12...30, using: &random))
          _ = update(&next, .resize(size))
          events.append("size \(size.columns)x\(size.rows)")
        default:
          _ = update(&next, .tick(before.now + 0.1))
          events.append("tick")
        }
        let full = Screen.render(next)
        if let paged = Screen.paged(drawn, from: before, to: next) {
          partial += 1
          XCTAssertEqual(
            paged, full, "seed \(seed) (SCREEN_PAGE_SEED=\(seed)) after \(events)")
        }
        (before, drawn) = (next, full)
      }
    }
    XCTAssertGreaterThan(partial, 40, "pages below the rows shown take the shortcut")
  }

  func testAPageThatShowsARowIsRenderedWhole() {
    let before = Fixture.readingPages(
      columns: 100, height: 30, pagesRead: 1, pageCount: 50, rows: 3)
    let next = read(before, rows: 103, pages: 2, remaining: 4_980, after: 1)
    XCTAssertNil(Screen.paged(Screen.render(before), from: before, to: next), "rows appeared")
  }
}
