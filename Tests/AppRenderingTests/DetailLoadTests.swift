import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRendering
@testable import GitHubAPI

/// The detail view's own request: Enter asks for the keyed loader's load, the view shows the
/// list data at once, a spinner while the request runs, the extra fields when they arrive, and
/// one error line when it fails; the inspector shows the open detail loader's row.
final class DetailLoadTests: XCTestCase {
  private static let apexy = Repository(
    name: "Apexy", description: "The library for organizing a network layer", language: "Swift",
    stargazersCount: 207,
    details: RepositoryDetails(
      fullName: "RedMadRobot/Apexy", forksCount: 29, htmlURL: "https://github.com/RedMadRobot/Apexy"
    ))
  private static let detailed = Repository(
    name: "Apexy", description: "The library for organizing a network layer", language: "Swift",
    stargazersCount: 208,
    details: RepositoryDetails(
      fullName: "RedMadRobot/Apexy", forksCount: 30,
      htmlURL: "https://github.com/RedMadRobot/Apexy",
      subscribersCount: 12, networkCount: 31))

  private func opened(rows: Int = 26) -> (AppState, [Command]) {
    var state = Fixture.state(columns: 100, rows: rows)
    _ = updateLoaders(
      &state, organization: .success(content: Fixture.organization),
      repositories: .success(content: [Self.apexy]), at: Fixture.now)
    _ = update(&state, .key(.tab))
    let commands = update(&state, .key(.enter))
    return (state, commands)
  }

  private func changed(_ state: inout AppState, _ detail: LoadingState<Repository>) {
    _ = updateDetail(
      &state, key: "RedMadRobot/Apexy", detail, status: LoaderStatus(), at: Fixture.now)
  }

  private func text(_ state: AppState) -> String {
    Screen.render(state).lines.joined(separator: "\n")
  }

  func testEnterAsksForTheKeyedLoadAndEscLetsItGo() {
    var (state, commands) = opened()
    XCTAssertEqual(commands.first, .loadDetail("RedMadRobot/Apexy"))
    XCTAssertEqual(state.lists.detail?.key, "RedMadRobot/Apexy")
    XCTAssertTrue(text(state).contains("Watchers"), "the detail view is open")
    assertUpdate(&state, .key(.escape), commands: [.closeDetail]) { $0.lists.detail = nil }
    XCTAssertFalse(text(state).contains("Watchers"))
  }

  func testListDataAtOnceSpinnerWhileLoadingExtraFieldsWhenTheyArrive() {
    var (state, _) = opened()
    changed(&state, .loading(cache: nil))
    var screen = text(state)
    XCTAssertTrue(screen.contains("Loading details…"), screen)
    XCTAssertTrue(screen.contains("Forks       29"), "the list data shows while it loads")
    XCTAssertTrue(screen.contains("Watchers    –"))
    XCTAssertNotNil(state.pendingWake, "the spinner ticks")
    changed(&state, .success(content: Self.detailed))
    screen = text(state)
    XCTAssertFalse(screen.contains("Loading details…"))
    for line in ["Forks       30", "Stars       208", "Watchers    12", "Network     31"] {
      XCTAssertTrue(screen.contains(line), line)
    }
  }

  /// Counts of a thousand and more are grouped, as the status bar's are.
  func testLargeCountsAreGrouped() {
    let big = Repository(
      name: "big", stargazersCount: 41_232,
      details: RepositoryDetails(forksCount: 1_000, subscribersCount: 999, networkCount: 12_345))
    let lines = DetailLayout.lines(big, now: Fixture.now, width: 40).map(\.text)
    for line in [
      "Stars       41,232", "Forks       1,000", "Watchers    999", "Network     12,345",
    ] {
      XCTAssertTrue(lines.contains(line), "\(line) in \(lines)")
    }
  }

  func testAFailedDetailRequestKeepsTheListDataAndShowsOneErrorLine() {
    var (state, _) = opened()
    changed(&state, .failure(error: Fixture.outage(), cache: nil))
    let lines = Screen.render(state).lines
    XCTAssertEqual(lines.filter { $0.contains("✗ Details:") }.count, 1)
    XCTAssertTrue(lines.contains { $0.contains("503") }, lines.joined(separator: "\n"))
    XCTAssertTrue(lines.contains { $0.contains("Forks       29") })
  }

  func testAChangeOfAnotherDetailLoaderIsIgnored() {
    var (state, _) = opened()
    let other = LoaderSnapshot(state: LoadingState.success(content: Self.detailed), changeCount: 1)
    assertUpdate(
      &state, .loaderChanged(.repository(key: "RedMadRobot/other", other), at: Fixture.now),
      commands: [], "the open detail view's loader is another"
    )
    XCTAssertFalse(text(state).contains("Watchers    12"))
  }

  func testTheKeyIsTheOwnerAndTheNameAsSent() {
    let plain = Repository(name: "input-mask-ios")
    XCTAssertEqual(OpenDetail.key(of: plain, owner: "RedMadRobot"), "RedMadRobot/input-mask-ios")
    XCTAssertEqual(OpenDetail.key(of: Self.apexy, owner: "someone"), "RedMadRobot/Apexy")
  }

  func testTheInspectorShowsTheOpenDetailLoadersRow() {
    var (state, _) = opened()
    _ = update(&state, .observers([.repository: ["app loop"]]))
    let record = RequestRecord(
      id: 7, method: "GET", path: "/repos/RedMadRobot/Apexy", loader: .repository, phase: .sent,
      detailKey: "RedMadRobot/Apexy")
    _ = update(&state, .request(record))
    var ended = record
    ended.phase = .finished
    ended.status = 304
    _ = update(&state, .request(ended))
    changed(&state, .success(content: Self.detailed))
    let rows = InspectorView.table(state)
    XCTAssertEqual(rows.count, 5)
    XCTAssertTrue(
      rows[4].hasPrefix("repository    ✓ just now         1    0    0    1     0"), rows[4])
    XCTAssertTrue(
      rows[4].hasSuffix("detail view, inspector (app loop): RedMadRobot/Apexy"), rows[4])
    _ = update(&state, .key(.escape))
    XCTAssertEqual(InspectorView.table(state).count, 4, "closed, the row goes")
  }

  func testTheInspectorsTimelineShowsTheOpenDetailLoader() {
    var (state, _) = opened(rows: 40)
    _ = update(&state, .key(.escape))
    _ = update(&state, .key(.character("i")))
    _ = update(&state, .key(.enter))
    for (seconds, detail) in [
      (1.0, LoadingState<Repository>.loading(cache: nil)), (2.5, .success(content: Self.detailed)),
    ] {
      _ = updateDetail(
        &state, key: "RedMadRobot/Apexy", detail, status: LoaderStatus(),
        at: Fixture.now.addingTimeInterval(seconds))
    }
    XCTAssertEqual(state.inspector.timeline.strip(.repository, width: 40), "…1.0 ✓2.5")
    _ = update(&state, .key(.escape))
    _ = update(&state, .key(.enter))
    _ = updateDetail(
      &state, key: "RedMadRobot/Apexy", .loading(cache: Self.detailed), status: LoaderStatus(),
      at: Fixture.now.addingTimeInterval(4))
    XCTAssertEqual(
      state.inspector.timeline.strip(.repository, width: 40), "…4.0",
      "opened again, its marks start over")
  }
}
