import AppTestSupport
import Foundation
import XCTest

@testable import AppModel

/// The app model driven by random key sequences (overlays, the owner prompt, the filter, sort,
/// the inspector, owners, resizes), checking after every event what must always hold. Seeded:
/// a failure prints its seed and the keys that led to it, and `MODEL_SEED=S` replays it.
final class KeySequenceModelTests: XCTestCase {
  /// The keys a user types first, weighted toward the ones that open and close things.
  private static let keys: [Key] =
    [
      .character("q"), .escape, .character("?"), .function(1), .enter, .character("/"),
      .character("@"), .character("-"), .character("j"), .character("k"), .character("g"),
      .character("G"), .pageUp, .pageDown, .tab, .backTab, .character("s"), .character("i"),
      .character("["), .character("]"), .backspace, .character("a"), .character("l"),
      .character("f"), .character("r"), .up, .down, .home, .end, .character("x"),
      .function(10), .interrupt, .character("S"), .character("n"), .character("N"),
    ] + Array(repeating: Key.character("q"), count: 3) + Array(repeating: .escape, count: 2)

  private static let sizes = [
    Size(columns: 80, rows: 24), Size(columns: 40, rows: 12), Size(columns: 120, rows: 36),
    Size(columns: 24, rows: 8), Size(columns: 60, rows: 20),
  ]

  /// Whether something sits in front of the panes: the key help, a detail view, the owner
  /// prompt or the filter being edited.
  private func overlay(_ state: AppState) -> String? {
    if state.showHelp { return "the key help" }
    if state.lists.detail != nil { return "the detail view" }
    if state.ownerPrompt != nil { return "the owner prompt" }
    if state.isEditingFilter { return "the filter" }
    return nil
  }

  /// What must hold after `key` took `before` to `state` with `commands`; empty when it does.
  private func broken(_ before: AppState, _ key: Key?, _ state: AppState, _ commands: [Command])
    -> [String]
  {
    var found: [String] = []
    if commands.contains(where: \.isQuit), let key, key != .interrupt, key != .function(10) {
      if let open = overlay(before) { found.append("\(key) quit with \(open) open") }
    }
    for pane in [PaneID.fetch, .result] {
      let count = state.visibleRepositories(pane).count
      guard count > 0, !Layout.isTooSmall(state.size) else { continue }
      let selected = state.lists.selected[pane] ?? 0
      if !(0..<count).contains(selected) {
        found.append("\(pane) selects row \(selected) of \(count)")
      }
      // The view is full where there are rows: no blank rows below the last one while rows
      // above are scrolled away, and the selection in view.
      let height = Layout.listHeight(state, pane)
      let scroll = state.scroll[pane] ?? 0
      if scroll > max(0, count - height) {
        found.append("\(pane) scrolled to \(scroll) with \(count) rows in a view of \(height)")
      }
    }
    return found
  }

  func testRandomKeySequencesKeepTheModelsPromises() {
    let seeds = SeededGenerator.seeds(replaying: "MODEL_SEED", else: 1...300)
    for seed in seeds {
      var random = SeededGenerator(seed: seed)
      var state = Fixture.loaded(columns: 80, rows: 24)
      var typed: [String] = []
      for _ in 0..<60 {
        let before = state
        let event: AppEvent
        var key: Key?
        if Int.random(in: 0..<12, using: &random) == 0 {
          let size = Self.sizes.randomElement(using: &random)!
          event = .resize(size)
          typed.append("resize \(size.columns)x\(size.rows)")
        } else {
          key = Self.keys.randomElement(using: &random)!
          event = .key(key!)
          typed.append("\(key!)")
        }
        let commands = update(&state, event)
        let problems = broken(before, key, state, commands)
        guard problems.isEmpty else {
          return XCTFail(
            "seed \(seed) (MODEL_SEED=\(seed) replays it): \(problems.joined(separator: "; "))"
              + " after \(typed.joined(separator: ", "))")
        }
        // A quit ends the app: the sequence ends with it.
        if commands.contains(where: \.isQuit) { break }
      }
    }
  }
}
