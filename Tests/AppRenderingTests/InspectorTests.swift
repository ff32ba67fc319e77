import ApexyLoader
import AppTestSupport
import XCTest

@testable import ApexyHTTP
@testable import AppFormats
@testable import AppModel
@testable import AppRendering
@testable import GitHubAPI

/// The inspector: `i` toggles it, its table names each loader's observers and counts its
/// requests, and its log shows every request, cleaned, scrollable with `[` and `]`.
final class InspectorTests: XCTestCase {
  /// An event of request `id` for `url`, made for RedMadRobot as its endpoint says.
  private func event(
    _ id: Int, _ url: String, _ kind: RequestLifeEvent.Kind, after seconds: TimeInterval = 0
  ) -> RequestLifeEvent {
    RequestLifeEvent(
      id: id, method: "GET", url: URL(string: url), startedAt: Fixture.now,
      date: Fixture.now.addingTimeInterval(seconds), kind: kind, subject: "RedMadRobot")
  }

  private func record(_ event: RequestLifeEvent, secret: String = "") -> RequestRecord? {
    RequestRecord(event, sanitizer: TextSanitizer(secrets: secret.isEmpty ? [] : [secret]))
  }

  private func opened(columns: Int = 100, rows: Int = 26) -> AppState {
    var state = Fixture.loaded(columns: columns, rows: rows)
    _ = update(
      &state,
      .observers([.owner: ["app loop"], .repositories: ["app loop"]]))
    let base = "http://127.0.0.1:8080"
    let events = [
      event(1, base + "/orgs/RedMadRobot/repos?per_page=100&page=1", .created),
      event(2, base + "/orgs/RedMadRobot", .created),
      event(
        2, base + "/orgs/RedMadRobot", .finished(status: 200, bytesReceived: 980, bytesSent: 0),
        after: 0.05),
      event(
        1, base + "/orgs/RedMadRobot/repos?per_page=100&page=1",
        .finished(status: 200, bytesReceived: 38_100, bytesSent: 0), after: 0.312),
      event(3, base + "/orgs/RedMadRobot/repos?per_page=100&page=1", .created),
      event(
        3, base + "/orgs/RedMadRobot/repos?per_page=100&page=1",
        .failed(URLError(.timedOut), status: nil, bytesReceived: 0, bytesSent: 0), after: 15),
      event(4, base + "/orgs/RedMadRobot/repos?per_page=100&page=1", .created),
    ]
    for event in events {
      if let record = record(event) { _ = update(&state, .request(record)) }
    }
    _ = update(&state, .key(.character("i")))
    return state
  }

  func testITogglesTheInspectorUnderThePanes() {
    var state = opened()
    let lines = Screen.render(state).lines
    let top = lines.firstIndex { $0.hasPrefix("┌ Inspector") }
    XCTAssertEqual(top, 13, "the panes keep the upper part of the body")
    // Its border in the theme's inspector colour, its title a title as the panes' are.
    let grid = Screen.render(state)
    XCTAssertEqual(grid[0, 13].style, .inspector)
    XCTAssertEqual(grid[2, 13].style, .inspectorTitle)
    XCTAssertTrue(lines[12].hasPrefix("└"), "and the inspector the lower part")
    let text = lines.joined(separator: "\n")
    for expected in [
      "│ loader        state           sent live fail  304 retry     bytes  observed by",
      "│ owner         ✓ just now         1    0    0    0     0     980 B  Fetch pane, status bar, ",
      "│ repositories  ✓ just now         3    1    1    0     0   38.1 kB  Fetch pane, Result pane,",
      "│ merged        ✓                                                    Fetch pane (both loaders",
      "│ Requests 1–4 of 4, [ ] scroll:",
      "│ #1 GET /orgs/RedMadRobot/repos?per_page=100&page=1  200  312 ms  38.1 kB ",
      "│ #2 GET /orgs/RedMadRobot  200  50 ms  980 B ",
      "│ #3 GET /orgs/RedMadRobot/repos?per_page=100&page=1  …  15000 ms  ✗ ",
      "│ #4 GET /orgs/RedMadRobot/repos?per_page=100&page=1  in flight ",
    ] {
      XCTAssertTrue(text.contains(expected), expected)
    }
    _ = update(&state, .key(.character("i")))
    XCTAssertFalse(Screen.render(state).lines.joined().contains("Inspector"))
  }

