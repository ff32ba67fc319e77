import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRendering
@testable import GitHubAPI

/// Lists you can act on: the selected row, the detail view, the sort, the wider filter, the
/// descriptions, and the `o` and `y` commands.
final class ListActionTests: XCTestCase {
  private static let pushed = Date(timeIntervalSince1970: 1_709_634_030)
  private static let apexy = Repository(
    name: "Apexy", description: "The library for organizing a network layer",
    language: "Swift", stargazersCount: 207,
    details: RepositoryDetails(
      fullName: "RedMadRobot/Apexy", forksCount: 29, openIssuesCount: 4, license: "MIT",
      topics: ["ios", "network"], pushedAt: pushed,
      htmlURL: "https://github.com/RedMadRobot/Apexy"))
  private static let repositories: RepositoryList = [
    apexy,
    Repository(
      name: "input-mask-ios", description: "User input masking library", language: "Swift",
      stargazersCount: 598, details: RepositoryDetails(pushedAt: pushed.addingTimeInterval(60))),
    Repository(
      name: "android-ktx", description: "Kotlin extensions", language: "Kotlin",
      stargazersCount: 101, fork: true),
  ]

  private func loaded(columns: Int = 80, rows: Int = 12) -> AppState {
    var state = Fixture.state(columns: columns, rows: rows)
    _ = updateLoaders(
      &state, organization: .success(content: Fixture.organization),
      repositories: .success(content: Self.repositories), at: Fixture.now)
    return state
  }

  private func press(_ state: inout AppState, _ keys: Key...) -> [Command] {
    keys.flatMap { update(&state, .key($0)) }
  }

  func testEnterOnARowOpensItsDetailsEscClosesEnterOnFetchFetches() {
    var state = loaded(rows: 20)
    XCTAssertEqual(press(&state, .enter), [.fetchBoth(round: 1)], "the button is focused first")
    _ = press(&state, .tab, .enter)
    XCTAssertEqual(state.lists.detail?.repository.name, "Apexy")
    let lines = Screen.render(state).lines.joined(separator: "\n")
    for text in [
      "RedMadRobot/Apexy", "The library for organizing a network layer", "Swift", "207",
      "Forks       29", "Open issues 4", "License     MIT", "Topics      ios, network",
      "Last push   2024-03-05 10:20 UTC", "URL         https://github.com/RedMadRobot/Apexy",
      "o opens  y copies the URL  Esc closes",
    ] {
      XCTAssertTrue(lines.contains(text), text)
    }
    assertUpdate(&state, .key(.character("f")), commands: [], "other keys wait")
    assertUpdate(&state, .key(.character("j")), commands: [], "other keys wait")
    assertUpdate(&state, .key(.escape), commands: [.closeDetail]) { $0.lists.detail = nil }
    XCTAssertFalse(Screen.render(state).lines.joined().contains("Open issues"))
  }

  func testTheSelectedRowIsHighlightedInTheFocusedList() {
    var state = loaded()
    _ = press(&state, .tab, .tab, .down)
    XCTAssertEqual(state.focus, .resultList)
    let grid = Screen.render(state)
    func row(_ name: String, from x: Int) -> Int {
      grid.lines.firstIndex { String($0.dropFirst(x)).hasPrefix("│ " + name) }!
    }
    XCTAssertEqual(grid[42, row("input-mask-ios", from: 40)].style, .focusButton)
    XCTAssertEqual(grid[42, row("Apexy", from: 40)].style, .plain)
    XCTAssertEqual(grid[2, row("input-mask-ios", from: 0)].style, .plain)
    XCTAssertEqual(
      grid[2, row("Apexy", from: 0)].style, .button, "the unfocused pane's selection is bold")
  }

