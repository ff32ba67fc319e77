import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppFormats
@testable import AppModel
@testable import GitHubAPI

/// The transcript of a list read page by page: a line per page with the counts and never the
/// rows again, a failure part-way saying how far it got, and the page cap's notice on stderr.
final class PageTranscriptTests: XCTestCase {
  private let now = Fixture.now

  /// The repositories loader read `rows` rows in `read` pages of `count`: its state unchanged.
  private func page(_ read: Int, of count: Int?, rows: Int) -> (inout AppState) -> Void {
    { state in
      let progress = PageProgress(pagesRead: read, pageCount: count, itemCount: rows)
      var snapshot = state.repositories.snapshot
      snapshot.status.pages = progress
      let names = (1...rows).map { Repository(name: "r\($0)") }
      snapshot.partial = PartialContent(content: RepositoryList(names), progress: progress)
      _ = update(&state, .loaderChanged(.repositories(snapshot), at: self.now))
    }
  }

  /// The output and error lines for each state after each step, in order.
  private func lines(_ steps: [(inout AppState) -> Void], json: Bool = false)
    -> [Transcript.Lines]
  {
    var transcript = Transcript(options: .init(json: json, timestamps: false))
    var state = Fixture.state()
    state.advice = ErrorAdvice(pageCap: "raise it with --page-cap")
    _ = update(&state, organization: .success(content: Fixture.organization), at: now)
    _ = transcript.lines(for: state, time: 0)
    return steps.map { step in
      step(&state)
      return transcript.lines(for: state, time: 0)
    }
  }

  private func failure(_ state: inout AppState) {
    var failed = state.repositories.snapshot
    failed.state = .failure(error: Fixture.outage(), cache: nil)
    failed.changeCount += 1
    _ = update(&state, .loaderChanged(.repositories(failed), at: now))
  }

  func testEachPageIsALineOfCountsAndAFailurePartWaySaysHowFarItGot() {
    let printed = lines([
      { _ = update(&$0, repositories: .loading(cache: nil), at: self.now) },
      page(1, of: 3, rows: 100), page(2, of: 3, rows: 200), failure,
    ])
    XCTAssertEqual(
      printed.map(\.output),
      [
        ["repositories Loading: nothing cached", "merged       Loading: nothing cached"],
        ["repositories Loading: page 1/3, 100 so far"],
        ["repositories Loading: page 2/3, 200 so far"],
        [
          "repositories Failure: Server error (HTTP 503: Service Unavailable) after 2 of 3 pages"
            + " (200 read); try again later",
          "merged       Failure: Server error (HTTP 503: Service Unavailable) after 2 of 3 pages"
            + " (200 read); try again later",
        ],
      ])
  }

  /// The summary of a run a signal ended part-way counts the rows read so far.
  func testAnInterruptedSummaryCountsTheRowsReadSoFar() {
    var state = Fixture.state()
    _ = update(&state, organization: .success(content: Fixture.organization), at: now)
    _ = update(&state, repositories: .loading(cache: nil), at: now)
    page(2, of: 3, rows: 200)(&state)
    let text = Transcript(options: .init(timestamps: false))
      .summary(for: state, time: 1, interruptedBy: "SIGTERM")
    XCTAssertEqual(
      text,
      .init(output: [
        "done: 1 round, interrupted by SIGTERM: read Red Mad Robot with 200 repositories"
      ]))
    let json = Transcript(options: .init(json: true, timestamps: true))
      .summary(for: state, time: 1.5, interruptedBy: "SIGTERM")
    XCTAssertEqual(
      json.output,
      [
        #"{"count":200,"error":null,"interrupted":"SIGTERM","ok":false,"#
          + #""organization":"Red Mad Robot","rounds":1,"summary":true,"time":1.5}"#
      ])
    let nothing = Transcript(options: .init(timestamps: false))
      .summary(for: Fixture.state(), time: 1, interruptedBy: "SIGINT")
    XCTAssertEqual(nothing.output, ["done: 1 round, interrupted by SIGINT: nothing read"])
  }

  func testAPageWithoutACountSaysThePageAlone() {
    let printed = lines([
      { _ = update(&$0, repositories: .loading(cache: nil), at: self.now) },
      page(12, of: nil, rows: 1_200),
    ])
    XCTAssertEqual(printed.last?.output, ["repositories Loading: page 12, 1,200 so far"])
  }

  func testAPageInJSONHasTheCountsAndNotTheRows() {
    let printed = lines(
      [
        { _ = update(&$0, repositories: .loading(cache: nil), at: self.now) },
        page(1, of: 3, rows: 100), page(2, of: nil, rows: 200), failure,
      ], json: true)
    XCTAssertEqual(
      printed.dropFirst().map(\.output),
      [
        [
          #"{"case":"loading","error":null,"not_modified":false,"page_count":3,"pages_read":1,"#
            + #""round":1,"so_far":100,"state":"repositories"}"#
        ],
        [
          #"{"case":"loading","error":null,"not_modified":false,"page_count":null,"pages_read":2,"#
            + #""round":1,"so_far":200,"state":"repositories"}"#
        ],
        [
          #"{"case":"failure","error":"Server error (HTTP 503: Service Unavailable) after 2 pages"#
            + #" (200 read); try again later.","not_modified":false,"page_count":null,"#
            + #""pages_read":2,"round":1,"so_far":200,"state":"repositories"}"#,
          #"{"case":"failure","error":"Server error (HTTP 503: Service Unavailable) after 2 pages"#
            + #" (200 read); try again later.","round":1,"state":"merged"}"#,
        ],
      ])
  }

  func testThePageCapIsASuccessWithItsNoticeOnStandardError() {
    let rows = Fixture.repositories
    let capped: (inout AppState) -> Void = { state in
      let snapshot = LoaderSnapshot(
        state: .success(content: rows),
        status: LoaderStatus(
          pages: PageProgress(pagesRead: 3, pageCount: 9, itemCount: 4, stoppedAtCap: 3)),
        changeCount: state.repositories.snapshot.changeCount + 1)
      _ = update(&state, .loaderChanged(.repositories(snapshot), at: self.now))
    }
    let names = "4 repositories (Apexy, input-mask-ios, android-ktx, …)"
    XCTAssertEqual(
      lines([{ _ = update(&$0, repositories: .loading(cache: nil), at: self.now) }, capped]).last,
      Transcript.Lines(
        output: [
          "repositories Success: \(names)", "merged       Success: Red Mad Robot: \(names)",
        ],
        errors: [
          "loader-tui: Stopped at the cap of 3 pages (4 repositories); raise it with --page-cap."
        ]))
    let json = lines([capped], json: true).last?.output.first ?? ""
    XCTAssertTrue(
      json.hasSuffix(
        #""page_count":9,"pages_read":3,"repositories":["Apexy","input-mask-ios","android-ktx","#
          + #""ios-interview"],"round":1,"so_far":4,"state":"repositories","stopped_at_cap":3}"#),
      json)
  }
}