  func testInNarrowTerminalsTheInspectorIsATab() {
    var state = opened(columns: 60, rows: 20)
    let lines = Screen.render(state).lines
    XCTAssertTrue(lines[0].hasPrefix(" Fetch   Result  [Inspector]  i closes"), lines[0])
    XCTAssertTrue(lines[1].hasPrefix("┌ Inspector"), lines[1])
    XCTAssertFalse(lines.joined().contains("[ Fetch ]"), "the pane gives way to it")
    assertUpdate(
      &state, .mouse(MouseEvent(action: .press, x: 2, y: 0)), commands: [],
      "a click on another tab shows that pane"
    ) {
      $0.inspector.isOpen = false
      $0.focus = .fetchList
    }
  }

  func testTheLogScrollsBackAndFollowsTheNewestAgain() {
    var state = opened(columns: 100, rows: 20)
    let lines = { Screen.render(state).lines.joined(separator: "\n") }
    XCTAssertTrue(lines().contains("#4 GET"), "the newest line shows")
    assertUpdate(&state, .key(.character("[")), commands: []) { $0.inspector.scrollBack = 3 }
    XCTAssertFalse(lines().contains("#4 GET"))
    XCTAssertTrue(lines().contains("#1 GET"))
    assertUpdate(&state, .key(.character("]")), commands: []) { $0.inspector.scrollBack = 0 }
    XCTAssertTrue(lines().contains("#4 GET"))
  }

  func testScrolledBackPastTheOldestTheLogStaysFull() {
    var state = opened(columns: 100, rows: 44)
    let base = "http://127.0.0.1:8080/orgs/RedMadRobot/repos?per_page=100&page="
    for id in 5...27 {
      if let record = record(event(id, base + "\(id)", .created)) {
        _ = update(&state, .request(record))
      }
    }
    for _ in 0..<12 { _ = update(&state, .key(.character("["))) }
    let lines = Screen.render(state).lines
    guard let header = lines.firstIndex(where: { $0.contains("Requests ") }) else {
      return XCTFail("no request log in \(lines)")
    }
    let title = lines[header]
    XCTAssertTrue(title.contains("Requests 1–"), title)
    XCTAssertFalse(title.contains("Requests 1–1 of"), "one line where the view has room: \(title)")
    let shown = lines[(header + 1)...].prefix { $0.contains("#") }
    XCTAssertGreaterThan(shown.count, 3, "\(lines)")
    XCTAssertTrue(title.contains("1–\(shown.count) of 27"), title)
    XCTAssertTrue(shown.first?.contains("#1 GET") ?? false, "the oldest first: \(shown)")
  }

