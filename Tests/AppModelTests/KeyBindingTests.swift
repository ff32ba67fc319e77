import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import GitHubAPI

/// The key table describes what `update` does: every key it lists acts, every other key does
/// nothing, so a key added to `update` without a row (or a row whose key does nothing) fails.
final class KeyBindingTests: XCTestCase {
  /// Both lists long enough to scroll, the Fetch list focused and scrolled into the middle.
  private func scrolledState() -> AppState {
    var state = Fixture.state(columns: 80, rows: 12)
    let many = (1...40).map {
      Repository(name: "repository-\($0)", language: "Swift", stargazersCount: $0)
    }
    _ = updateLoaders(
      &state, organization: .success(content: Fixture.organization),
      repositories: .success(content: RepositoryList(many)), at: Fixture.now)
    state.focus = .fetchList
    for _ in 1...5 { _ = update(&state, .key(.down)) }
    return state
  }

  /// Whether pressing `key` changes the state or asks for a command.
  private func acts(_ key: Key, in state: AppState) -> Bool {
    var next = state
    let commands = update(&next, .key(key))
    return !commands.isEmpty || next != state
  }

  func testEveryListedKeyActs() {
    let state = scrolledState()
    for binding in KeyBinding.all {
      for key in binding.keys {
        XCTAssertTrue(acts(key, in: state), "\(KeyBinding.name(key)) (\(binding.summary))")
      }
    }
  }

  func testNoUnlistedKeyActs() {
    let state = scrolledState()
    let listed = KeyBinding.all.flatMap(\.keys)
    let named: [Key] = [
      .enter, .escape, .tab, .backTab, .backspace, .up, .down, .left, .right, .pageUp, .pageDown,
      .home, .end, .interrupt, .delete, .insert, .function(1), .function(12), .alt("x"),
      .repaint, .suspend, .clearLine, .deleteWord,
    ]
    let printable = (0x20...0x7E).map { Key.character(Character(Unicode.Scalar(UInt8($0)))) }
    for key in (named + printable) where !listed.contains(key) {
      XCTAssertFalse(acts(key, in: state), "\(KeyBinding.name(key)) acts but is not in the table")
    }
  }

  func testEveryKeyIsListedOnce() {
    let keys = KeyBinding.all.flatMap(\.keys)
    for key in keys {
      XCTAssertEqual(keys.filter { $0 == key }.count, 1, KeyBinding.name(key))
    }
  }

  /// Each label shown (help, the key help, the docs) names its keys as `--key` reads them, so
  /// what a user copies from help binds the same keys.
  func testLabelsNameKeysAsKeyReadsThem() {
    for binding in KeyBinding.all {
      let names = binding.label.components(separatedBy: ", ")
      XCTAssertEqual(names.map { Key(name: $0) }, binding.keys, binding.label)
    }
  }
}
