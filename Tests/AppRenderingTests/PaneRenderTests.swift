import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRendering
@testable import GitHubAPI

/// Each pane in every loading state, as the lines a person reads.
final class PaneRenderTests: XCTestCase {
  private let organization = Fixture.organization
  private let repositories = Fixture.repositories
  private let outage = Fixture.outage()

  private func lines(
    _ pane: PaneID, organization: LoadingState<Owner>,
    repositories: LoadingState<RepositoryList>
  ) -> [String] {
    var state = Fixture.state()
    _ = updateLoaders(
      &state, organization: organization, repositories: repositories, at: Fixture.now)
    var grid = Grid(width: 40, height: 8)
    PaneView.draw(state, pane, in: Rect(x: 0, y: 0, width: 40, height: 8), into: &grid)
    return grid.lines
  }

  func testFetchInitial() {
    XCTAssertEqual(
      lines(.fetch, organization: .initial, repositories: .initial),
      [
        "┌ Fetch ───────────────────────────────┐",
        "│ [ Fetch ]                            │",
        "│                                      │",
        "│ Press f or Enter to fetch            │",
        "│ RedMadRobot and its repositories.    │",
        "│                                      │",
        "│                                      │",
        "└──────────────────────────────────────┘",
      ])
  }

  func testResultInitial() {
    XCTAssertEqual(
      lines(.result, organization: .initial, repositories: .initial),
      [
        "┌ Result ──────────────────────────────┐",
        "│ Nothing loaded yet. Press r to load  │",
        "│ the repositories, or f to fetch      │",
        "│ both.                                │",
        "│                                      │",
        "│                                      │",
        "│                                      │",
        "└──────────────────────────────────────┘",
      ])
  }

  func testFetchLoading() {
    XCTAssertEqual(
      lines(.fetch, organization: .loading(cache: nil), repositories: .loading(cache: nil)),
      [
        "┌ Fetch ───────────────────────────────┐",
        "│ [ Fetch ]                            │",
        "│                                      │",
        "│ ⠋ Loading…                           │",
        "│                                      │",
        "│                                      │",
        "│                                      │",
        "└──────────────────────────────────────┘",
      ])
  }

  func testResultLoading() {
    XCTAssertEqual(
      lines(.result, organization: .loading(cache: nil), repositories: .loading(cache: nil)),
      [
        "┌ Result ──────────────────────────────┐",
        "│ ⠋ Loading…                           │",
        "│                                      │",
        "│                                      │",
        "│                                      │",
        "│                                      │",
        "│                                      │",
        "└──────────────────────────────────────┘",
      ])
  }

  func testFetchLoadingCache() {
    XCTAssertEqual(
      lines(
        .fetch, organization: .loading(cache: organization),
        repositories: .loading(cache: repositories)),
      [
        "┌ Fetch ───────────────────────────────┐",
        "│ [ Fetch ]                            │",
        "│                                      │",
        "│ ⠋ Loading…                           │",
        "│ Repositories of the Red Mad Robot    │",
        "│ organization:                        │",
        "│ Apexy                     Swift ★207 │",
        "└─────────────────────────── 1–1 of 4 ─┘",
      ])
  }

  func testResultLoadingCache() {
    XCTAssertEqual(
      lines(
        .result, organization: .loading(cache: organization),
        repositories: .loading(cache: repositories)),
      [
        "┌ Result ──────────────────────────────┐",
        "│ ⠋ Loading…                           │",
        "│ Repositories:                        │",
        "│ Apexy                     Swift ★207 │",
        "│ input-mask-ios            Swift ★598 │",
        "│ android-ktx         fork Kotlin ★101 │",
        "│ ios-interview                   ★356 │",
        "└──────────────────────────────────────┘",
      ])
  }

  func testFetchSuccess() {
    XCTAssertEqual(
      lines(
        .fetch, organization: .success(content: organization),
        repositories: .success(content: repositories)),
      Golden.loadedFetchPane)
  }

  func testResultSuccess() {
    XCTAssertEqual(
      lines(
        .result, organization: .success(content: organization),
        repositories: .success(content: repositories)),
      Golden.loadedResultPane)
  }

  func testFetchFailureCache() {
    XCTAssertEqual(
      lines(
        .fetch, organization: .failure(error: outage, cache: organization),
        repositories: .failure(error: outage, cache: repositories)),
      [
        "┌ Fetch ───────────────────────────────┐",
        "│ [ Fetch ]                            │",
        "│                                      │",
        "│ ✗ Server error (HTTP 503: Service    │",
        "│ Unavailable); try again later.       │",
        "│ Repositories of the Red Mad Robot    │",
        "│ organization:                        │",
        "└──────────────────────────────────────┘",
      ])
  }

  func testResultFailureCache() {
    XCTAssertEqual(
      lines(
        .result, organization: .failure(error: outage, cache: organization),
        repositories: .failure(error: outage, cache: repositories)),
      [
        "┌ Result ──────────────────────────────┐",
        "│ ✗ Server error (HTTP 503: Service    │",
        "│ Unavailable); try again later.       │",
        "│ Repositories:                        │",
        "│ Apexy                     Swift ★207 │",
        "│ input-mask-ios            Swift ★598 │",
        "│ android-ktx         fork Kotlin ★101 │",
        "└─────────────────────────── 1–3 of 4 ─┘",
      ])
  }

  func testFetchFailure() {
    XCTAssertEqual(
      lines(
        .fetch, organization: .failure(error: outage, cache: nil),
        repositories: .failure(error: outage, cache: nil)),
      [
        "┌ Fetch ───────────────────────────────┐",
        "│ [ Fetch ]                            │",
        "│                                      │",
        "│ ✗ Server error (HTTP 503: Service    │",
        "│ Unavailable); try again later.       │",
        "│                                      │",
        "│                                      │",
        "└──────────────────────────────────────┘",
      ])
  }

  func testResultFailure() {
    XCTAssertEqual(
      lines(
        .result, organization: .failure(error: outage, cache: nil),
        repositories: .failure(error: outage, cache: nil)),
      [
        "┌ Result ──────────────────────────────┐",
        "│ ✗ Server error (HTTP 503: Service    │",
        "│ Unavailable); try again later.       │",
        "│                                      │",
        "│                                      │",
        "│                                      │",
        "│                                      │",
        "└──────────────────────────────────────┘",
      ])
  }
}
