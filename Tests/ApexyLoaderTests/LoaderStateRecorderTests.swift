import ApexyLoader
import Foundation
import Testing
import XCTest

@testable import ApexyLoaderTesting

/// The recorder passes a loader's exact states and fails, saying how, on any other sequence.
@MainActor
@Suite struct LoaderStateRecorderTests {
  private let loader = ContentLoader<Int>()

  @Test func theStatesPassedThroughPassInOrder() async {
    let states = LoaderStateRecorder(loader)
    loader.startLoading()
    loader.finishLoading(.success(5))
    await states.expect([.initial, .loading(cache: nil), .success(content: 5)])
    loader.startLoading()
    await states.expect([.success(content: 5), .loading(cache: 5)])
  }

  @Test func aStateThatComesLaterIsWaitedFor() async {
    let states = LoaderStateRecorder(loader)
    Task { @MainActor in loader.finishLoading(.success(7)) }
    await states.expect([.initial, .success(content: 7)])
  }

  /// A load started (and finished with 1 when `finishes`) does not pass `expected`: the
  /// recorder reports one issue whose comment holds every phrase.
  private func expectFailure(
    _ expected: [LoadingState<Int>], finishes: Bool, saying phrases: [String],
    timeout: Duration = .seconds(1)
  ) async {
    let states = LoaderStateRecorder(loader)
    loader.startLoading()
    if finishes { loader.finishLoading(.success(1)) }
    await withKnownIssue {
      await states.expect(expected, timeout: timeout)
    } matching: { issue in
      issue.comments.contains { comment in phrases.allSatisfy(comment.rawValue.contains) }
    }
  }

  @Test func aMissingStateFailsSayingSo() async {
    await expectFailure(
      [.initial, .loading(cache: nil), .success(content: 1)], finishes: false,
      saying: ["missing states, from state 2"], timeout: .milliseconds(50))
  }

  @Test func anExtraStateFailsSayingSo() async {
    await expectFailure(
      [.initial, .loading(cache: nil)], finishes: true, saying: ["more states, from state 2"])
  }

  @Test func aWrongStateFailsWithBothLists() async {
    await expectFailure(
      [.initial, .loading(cache: nil), .success(content: 2)], finishes: true,
      saying: ["a different state, from state 2", "→ 2: Success: 2", "→ 2: Success: 1"])
  }
}

/// The same recorder from XCTest.
final class LoaderStateRecorderXCTests: XCTestCase {
  @MainActor
  func testTheStatesPassedThroughPassInOrder() async {
    let loader = ContentLoader<String>()
    let states = LoaderStateRecorder(loader)
    loader.startLoading()
    loader.finishLoading(.success("shelf"))
    await states.expect([.initial, .loading(cache: nil), .success(content: "shelf")])
  }

  @MainActor
  func testTheDifferenceListsBothSequencesOneStateALine() async {
    let text = LoaderStateRecorder<Int>.difference(
      expected: [.initial, .success(content: 2)], seen: [.initial, .success(content: 1)])
    XCTAssertEqual(
      text,
      """
      The loader's states differ (a different state, from state 1).
      Expected:
          0: Initial
        → 1: Success: 2
      Seen:
          0: Initial
        → 1: Success: 1
      """)
  }
}

/// The recorder's page steps, of a paginated loader.
final class LoaderStateRecorderPagesTests: XCTestCase {
  @MainActor
  func testAPlainContentLoaderHasNoPageFacets() async {
    let loader = ContentLoader<Int>()
    let steps = LoaderStateRecorder(loader)
    loader.startLoading()
    await steps.expectPages([LoaderPagesStep(.initial), LoaderPagesStep(.loading(cache: nil))])
  }

  @MainActor
  func testTheDifferenceOfStepsShowsThePartialContentAndTheProgress() async {
    let progress = PageProgress(pagesRead: 1, pageCount: 3, itemCount: 2)
    let many = LoaderPagesStep<[String]>.summary(of: ["a", "b", "c", "d"])
    XCTAssertEqual(many, "[4 × String]", "a long list is counted")
    let resume = PageResume(
      firstPage: "list?page=1", next: URL(string: "list?page=2")!, visited: ["list?page=1"])
    let text = LoaderStateRecorder<[String]>.difference(
      expected: [LoaderPagesStep(.success(content: ["a"]), progress: progress)],
      seen: [
        LoaderPagesStep(
          .failure(error: URLError(.timedOut), cache: nil),
          partial: PartialContent(content: ["a", "b"], progress: progress, resume: resume),
          progress: PageProgress(pagesRead: 1, itemCount: 2, stoppedAtCap: 1))
      ], what: "states and pages")
    XCTAssertEqual(
      text,
      """
      The loader's states and pages differ (a different state, from state 0).
      Expected:
        → 0: Success: ["a"]; pages 1 of 3 pages, 2 items
      Seen:
        → 0: \(LoadingState<[String]>.failure(error: URLError(.timedOut), cache: nil)); partial ["a", "b"] (1 of 3 pages, 2 items), \
      resume at list?page=2; pages 1 of ? pages, 2 items, stopped at cap 1
      """)
  }
}
