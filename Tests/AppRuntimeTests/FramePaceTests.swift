import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRuntime
@testable import GitHubAPI

/// Frames keep pace with the screen, not with the network: pages read faster than the
/// spinner's frames are drawn together at its pace, pages read slower are each drawn as they
/// come, and the load's end is drawn at once.
@MainActor
final class FramePaceTests: XCTestCase {
  private var app: LoopHarness!

  override func setUp() async throws {
    await MainActor.run {
      app = LoopHarness()
      app.loop.start()
    }
  }

  /// The repositories loader's change `change`: `read` pages of 5 read (two rows each), the
  /// load going on, or over with every row when `done`.
  private func pages(_ read: Int, change: Int, done: Bool = false) -> AppEvent {
    let rows = RepositoryList((0..<read * 2).map { Repository(name: "repo-\($0)") })
    let progress = PageProgress(pagesRead: read, pageCount: 5, itemCount: rows.count)
    let snapshot = LoaderSnapshot(
      state: done ? .success(content: rows) : .loading(cache: nil),
      status: LoaderStatus(pages: progress),
      partial: done ? nil : PartialContent(content: rows, progress: progress),
      changeCount: change)
    return .loaderChanged(.repositories(snapshot), at: app.clock.now)
  }

  /// Posts `event` as a loader does and lets the loop take it; returns the frames it drew.
  @discardableResult
  private func take(_ event: AppEvent) async -> Int {
    let before = app.screen.frames.count
    app.loop.post(event)
    await mainQueueTurn()
    return app.screen.frames.count - before
  }

  /// Takes `event` and checks it drew `frames` frames.
  private func expect(
    _ event: AppEvent, frames: Int, _ message: String = "", line: UInt = #line
  ) async {
    let drawn = await take(event)
    XCTAssertEqual(drawn, frames, message, line: line)
  }

  func testPagesFasterThanTheSpinnerWaitForItsNextFrameAndTheEndIsDrawnAtOnce() async {
    await expect(pages(0, change: 1), frames: 1, "the load starts: drawn at once")
    await expect(pages(1, change: 1), frames: 1, "the first page: drawn at once")
    await expect(pages(2, change: 1), frames: 0, "a page right after it waits")
    await expect(pages(3, change: 1), frames: 0, "and the one after")
    await expect(pages(5, change: 2, done: true), frames: 1, "the end: drawn at once")
    XCTAssertTrue(app.lastFrame.contains("of 10"), app.lastFrame)
    XCTAssertFalse(app.lastFrame.contains("so far"), app.lastFrame)
  }

  func testAPageThatWaitsIsDrawnAtTheSpinnersPaceWithoutAnotherEvent() async {
    await take(pages(0, change: 1))
    await take(pages(1, change: 1))
    await expect(pages(2, change: 1), frames: 0)
    XCTAssertFalse(app.lastFrame.contains("4 so far"), app.lastFrame)
    XCTAssertEqual(
      app.pageScheduler.wakeDate, app.clock.now + Spinner.interval,
      "due one spinner frame after page 1's")
    app.clock.now += Spinner.interval
    app.pageScheduler.fireWake()
    await mainQueueTurn()
    XCTAssertTrue(app.lastFrame.contains("4 so far"), app.lastFrame)
  }

  func testPagesReadSlowerThanTheSpinnerAreEachDrawnAsTheyCome() async {
    await expect(pages(0, change: 1), frames: 1)
    for read in 1...4 {
      app.clock.now += Spinner.interval
      await expect(pages(read, change: 1), frames: 1, "page \(read)")
      XCTAssertTrue(app.lastFrame.contains("\(read * 2) so far"), app.lastFrame)
    }
  }

  func testTheFirstPageOfAnotherLoadIsDrawnAtOnce() async {
    await take(pages(0, change: 1))
    await take(pages(1, change: 1))
    await expect(pages(5, change: 2, done: true), frames: 1)
    await expect(pages(0, change: 3), frames: 1, "a reload starts")
    await expect(pages(1, change: 3), frames: 1, "its first page, right after the last load's")
    await expect(pages(2, change: 3), frames: 0)
  }

  func testRequestsReportedWhileAPageWaitsWaitWithIt() async {
    await take(pages(0, change: 1))
    await take(pages(1, change: 1))
    await expect(pages(2, change: 1), frames: 0)
    let record = RequestRecord(
      id: 9, method: "GET", path: "/orgs/RedMadRobot/repos?page=3", loader: .repositories,
      phase: .sent)
    await expect(.request(record), frames: 0, "the next page's request waits with page 2")
    await expect(.key(.character("s")), frames: 1, "a key draws both")
  }

  func testAKeyDrawsThePagesWaitingWithIt() async {
    await take(pages(0, change: 1))
    await take(pages(1, change: 1))
    await take(pages(2, change: 1))
    await expect(.key(.character("s")), frames: 1)
    XCTAssertTrue(app.lastFrame.contains("4 so far"), app.lastFrame)
  }
}
