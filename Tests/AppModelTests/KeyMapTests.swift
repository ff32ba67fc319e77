import AppTestSupport
import Foundation
import XCTest

@testable import AppModel

/// Keys of one's own: an action bound to other keys does on them what it did on its own keys,
/// its old keys do nothing, and help and the status bar show the keys as bound.
final class KeyMapTests: XCTestCase {
  func testEveryActionHasOneNameThatReadsBack() {
    let names = Action.allCases.map(\.name)
    XCTAssertEqual(Set(names).count, names.count, "two actions share a name")
    for action in Action.allCases {
      XCTAssertEqual(Action(name: action.name.uppercased()), action, action.name)
    }
    XCTAssertNil(Action(name: "quitt"))
  }

  func testKeysReadBackFromTheNamesHelpPrints() {
    for key in KeyBinding.all.flatMap(\.keys) {
      XCTAssertEqual(Key(name: KeyBinding.name(key)), key, KeyBinding.name(key))
    }
    XCTAssertEqual(Key(name: "pgdn"), .pageDown)
    XCTAssertEqual(Key(name: "F12"), .function(12))
    XCTAssertEqual(Key(name: "alt-X"), .alt("X"))
    XCTAssertEqual(Key(name: "Space"), .character(" "))
    XCTAssertEqual(KeyBinding.name(.character(" ")), "Space")
    // The separator of a list of keys is written by its name, and help prints that name.
    for key in [Key.character(","), .alt(",")] {
      XCTAssertEqual(Key(name: KeyBinding.name(key)), key, KeyBinding.name(key))
    }
    for bad in ["", "F13", "F0", "F01", "Ctrl-X", "qq", "\u{7}", "Alt-", "Alt-xy"] {
      XCTAssertNil(Key(name: bad), bad.debugDescription)
    }
  }

  func testABindingReplacesTheActionsKeysWhereTheyWereListed() {
    let keys = KeyMap.standard.binding(.cycleSort, to: [.character("o"), .function(5)])
    XCTAssertEqual(keys.keys(of: .cycleSort), [.character("o"), .function(5)])
    XCTAssertNil(keys.action(for: .character("s")))
    XCTAssertEqual(keys.action(for: .function(5)), .cycleSort)
    // `o` is still open's: both have it until open moves.
    XCTAssertEqual(keys.conflict?.key, .character("o"))
    let moved = keys.binding(.openInBrowser, to: [.character("O")])
    XCTAssertNil(moved.conflict)
    XCTAssertEqual(moved.action(for: .character("o")), .cycleSort)
    XCTAssertEqual(
      moved.rows.map(\.summary), KeyBinding.all.map(\.summary), "rows keep their order")
    XCTAssertTrue(moved.isRebound)
    XCTAssertFalse(KeyMap.standard.isRebound)
  }

  func testCtrlCAlwaysQuits() {
    let keys = KeyMap.standard.binding(.quit, to: [.character("Q")])
    XCTAssertEqual(keys.keys(of: .quit), [.character("Q"), .interrupt])
    XCTAssertNil(keys.action(for: .character("q")))
    XCTAssertNotNil(KeyMap.refusal(binding: .interrupt, to: .fetch))
    XCTAssertNil(KeyMap.refusal(binding: .interrupt, to: .quit))
  }

  func testARowWithTwoActionsKeepsTheOtherOnesKeys() {
    let keys = KeyMap.standard.binding(.selectNext, to: [.character("J")])
    let row = keys.rows.first { $0.presses.contains { $0.action == .selectNext } }!
    XCTAssertEqual(row.label, "↑, J, k")
  }

  /// The rebound app, as a user meets it: `Q` quits and `q` does nothing; in the key help and
  /// the detail view `Q`, a quit key that types a character, closes them; the status bar and
  /// the help show `Q`.
  func testTheAppTakesTheKeysAsBound() {
    var state = Fixture.loaded(columns: 100, rows: 30)
    state.keys = KeyMap.standard.binding(.quit, to: [.character("Q"), .function(10)])
    var untouched = state
    XCTAssertEqual(update(&untouched, .key(.character("q"))), [])
    XCTAssertEqual(untouched, state)
    assertUpdate(&state, .key(.character("?")), commands: []) { $0.showHelp = true }
    XCTAssertTrue(HelpLayout.rows(state).contains { $0.hasPrefix(" Q, F10, Ctrl-C ") })
    assertUpdate(&state, .key(.character("Q")), commands: [], "Q closes the help") {
      $0.showHelp = false
    }
    var quitting = state
    XCTAssertTrue(update(&quitting, .key(.character("Q"))).contains(where: \.isQuit))
  }

  /// Esc, Enter and Backspace close an overlay even when they are quit's keys; a function key
  /// bound to quit quits from it.
  func testAQuitKeyThatIsNoFunctionKeyClosesOverlays() {
    for key in [Key.escape, .enter, .backspace, .alt("q")] {
      var state = Fixture.loaded(columns: 100, rows: 30)
      state.keys = KeyMap.standard.binding(.quit, to: [key, .function(4)])
      _ = update(&state, .key(.function(1)))
      XCTAssertTrue(state.showHelp)
      XCTAssertEqual(update(&state, .key(key)), [], "\(key)")
      XCTAssertFalse(state.showHelp, "\(key) closes the help")
      _ = update(&state, .key(.function(1)))
      XCTAssertTrue(update(&state, .key(.function(4))).contains(where: \.isQuit), "F4 quits")
    }
  }

  /// Generated: a random action moved to a random free key does on it exactly what it did on
  /// its own key, and its own key then does nothing. `KEYMAP_SEED=S` replays one seed.
  func testAReboundKeyDoesWhatTheOldOneDid() {
    let seeds = SeededGenerator.seeds(replaying: "KEYMAP_SEED", else: 1...200)
    let used = Set(KeyBinding.all.flatMap(\.keys))
    let free =
      (0x21...0x7E).map { Key.character(Character(Unicode.Scalar(UInt8($0)))) }
      .filter { !used.contains($0) } + (2...9).map(Key.function) + [.alt("z"), .insert]
    let actions = Action.allCases.filter { ![.quit, .suspend, .repaint].contains($0) }
    for seed in seeds {
      var random = SeededGenerator(seed: seed)
      let action = actions.randomElement(using: &random)!
      let old = KeyMap.standard.keys(of: action).randomElement(using: &random)!
      let new = free.randomElement(using: &random)!
      var state = Fixture.loaded(columns: 100, rows: 30)
      state.focus = [Focus.fetchList, .resultList, .fetchButton].randomElement(using: &random)!
      for _ in 0..<Int.random(in: 0...4, using: &random) { _ = update(&state, .key(.down)) }
      var expected = state
      let expectedCommands = update(&expected, .key(old))
      var rebound = state
      rebound.keys = KeyMap.standard.binding(action, to: [new])
      let commands = update(&rebound, .key(new))
      rebound.keys = .standard
      let message = "seed \(seed) (KEYMAP_SEED=\(seed)): \(action.name) from \(old) to \(new)"
      XCTAssertEqual(commands, expectedCommands, message)
      XCTAssertEqual(rebound, expected, message)
      var stale = state
      stale.keys = KeyMap.standard.binding(action, to: [new])
      let before = stale
      XCTAssertEqual(update(&stale, .key(old)), [], message)
      XCTAssertEqual(stale, before, message)
    }
  }
}
