import AppTestSupport
import Foundation
import GitHubAPI
import XCTest

@testable import AppModel

/// A pane's list follows the loader's list page by page: whatever pages arrive and however the
/// filter and the sort change between them, it is the whole list filtered and sorted again, and
/// a page read filters only that page.
final class VisibleListTests: XCTestCase {
  private func page(_ seed: UInt64, _ count: Int, using random: inout SeededGenerator)
    -> ArraySlice<Repository>
  {
    (0..<count).map { index in
      Repository(
        name: ["apexy", "loader", "Swift-kit", "tui", "net"].randomElement(using: &random)!
          + "-\(seed)-\(index)",
        description: Bool.random(using: &random) ? nil : "about \(index)",
        stargazersCount: Int.random(in: 0...50, using: &random))
    }[...]
  }

  /// What the pane must list: every repository again, filtered, sorted, reversed.
  private func expected(
    _ all: RepositoryList, _ filter: String, _ sort: AppModel.SortOrder, _ reversed: Bool
  )
    -> [Repository]
  {
    let kept: [Repository] = all.filter { filter.isEmpty || ListFilter.matches($0, filter) }
    let sorted = sort.sorted(kept)
    return reversed ? sorted.reversed() : sorted
  }

  /// Random pages, each read on top of the list before, with the filter, the sort or the
  /// direction changed now and then, and now and then a list made anew (another load's).
  /// `VISIBLE_LIST_SEED=S` replays one seed.
  func testGeneratedPagesFiltersAndSortsListWhatAFreshFilterWould() {
    let seeds = SeededGenerator.seeds(replaying: "VISIBLE_LIST_SEED", else: 1...100)
    for seed in seeds {
      var random = SeededGenerator(seed: seed)
      var visible = VisibleList()
      var all = RepositoryList()
      var (filter, sort, reversed) = ("", AppModel.SortOrder.listed, false)
      var events: [String] = []
      for step in 0..<12 {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6:
          all.appendPage(page(UInt64(step), Int.random(in: 0...4, using: &random), using: &random))
          events.append("page")
        case 6:
          filter = ["", "a", "swift", "t", "zzz"].randomElement(using: &random)!
          events.append("filter \(filter)")
        case 7:
          sort = AppModel.SortOrder.allCases.randomElement(using: &random)!
          events.append("sort \(sort)")
        case 8:
          reversed.toggle()
          events.append("reversed \(reversed)")
        default:
          all = RepositoryList(Array(all))
          events.append("new list")
        }
        visible.update(all, filter: filter, sort: sort, reversed: reversed)
        let context = "seed \(seed) (VISIBLE_LIST_SEED=\(seed)) after \(events)"
        let want: [Repository] = expected(all, filter, sort, reversed)
        XCTAssertEqual(visible.shown.map(\.rawName), want.map(\.rawName), context)
        XCTAssertEqual(
          visible.hasDescriptions, want.contains { $0.description != nil }, "\(context): rows")
      }
    }
  }

  /// In the server's order, the pages read before keep the pane's pages: a page read filters
  /// that page and no other.
  func testAPageReadKeepsThePanesPagesOfThePagesBefore() {
    var random = SeededGenerator(seed: 7)
    var all = RepositoryList(pages: [page(1, 50, using: &random)])
    var visible = VisibleList()
    visible.update(all, filter: "a", sort: .listed, reversed: false)
    let before = visible.shown
    all.appendPage(page(2, 50, using: &random))
    visible.update(all, filter: "a", sort: .listed, reversed: false)
    XCTAssertEqual(visible.shown.sharedPages(with: before), 1, "page 1 is not filtered again")
    visible.update(all, filter: "t", sort: .listed, reversed: false)
    XCTAssertEqual(visible.shown.sharedPages(with: before), 0, "another filter filters anew")
  }
}