  func testTheTimelineIsTheShownOwnersAndTheLegendNamesEveryMark() {
    var timeline = InspectorTimeline()
    let start = Fixture.now
    let ok = LoadingState<Int>.success(content: 1)
    let failed = LoadingState<Int>.failure(error: URLError(.timedOut), cache: nil)
    timeline.note(login: "RedMadRobot", owner: ok, repositories: ok, merged: ok, at: start)
    timeline.note(
      login: "nobody", owner: failed, repositories: failed, merged: failed, at: start + 2)
    XCTAssertEqual(timeline.strip(.owner, width: 40, of: "RedMadRobot"), "✓0.0")
    XCTAssertEqual(timeline.strip(.owner, width: 40, of: "nobody"), "✗2.0")
    // Back to the first owner: its marks go on where they were.
    timeline.note(
      login: "RedMadRobot", owner: LoadingState<Int>.loading(cache: 1), repositories: ok,
      merged: ok, at: start + 3)
    XCTAssertEqual(timeline.strip(.owner, width: 40, of: "RedMadRobot"), "✓0.0 …3.0")
    XCTAssertEqual(timeline.strip(.owner, width: 40, of: "nobody"), "✗2.0")

    let state = opened(columns: 100, rows: 30)
    let text = Screen.render(state).lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("· initial, … loading, ✓ success, ✗ failure"), text)
  }

  func testCountsAndTheLogLimit() {
    var inspector = InspectorState()
    for id in 1...(InspectorState.logLimit + 5) {
      inspector.record(
        RequestRecord(
          id: id, method: "GET", path: "/orgs/x", loader: .owner, phase: .sent, owner: "x"))
      inspector.record(
        RequestRecord(
          id: id, method: "GET", path: "/orgs/x", loader: .owner, phase: .finished,
          status: 200, duration: 0.1, bytes: 10, owner: "x"))
    }
    XCTAssertEqual(inspector.requests.count, InspectorState.logLimit)
    XCTAssertEqual(inspector.requests.first?.id, 6, "the oldest leave first")
    var expected = InspectorState.Counts()
    expected.sent = 205
    expected.bytes = 2050
    XCTAssertEqual(inspector.counts[.owner("x")], expected, "counts go on")
  }

  func testPathsAreClassifiedAndCleanedAndTheTokenNeverShows() throws {
    let hostile = try XCTUnwrap(
      record(
        event(
          9, "http://127.0.0.1/api/v3/orgs/x%1B%5D0;evil%07/repos?token=s3cret&page=2",
          .created), secret: "s3cret"))
    XCTAssertEqual(hostile.loader, .repositories)
    XCTAssertFalse(hostile.path.contains("\u{1B}"), hostile.path)
    XCTAssertFalse(hostile.path.contains("\u{07}"), hostile.path)
    XCTAssertFalse(hostile.path.contains("s3cret"), hostile.path)
    XCTAssertEqual(LoaderKind.of(path: "/orgs/RedMadRobot"), .owner)
    XCTAssertNil(LoaderKind.of(path: "/rate_limit"))
    XCTAssertNil(
      record(event(9, "http://127.0.0.1/orgs/x", .bytesReceived(10, expected: nil))),
      "only the start and the end make lines")
  }

  func testTheTimelineShowsTheMergeWaitingForTheSlowerLoader() {
    var state = Fixture.state(columns: 100, rows: 30)
    let organization = Fixture.organization
    let repositories = Fixture.repositories
    let steps: [(LoadingState<Owner>, LoadingState<RepositoryList>, TimeInterval)] = [
      (.loading(cache: nil), .loading(cache: nil), 0),
      (.success(content: organization), .loading(cache: nil), 3),
      (.success(content: organization), .success(content: repositories), 5),
      (.success(content: organization), .loading(cache: repositories), 12.1),
      (.success(content: organization), .success(content: repositories), 12.4),
    ]
    for (org, repos, seconds) in steps {
      _ = updateLoaders(
        &state, organization: org, repositories: repos, at: Fixture.now.addingTimeInterval(seconds))
    }
    _ = update(&state, .key(.character("i")))
    let text = Screen.render(state).lines.joined(separator: "\n")
    for expected in [
      "│ owner         …0.0 ✓3.0 ",
      "│ repositories  …0.0 ✓5.0 …12.1 ✓12.4 ",
      "│ merged        …0.0 ✓5.0 …12.1 ✓12.4 ",
    ] {
      XCTAssertTrue(text.contains(expected), expected + "\n" + text)
    }
  }

  func testALongTimelineKeepsItsNewestMarks() {
    var timeline = InspectorTimeline()
    for index in 0..<10 {
      let state: LoadingState<Int> =
        index % 2 == 0 ? .loading(cache: nil) : .success(content: index)
      timeline.note(
        login: "x", owner: state, repositories: state, merged: state,
        at: Fixture.now.addingTimeInterval(Double(index)))
    }
    XCTAssertEqual(timeline.strip(.merged, width: 24), "… …6.0 ✓7.0 …8.0 ✓9.0")
    XCTAssertEqual(timeline.marks[.merged]?.count, 10)
  }

  func testA304IsCountedAsNotModified() {
    var inspector = InspectorState()
    inspector.record(
      RequestRecord(
        id: 1, method: "GET", path: "/orgs/x", loader: .owner, phase: .sent, owner: "x"))
    inspector.record(
      RequestRecord(
        id: 1, method: "GET", path: "/orgs/x", loader: .owner, phase: .finished,
        status: 304, duration: 0.1, owner: "x"))
    XCTAssertEqual(inspector.counts[.owner("x")]?.notModified, 1)
    XCTAssertEqual(
      RequestLine.text(inspector.requests[0]), "#1 GET /orgs/x  304  100 ms  0 B  = not modified")
  }

  func testInANarrowTerminalTheListKeysScrollTheLog() {
    var state = opened(columns: 60, rows: 12)
    assertUpdate(&state, .key(.up), commands: []) { $0.inspector.scrollBack = 1 }
    assertUpdate(&state, .key(.character("g")), commands: [], "the hidden list stays") {
      $0.inspector.scrollBack = 3
    }
    assertUpdate(&state, .key(.end), commands: []) { $0.inspector.scrollBack = 0 }
  }
}
