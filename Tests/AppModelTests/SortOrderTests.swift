import AppTestSupport
import Foundation
import GitHubAPI
import XCTest

@testable import AppModel

/// Sorting by name orders names as `caseInsensitiveCompare` does, and a page merged into a
/// sorted list lists what sorting everything again would.
final class SortOrderTests: XCTestCase {
  /// A name of GitHub's characters, other ASCII ones and now and then a letter outside ASCII.
  private func name(using random: inout SeededGenerator) -> String {
    let characters = Array("aAbBzZ09-_.[]^`@{}~ é")
    let length = Int.random(in: 0...4, using: &random)
    return String((0..<length).map { _ in characters.randomElement(using: &random)! })
  }

  /// Generated pairs of names: the order by name is Foundation's case-insensitive comparison.
  /// `SORT_NAME_SEED=S` replays one seed.
  func testGeneratedNamesCompareAsCaseInsensitiveCompareDoes() {
    for seed in SeededGenerator.seeds(replaying: "SORT_NAME_SEED", else: 1...200) {
      var random = SeededGenerator(seed: seed)
      for _ in 0..<50 {
        let (a, b) = (name(using: &random), name(using: &random))
        XCTAssertEqual(
          SortOrder.compareNames(a, b), a.caseInsensitiveCompare(b),
          "seed \(seed) (SORT_NAME_SEED=\(seed)): \(a.debugDescription) against "
            + b.debugDescription)
      }
    }
  }

  /// Generated lists in every order, both ways: a list merged into the sorted one before it is
  /// the two sorted together, ties in the order they were listed. `SORT_MERGE_SEED=S` replays
  /// one seed.
  func testGeneratedListsMergedAreTheWholeListSorted() {
    for seed in SeededGenerator.seeds(replaying: "SORT_MERGE_SEED", else: 1...200) {
      var random = SeededGenerator(seed: seed)
      let all = (0..<Int.random(in: 0...12, using: &random)).map { index in
        Repository(
          name: name(using: &random) + "\(index % 3)",
          stargazersCount: Int.random(in: 0...3, using: &random))
      }
      let split = Int.random(in: 0...all.count, using: &random)
      for sort in SortOrder.allCases where sort != .listed {
        for reversed in [false, true] {
          func ordered(_ list: [Repository]) -> [Repository] {
            reversed ? sort.sorted(list).reversed() : sort.sorted(list)
          }
          let merged = sort.merged(
            ordered(Array(all[..<split]))[...], ordered(Array(all[split...])), reversed: reversed)
          XCTAssertEqual(
            merged.map(\.rawName), ordered(all).map(\.rawName),
            "seed \(seed) (SORT_MERGE_SEED=\(seed)): \(sort), reversed \(reversed), split at "
              + "\(split) of \(all.map(\.rawName))")
        }
      }
    }
  }
}
