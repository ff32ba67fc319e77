import AppTestSupport
import Foundation
import GitHubAPI
import XCTest

/// `RepositoryList` reads as the array of its repositories whatever its pages, and its copies
/// share the pages instead of copying the repositories.
final class RepositoryListTests: XCTestCase {
  private func repositories(_ range: Range<Int>) -> [Repository] {
    range.map { Repository(name: "r\($0)", stargazersCount: $0) }
  }

  /// `all` cut into pages of the sizes given (an empty page where a size is 0).
  private func paged(_ all: [Repository], sizes: [Int]) -> RepositoryList {
    var start = 0
    return RepositoryList(
      pages: sizes.map { size in
        defer { start += size }
        return all[start..<start + size]
      })
  }

  func testPagesReadAsOneListInOrder() {
    let all = repositories(0..<7)
    let list = paged(all, sizes: [3, 0, 1, 3])
    XCTAssertEqual(list.count, 7)
    XCTAssertEqual(Array(list), all)
    XCTAssertEqual(list.map(\.name), all.map(\.name), "iterating walks the pages in order")
    XCTAssertEqual(list[3].name, "r3", "the element after an empty page")
    XCTAssertEqual(list.last?.name, "r6")
    XCTAssertEqual(list.pageRanges, [0..<3, 3..<3, 3..<4, 4..<7])
    XCTAssertEqual(list, RepositoryList(all), "equal however paged")
    XCTAssertNotEqual(list, RepositoryList(all.dropLast()))
    XCTAssertEqual(RepositoryList(), [], "an empty list is the empty literal")
    XCTAssertEqual(RepositoryList([]).pages.count, 0, "no repositories, no page")
    XCTAssertEqual(([] as RepositoryList).pages.count, 0)
    XCTAssertEqual(
      RepositoryList(list).sharedPages(with: list), 4, "a list made of a list shares it")
  }

  /// What a load's report is: a copy of the list kept while the next page is added to the list.
  func testACopyTakenBeforeAPageSharesEveryPageAndKeepsItsCount() {
    var kept = RepositoryList(pages: [repositories(0..<100)[...]])
    let report = kept
    kept.appendPage(repositories(100..<200)[...])
    XCTAssertEqual(report.count, 100, "the report is not changed by the next page")
    XCTAssertEqual(kept.count, 200)
    XCTAssertEqual(kept.sharedPages(with: report), 1, "the first page is the report's")
    XCTAssertEqual(
      RepositoryList(repositories(0..<100)).sharedPages(with: report), 0,
      "equal repositories stored apart are not shared")
  }

  /// Generated lists: random pages (empty ones too) against the flat array, for every reading
  /// and change. `REPOSITORY_LIST_SEED=S` replays one seed.
  func testGeneratedPagesReadAndChangeAsTheArrayDoes() {
    let seeds = SeededGenerator.seeds(replaying: "REPOSITORY_LIST_SEED", else: 1...300)
    for seed in seeds {
      var random = SeededGenerator(seed: seed)
      let sizes = (0..<Int.random(in: 0...6, using: &random)).map { _ in
        Int.random(in: 0...5, using: &random)
      }
      var array = repositories(0..<sizes.reduce(0, +))
      var list = paged(array, sizes: sizes)
      let context = "seed \(seed) (REPOSITORY_LIST_SEED=\(seed)), pages \(sizes)"
      XCTAssertEqual(Array(list), array, context)
      for index in array.indices where list[index] != array[index] {
        XCTFail("\(context): element \(index)")
      }
      let cut = Int.random(in: 0...array.count + 1, using: &random)
      XCTAssertEqual(
        Array(list.truncated(to: cut)), Array(array.prefix(cut)), "\(context), cut \(cut)")
      XCTAssertEqual(list.truncated(to: cut).count, min(cut, array.count), context)
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        let added = repositories(100..<100 + Int.random(in: 0...3, using: &random))
        list.append(contentsOf: added)
        array.append(contentsOf: added)
      case 1:
        list.append(Repository(name: "one"))
        array.append(Repository(name: "one"))
      default:
        let lower = Int.random(in: 0...array.count, using: &random)
        let upper = Int.random(in: lower...array.count, using: &random)
        let added = repositories(200..<200 + Int.random(in: 0...2, using: &random))
        list.replaceSubrange(lower..<upper, with: added)
        array.replaceSubrange(lower..<upper, with: added)
      }
      XCTAssertEqual(Array(list), array, "\(context), after a change")
      XCTAssertEqual(list.count, array.count, "\(context), after a change")
    }
  }
}