  func testSCyclesTheSortInBothPanes() {
    var state = loaded()
    _ = press(&state, .character("s"))
    XCTAssertEqual(state.visibleRepositories(.fetch).map(\.name).first, "android-ktx")
    XCTAssertEqual(state.visibleRepositories(.result).map(\.name).first, "android-ktx")
    _ = press(&state, .character("s"))
    XCTAssertEqual(
      state.visibleRepositories(.result).map(\.name), ["input-mask-ios", "Apexy", "android-ktx"])
    XCTAssertTrue(Screen.render(state).lines.contains { $0.contains("Repositories, by stars:") })
    _ = press(&state, .character("s"))
    XCTAssertEqual(
      state.visibleRepositories(.result).map(\.name), ["input-mask-ios", "Apexy", "android-ktx"],
      "last push: newest first, no date last")
    _ = press(&state, .character("s"))
    XCTAssertEqual(state.visibleRepositories(.result), Self.repositories, "back to as listed")
  }

  func testTheFilterMatchesLanguageAndDescription() {
    var state = loaded()
    state.setFilter("kotlin")
    XCTAssertEqual(state.visibleRepositories(.result).map(\.name), ["android-ktx"])
    state.setFilter("masking")
    XCTAssertEqual(state.visibleRepositories(.result).map(\.name), ["input-mask-ios"])
    state.setFilter("lang:swift")
    XCTAssertEqual(state.visibleRepositories(.result).map(\.name), ["Apexy", "input-mask-ios"])
  }

  func testDescriptionsShowUnderNamesWhenThePaneIsWide() {
    let narrow = Screen.render(loaded(columns: 80, rows: 24)).lines.joined(separator: "\n")
    XCTAssertFalse(narrow.contains("Kotlin extensions"))
    let short = Screen.render(loaded(columns: 120, rows: 14)).lines.joined(separator: "\n")
    XCTAssertFalse(short.contains("Kotlin extensions"), "a short list keeps one line a row")
    let wide = Screen.render(loaded(columns: 120, rows: 24)).lines
    let name = wide.firstIndex { $0.contains("android-ktx") }!
    XCTAssertTrue(wide[name + 1].contains("  Kotlin extensions"), wide[name + 1])
  }

  /// A reload's spinner line comes and goes: at every height, both panes keep their rows'
  /// lines (one or two) from the reload to its end.
  func testRowsKeepTheirLinesFromAReloadToItsEnd() {
    for rows in 8...40 {
      var state = loaded(columns: 120, rows: rows)
      let ended = [PaneID.fetch, .result].map { Layout.rowHeight(state, $0) }
      _ = updateLoaders(
        &state, organization: .loading(cache: Fixture.organization),
        repositories: .loading(cache: Self.repositories), at: Fixture.now)
      let reloading = [PaneID.fetch, .result].map { Layout.rowHeight(state, $0) }
      XCTAssertEqual(reloading, ended, "\(rows) rows")
    }
  }

  func testOOpensAndYCopiesTheSelectedAddress() {
    var state = loaded()
    _ = press(&state, .tab)
    let url = URL(string: "https://github.com/RedMadRobot/Apexy")!
    XCTAssertEqual(press(&state, .character("o")), [.openURL(url)])
    assertUpdate(&state, .key(.character("y")), commands: [.copy(url.absoluteString)]) {
      $0.notice = "Copied https://github.com/RedMadRobot/Apexy"
    }
    _ = press(&state, .down)
    assertUpdate(&state, .key(.character("o")), commands: [], "no address, no command") {
      $0.notice = "input-mask-ios has no web address."
    }
    _ = press(&state, .up, .enter)
    XCTAssertEqual(press(&state, .character("o")), [.openURL(url)], "from the detail view too")
  }

  func testPageKeysMoveTheViewAndTheSelectionTogether() {
    var state = Fixture.state(columns: 80, rows: 12)
    let many = (1...40).map { Repository(name: "repository-\($0)", stargazersCount: $0) }
    _ = updateLoaders(
      &state, organization: .success(content: Fixture.organization),
      repositories: .success(content: RepositoryList(many)), at: Fixture.now)
    state.focus = .resultList
    let page = Layout.itemsShown(state, .result) - 1
    assertUpdate(&state, .key(.pageDown), commands: [], "the view moves a page too") {
      $0.lists.selected[.result] = page
      $0.scroll[.result] = page
    }
    _ = press(&state, .end)
    assertUpdate(&state, .key(.pageUp), commands: []) {
      $0.lists.selected[.result] = 39 - page
      $0.scroll[.result] = 40 - (page + 1) - page
    }
  }
}
