import ApexyLoader
import Foundation
import XCTest

private struct NamedError: Error, CustomStringConvertible {
  let description: String
}

final class LoadingStateTests: XCTestCase {
  private let e1 = NamedError(description: "E1")
  private let e2 = NamedError(description: "E2")

  func testContentIsLoadingAndError() {
    XCTAssertNil(LoadingState<String>.initial.content)
    XCTAssertEqual(LoadingState<String>.loading(cache: "c").content, "c")
    XCTAssertNil(LoadingState<String>.loading(cache: nil).content)
    XCTAssertEqual(LoadingState<String>.success(content: "s").content, "s")
    XCTAssertEqual(LoadingState<String>.failure(error: e1, cache: "c").content, "c")

    XCTAssertTrue(LoadingState<String>.loading(cache: nil).isLoading)
    XCTAssertFalse(LoadingState<String>.initial.isLoading)
    XCTAssertFalse(LoadingState<String>.success(content: "s").isLoading)
    XCTAssertFalse(LoadingState<String>.failure(error: e1, cache: nil).isLoading)

    XCTAssertEqual("\(LoadingState<String>.failure(error: e1, cache: nil).error!)", "E1")
    XCTAssertNil(LoadingState<String>.success(content: "s").error)
    XCTAssertNil(LoadingState<String>.loading(cache: "c").error)
  }

