import AppTestSupport
import XCTest

@testable import AppModel

/// `update` and the `@` prompt: typing, pastes, Tab, a name GitHub would refuse, and Esc.
/// Each test states the whole next state (`assertUpdate`).
final class OwnerPromptUpdateTests: XCTestCase {
  private func type(_ text: String, into state: inout AppState) {
    for character in text { _ = update(&state, .key(.character(character))) }
  }

  func testAtOpensThePromptAndEscClosesItWithoutSwitching() {
    var state = Fixture.loaded()
    assertUpdate(&state, .key(.character("@")), commands: []) { $0.ownerPrompt = OwnerPrompt() }
    for (character, typed) in zip("ali", ["a", "al", "ali"]) {
      assertUpdate(
        &state, .key(.character(character)), commands: [], "letters are the name, not commands"
      ) { $0.ownerPrompt = OwnerPrompt(text: typed) }
    }
    assertUpdate(&state, .key(.escape), commands: []) { $0.ownerPrompt = nil }
  }

  func testANameGitHubWouldRefuseStaysInThePromptWithWhatIsWrong() {
    var state = Fixture.loaded()
    _ = update(&state, .key(.character("@")))
    type("a--b", into: &state)
    assertUpdate(&state, .key(.enter), commands: []) {
      $0.ownerPrompt?.problem =
        "Not a GitHub login (two hyphens in a row): use letters, digits and single hyphens."
      $0.ownerPrompt?.shorterProblems = [
        "Two hyphens in a row: use letters, digits and single hyphens.",
        "Use letters, digits and single hyphens.",
      ]
    }
    assertUpdate(&state, .key(.backspace), commands: [], "editing clears the problem") {
      $0.ownerPrompt = OwnerPrompt(text: "a--")
    }
  }

  func testAPasteKeepsOneLineWithoutSpacesAndAtMostTheLimit() {
    var state = Fixture.loaded()
    _ = update(&state, .key(.character("@")))
    let kept = "swift-tools[31m"
    assertUpdate(&state, .paste("  swift-\ntools\u{1B}[31m "), commands: []) {
      $0.ownerPrompt = OwnerPrompt(text: kept)
    }
    assertUpdate(&state, .paste(String(repeating: "x", count: 200)), commands: []) {
      $0.ownerPrompt = OwnerPrompt(
        text: kept + String(repeating: "x", count: OwnerPrompt.limit - kept.count))
    }
  }

  func testTabCyclesTheRecentOwnersThatStartWithWhatWasTyped() {
    var state = Fixture.loaded()
    state.owners = OwnerHistory(recent: ["swift-tools", "alice", "Swiftlang"])
    _ = update(&state, .key(.character("@")))
    type("sw", into: &state)
    assertUpdate(&state, .key(.tab), commands: []) {
      $0.ownerPrompt = completed("swift-tools", from: "sw", match: 0)
    }
    assertUpdate(&state, .key(.tab), commands: [], "case is ignored, the login kept") {
      $0.ownerPrompt = completed("Swiftlang", from: "sw", match: 1)
    }
    assertUpdate(&state, .key(.tab), commands: [], "and round again") {
      $0.ownerPrompt = completed("swift-tools", from: "sw", match: 0)
    }
    _ = update(&state, .key(.clearLine))
    type("zz", into: &state)
    assertUpdate(&state, .key(.tab), commands: []) {
      $0.ownerPrompt?.problem = "No recent owner starts with \"zz\"."
    }
  }

  func testTabLeavesOutTheOwnerShown() {
    var state = Fixture.loaded()
    state.owners = OwnerHistory(recent: ["RedMadRobot", "rails"])
    _ = update(&state, .key(.character("@")))
    assertUpdate(&state, .key(.tab), commands: []) {
      $0.ownerPrompt = completed("rails", from: "", match: 0)
    }
    assertUpdate(&state, .key(.tab), commands: [], "the one shown is never offered")
  }

  func testTabWithNoRecentOwnersSaysToTypeOne() {
    var state = Fixture.loaded()
    state.owners = OwnerHistory(recent: ["RedMadRobot"])
    _ = update(&state, .key(.character("@")))
    assertUpdate(&state, .key(.tab), commands: [], "the owner shown is never offered") {
      $0.ownerPrompt?.problem = "No recent owners yet: type a login, then Enter."
    }
  }

  /// The prompt after Tab completed `prefix` to `text`, its match at `index` among the recent
  /// owners that start with it.
  private func completed(_ text: String, from prefix: String, match index: Int) -> OwnerPrompt {
    var prompt = OwnerPrompt(text: text)
    prompt.completing = OwnerPrompt.Completion(prefix: prefix, index: index)
    return prompt
  }
}
