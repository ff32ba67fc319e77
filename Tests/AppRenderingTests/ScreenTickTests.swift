import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRendering
@testable import GitHubAPI

/// A tick (the spinner's next frame, the clock) draws only the spinners and the status bar over
/// the frame before, and what it draws is exactly the full render: while a long list loads
/// under the spinner, its rows are not rendered again ten times a second.
final class ScreenTickTests: XCTestCase {
  private let now = Fixture.now

  /// The organization loaded and `rows` repositories read in pages, the load going on.
  private func loading(rows: Int = 300, ascii: Bool = false) -> AppState {
    Fixture.readingPages(
      columns: 100, height: 20, pagesRead: 3, pageCount: 50, rows: rows, ascii: ascii)
  }

  /// Checks that each tick of `state` by `seconds` draws what a full render draws, through the
  /// tick's shortcut.
  private func assertTicksDrawAsAFullRender(
    _ state: AppState, by seconds: [TimeInterval], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    var before = state
    var drawn = Screen.render(before)
    for step in seconds {
      var next = before
      _ = update(&next, .tick(before.now + step))
      guard let ticked = Screen.ticked(drawn, from: before, to: next) else {
        return XCTFail("a tick of \(step) s took the full render", file: file, line: line)
      }
      XCTAssertEqual(ticked.lines, Screen.render(next).lines, file: file, line: line)
      XCTAssertEqual(ticked, Screen.render(next), "cells and styles", file: file, line: line)
      before = next
      drawn = ticked
    }
  }

  func testTicksWhileALongListLoadsDrawWhatAFullRenderDraws() {
    let state = loading()
    XCTAssertTrue(Screen.render(state).lines.joined().contains("repo-1 "))
    assertTicksDrawAsAFullRender(state, by: [0.1, 0.1, 0.1, 0.25, 61, 0.1, 3_600])
  }

  func testTicksInASCIIAndOverAReloadedListDrawWhatAFullRenderDraws() {
    assertTicksDrawAsAFullRender(loading(ascii: true), by: [0.1, 0.1, 0.1, 0.1, 0.1])
    var reloading = Fixture.loaded(columns: 100, rows: 20)
    _ = updateLoaders(
      &reloading, organization: .loading(cache: Fixture.organization),
      repositories: .loading(cache: Fixture.repositories), at: now + 5)
    assertTicksDrawAsAFullRender(reloading, by: [0.1, 0.1, 59, 0.1])
  }

  func testAnyOtherChangeIsRenderedWhole() {
    let state = loading()
    let drawn = Screen.render(state)
    var paged = loading(rows: 400)
    paged.now = state.now + 0.1
    XCTAssertNil(Screen.ticked(drawn, from: state, to: paged), "a page landed")
    var help = state
    _ = update(&help, .key(.character("?")))
    XCTAssertNil(Screen.ticked(drawn, from: state, to: help), "the key help opened")
    var detail = state
    _ = update(&detail, .tick(state.now + 0.1))
    detail.lists.detail = OpenDetail(repository: Repository(name: "repo-1"), key: "o/repo-1")
    XCTAssertNil(Screen.ticked(drawn, from: state, to: detail), "the detail view reads the clock")
    var resized = state
    _ = update(&resized, .resize(Size(columns: 90, rows: 20)))
    XCTAssertNil(Screen.ticked(drawn, from: state, to: resized), "another size")
  }
}