  func testDescription() {
    XCTAssertEqual(LoadingState<String>.initial.description, "Initial")
    XCTAssertEqual(LoadingState<String>.loading(cache: nil).description, "Loading: cache nil")
    XCTAssertEqual(
      LoadingState<String>.loading(cache: "c").description, #"Loading: cache Optional("c")"#)
    XCTAssertEqual(LoadingState<String>.success(content: "s").description, "Success: s")
    XCTAssertEqual(
      LoadingState<String>.failure(error: e1, cache: "c").description,
      #"Failure: E1, cache Optional("c")"#)
    XCTAssertEqual(
      LoadingState<String>.failure(error: e1, cache: nil).description, "Failure: E1, cache nil")
  }

  func testEquatableComparesCaseAndContentButNotError() {
    XCTAssertEqual(LoadingState<Int>.initial, .initial)
    XCTAssertEqual(LoadingState<Int>.loading(cache: 1), .loading(cache: 1))
    XCTAssertNotEqual(LoadingState<Int>.loading(cache: 1), .loading(cache: 2))
    XCTAssertNotEqual(LoadingState<Int>.loading(cache: 1), .loading(cache: nil))
    XCTAssertEqual(LoadingState<Int>.success(content: 1), .success(content: 1))
    XCTAssertNotEqual(LoadingState<Int>.success(content: 1), .success(content: 2))
    XCTAssertEqual(
      LoadingState<Int>.failure(error: e1, cache: 1), .failure(error: e2, cache: 1))
    XCTAssertNotEqual(
      LoadingState<Int>.failure(error: e1, cache: 1), .failure(error: e1, cache: nil))
    XCTAssertNotEqual(LoadingState<Int>.success(content: 1), .loading(cache: 1))
    XCTAssertNotEqual(LoadingState<Int>.initial, .loading(cache: nil))
  }

  /// Every pair of cases, with and without caches; rows are `self`, columns the other state.
  func testMergeForEveryPairOfCases() {
    let lhs: [LoadingState<String>] = [
      .initial, .loading(cache: nil), .loading(cache: "a"), .success(content: "a"),
      .failure(error: e1, cache: nil), .failure(error: e1, cache: "a"),
    ]
    let rhs: [LoadingState<Int>] = [
      .initial, .loading(cache: nil), .loading(cache: 1), .success(content: 1),
      .failure(error: e2, cache: nil), .failure(error: e2, cache: 1),
    ]
    let ln = "Loading: cache nil"
    let la = #"Loading: cache Optional("a+1")"#
    let expected: [[String]] = [
      // other:  initial, loading nil, loading 1, success 1, failure nil, failure 1
      ["Initial", ln, ln, "Initial", "Failure: E2, cache nil", "Failure: E2, cache nil"],
      [ln, ln, ln, ln, ln, ln],
      [ln, ln, la, la, ln, la],
      [
        "Initial", ln, la, "Success: a+1", "Failure: E2, cache nil",
        #"Failure: E2, cache Optional("a+1")"#,
      ],
      [
        "Failure: E1, cache nil", ln, ln, "Failure: E1, cache nil", "Failure: E1, cache nil",
        "Failure: E2, cache nil",
      ],
      [
        "Failure: E1, cache nil", ln, la, #"Failure: E1, cache Optional("a+1")"#,
        "Failure: E1, cache nil", #"Failure: E1, cache Optional("a+1")"#,
      ],
    ]
    for (row, left) in lhs.enumerated() {
      for (column, right) in rhs.enumerated() {
        let merged = left.merge(right) { "\($0)+\($1)" }
        XCTAssertEqual(
          merged.description, expected[row][column], "\(left) merged with \(right)")
      }
    }
  }

  func testMergeTransformRunsOnlyWhenBothHaveContent() {
    var calls = 0
    _ = LoadingState<Int>.loading(cache: 1).merge(LoadingState<Int>.initial) { a, b -> Int in
      calls += 1
      return a + b
    }
    XCTAssertEqual(calls, 0)
  }
}

extension LoadingStateTests {
  /// Differs from Apexy, whose description prints `String(describing:)` of the optional
  /// cache: "Loading: cache Optional(5)".
  func testDescriptionIsApexysText() {
    XCTAssertEqual(LoadingState<Int>.initial.description, "Initial")
    XCTAssertEqual(LoadingState<Int>.loading(cache: 5).description, "Loading: cache Optional(5)")
    XCTAssertEqual(LoadingState<Int>.loading(cache: nil).description, "Loading: cache nil")
    XCTAssertEqual(LoadingState<Int>.success(content: 5).description, "Success: 5")
    XCTAssertEqual(
      LoadingState<String>.success(content: "Dune").description, "Success: Dune")
    XCTAssertEqual(
      LoadingState<Int>.failure(error: e1, cache: 5).description, "Failure: E1, cache Optional(5)")
    XCTAssertEqual(
      LoadingState<Int>.failure(error: e1, cache: nil).description, "Failure: E1, cache nil")
    XCTAssertEqual("\(LoadingState<[Int]>.loading(cache: [1]))", "Loading: cache Optional([1])")
  }

  func testErrorIsTheOneGivenAndOnlyForFailures() throws {
    XCTAssertNil(LoadingState<Int>.initial.error)
    let error = try XCTUnwrap(
      LoadingState<Int>.failure(error: URLError(.badURL), cache: 6).error as? URLError)
    XCTAssertEqual(error.code, .badURL)
    XCTAssertNil(LoadingState<Int>.failure(error: e1, cache: nil).content)
  }

  func testMergeAddsCachesAndContents() {
    let failed = URLError(.badURL)
    XCTAssertEqual(
      LoadingState<Int>.loading(cache: 2).merge(.success(content: 3), transform: +),
      .loading(cache: 5))
    XCTAssertEqual(
      LoadingState<Int>.failure(error: failed, cache: 7).merge(
        .failure(error: failed, cache: 7), transform: +),
      .failure(error: failed, cache: 14))
    XCTAssertEqual(
      LoadingState<Int>.success(content: 9).merge(.failure(error: failed, cache: 7), transform: +),
      .failure(error: failed, cache: 16))
    XCTAssertEqual(
      LoadingState<Int>.success(content: 5).merge(.success(content: 5), transform: +),
      .success(content: 10))
  }

  func testDescriptionSummarizesLongCollectionsAndReadsErrorsAsAPersonWould() {
    struct Repo: Equatable { let name: String }
    let many = (0..<5000).map { Repo(name: "r\($0)") }
    XCTAssertEqual(LoadingState.success(content: many).description, "Success: [5000 × Repo]")
    XCTAssertEqual(
      LoadingState.loading(cache: many).description, "Loading: cache Optional([5000 × Repo])")
    XCTAssertEqual(LoadingState.success(content: [1, 2, 3]).description, "Success: [1, 2, 3]")
    XCTAssertEqual(LoadingState.success(content: [1, 2, 3, 4]).description, "Success: [4 × Int]")
    XCTAssertEqual(
      LoadingState<[Int]>.failure(error: URLError(.timedOut), cache: nil).description,
      "Failure: The request timed out., cache nil")
    struct Unreadable: LocalizedError { var errorDescription: String? { "The shelf is empty." } }
    XCTAssertEqual(
      LoadingState<Int>.failure(error: Unreadable(), cache: 2).description,
      "Failure: The shelf is empty., cache Optional(2)")
    XCTAssertTrue(
      LoadingState.success(content: many).debugDescription.hasPrefix(
        #"LoadingState.success(content: [ApexyLoaderTests.LoadingStateTests"#),
      "the whole value, module-qualified")
    XCTAssertEqual(
      LoadingState.success(content: many).debugDescription.components(separatedBy: "Repo(").count,
      5001)
  }
}
