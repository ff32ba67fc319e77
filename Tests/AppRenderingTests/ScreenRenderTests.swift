import ApexyLoader
import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRendering
@testable import GitHubAPI

/// Whole screens: wide and narrow layouts, wide characters, tiny terminals, help and filter.
final class ScreenRenderTests: XCTestCase {
  func testWideTerminalShowsBothPanesSideBySide() {
    XCTAssertEqual(
      Screen.render(Fixture.loaded(columns: 80, rows: 10)).lines,
      [
        "┌ Fetch ───────────────────────────────┐┌ Result ──────────────────────────────┐",
        "│ [ Fetch ]                            ││ Repositories:                        │",
        "│                                      ││ Apexy                     Swift ★207 │",
        "│ Repositories of the Red Mad Robot    ││ input-mask-ios            Swift ★598 │",
        "│ organization:                        ││ android-ktx         fork Kotlin ★101 │",
        "│ Apexy                     Swift ★207 ││ ios-interview                   ★356 │",
        "│ input-mask-ios            Swift ★598 ││                                      │",
        "│ android-ktx         fork Kotlin ★101 ││                                      │",
        "└─────────────────────────── 1–3 of 4 ─┘└──────────────────────────────────────┘",
        " RedMadRobot ✓ just now │ repos ✓ just now                        f r @ / x ? q",
      ])
  }

  func testNarrowTerminalShowsTabsAndTheFocusedPane() {
    var state = Fixture.loaded(columns: 40, rows: 10)
    XCTAssertEqual(
      Screen.render(state).lines,
      ["[Fetch]  Result   Tab switches"] + Golden.loadedFetchPane
        + [" RedMadRobot ✓ │ repos ✓  f r @ / x ? q"])
    state.focus = .resultList
    XCTAssertEqual(
      Screen.render(state).lines,
      [" Fetch  [Result]  Tab switches"] + Golden.loadedResultPane
        + [" RedMadRobot ✓ │ repos ✓  f r @ / x ? q"])
  }

  func testWideCharactersAreMeasuredAndNeverSplitOrSpilled() {
    var state = Fixture.state(columns: 80, rows: 8)
    let repositories: LoadingState<RepositoryList> = .success(content: [
      Repository(name: "中文仓库名称测试中文仓库名称测试中文仓库名称", language: "Swift", stargazersCount: 1),
      Repository(name: "emoji 🚀🚀🚀 rocket 🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀", language: "Go", stargazersCount: 2),
    ])
    _ = updateLoaders(
      &state, organization: .success(content: Owner(login: "x", name: "日本語の組織")),
      repositories: repositories, at: Fixture.now)
    let grid = Screen.render(state)
    XCTAssertEqual(
      grid.lines,
      [
        "┌ Fetch ───────────────────────────────┐┌ Result ──────────────────────────────┐",
        "│ [ Fetch ]                            ││ Repositories:                        │",
        "│                                      ││ 中文仓库名称测试中文仓库名… Swift ★1 │",
        "│ Repositories of the 日本語の組織     ││ emoji 🚀🚀🚀 rocket 🚀🚀🚀🚀…  Go ★2 │",
        "│ organization:                        ││                                      │",
        "│ 中文仓库名称测试中文仓库名… Swift ★1 ││                                      │",
        "└─────────────────────────── 1–1 of 2 ─┘└──────────────────────────────────────┘",
        " RedMadRobot ✓ just now │ repos ✓ just now                        f r @ / x ? q",
      ])
    // Every row is exactly as wide as the terminal: nothing spilled past a border.
    for y in 0..<grid.height {
      let width = (0..<grid.width).reduce(0) { $0 + TextWidth.of(grid[$1, y].text) }
      XCTAssertEqual(width, 80, "row \(y)")
    }
  }

  func testTinyTerminalSaysItIsTooSmall() {
    XCTAssertEqual(
      Screen.render(Fixture.state(columns: 10, rows: 4)).lines,
      [
        "Terminal …",
        "10×4, nee…",
        "q quits",
        "",
      ])
    XCTAssertEqual(Screen.render(Fixture.state(columns: 1, rows: 1)).lines, ["…"])
  }

  func testHelpListsEveryKeyAndScrollsWhenItDoesNotFit() {
    var state = Fixture.loaded(columns: 80, rows: 16)
    _ = update(&state, .key(.character("?")))
    XCTAssertEqual(
      Screen.render(state).lines,
      [
        "┌ Keys ────────────────────────────────────────────────────────────────────────┐",
        "│ f                fetch the owner and its repositories                        │",
        "│ r                reload the repositories only                                │",
        "│ @                show another organization or user; Tab completes, Esc closes│",
        "│ -                back to the owner shown before                              │",
        "│ Enter            details of the selected row (Esc closes); fetch on [ Fetch ]│",
        "│ Tab, →, l        focus the next element                                      │",
        "│ Shift-Tab, ←, h  focus the previous element                                  │",
        "│ ↑, ↓, j, k       move the selection                                          │",
        "│ PgUp, PgDn       move the selection a page                                   │",
        "│ Home, End, g, G  select the first or the last repository                     │",
        "│ s                sort both lists by name, stars, last push, or as listed     │",
        "│ S                sort the other way                                          │",
        "│ 1–12 of \(KeyBinding.all.count), ↑↓ scroll, other keys close                                      │",
        "└──────────────────────────────────────────────────────────────────────────────┘",
        " RedMadRobot ✓ just now │ repos ✓ just now                        f r @ / x ? q",
      ])
    _ = update(&state, .key(.down))
    XCTAssertTrue(state.showHelp, "an arrow scrolls the help, it does not close it")
    XCTAssertTrue(Screen.render(state).lines[1].contains("r   "), Screen.render(state).lines[1])
    for _ in 0..<20 { _ = update(&state, .key(.down)) }
    let scrolled = Screen.render(state).lines
    let count = KeyBinding.all.count
    XCTAssertTrue(scrolled[12].contains("q, F10, Ctrl-C"), scrolled[12])
    XCTAssertTrue(scrolled[13].contains("\(count - 11)–\(count) of \(count)"), scrolled[13])
    _ = update(&state, .key(.character("f")))
    XCTAssertFalse(state.showHelp, "any other key closes it")
  }

  func testHelpAtThirtyByTenShowsItsRowsAndHowToScroll() {
    var state = Fixture.loaded(columns: 30, rows: 10)
    _ = update(&state, .key(.character("?")))
    let lines = Screen.render(state).lines
    XCTAssertTrue(lines[1].hasPrefix("│ f   "), lines[1])
    XCTAssertTrue(lines[7].contains("1–6 of \(KeyBinding.all.count)"), lines[7])
    for _ in 0..<20 { _ = update(&state, .key(.down)) }
    XCTAssertTrue(
      Screen.render(state).lines[6].contains("q, F10, Ctrl-C"), "the last row is reachable")
  }

  func testHelpWrapsWhatAKeyDoesInANarrowTerminal() {
    var state = Fixture.loaded(columns: 60, rows: 20)
    _ = update(&state, .key(.character("?")))
    let lines = Screen.render(state).lines
    XCTAssertFalse(lines.dropLast().contains { $0.contains("…") }, "nothing cut: \(lines)")
    let enter = try? XCTUnwrap(lines.firstIndex { $0.hasPrefix("│ Enter ") })
    XCTAssertEqual(
      enter.map { [lines[$0], lines[$0 + 1]] },
      [
        "│ Enter            details of the selected row (Esc        │",
        "│                  closes); fetch on [ Fetch ]             │",
      ])
    for _ in 0..<40 { _ = update(&state, .key(.down)) }
    let scrolled = Screen.render(state).lines
    XCTAssertTrue(scrolled.contains { $0.contains("q, F10, Ctrl-C") }, "\(scrolled)")
  }

  func testHelpListsTheOutageKeyOnlyWithTheBuiltInServer() {
    var state = Fixture.loaded(columns: 80, rows: 16)
    state.canToggleOutage = false
    _ = update(&state, .key(.character("?")))
    let count = KeyBinding.all.count - 1
    XCTAssertTrue(Screen.render(state).lines[13].contains("1–12 of \(count)"))
    for _ in 0..<30 { _ = update(&state, .key(.down)) }
    let scrolled = Screen.render(state).lines
    XCTAssertFalse(scrolled.contains { $0.contains("simulated outage") }, "\(scrolled)")
    XCTAssertTrue(scrolled[12].contains("q, F10, Ctrl-C"), "the last row still shows")
    XCTAssertTrue(scrolled[13].contains("\(count - 11)–\(count) of \(count)"), scrolled[13])
    state.canToggleOutage = true
    XCTAssertTrue(HelpLayout.rows(state).contains { $0.contains("simulated outage") })
  }

  func testTheFilterBeingTypedShowsInTheStatusBarWhereNoPaneShowsIt() {
    var empty = Fixture.state(columns: 80, rows: 24)
    for key in ["/", "a"] { _ = update(&empty, .key(.character(Character(key)))) }
    XCTAssertEqual(
      Screen.render(empty).lines.last, " Filter: a▏  (0 shown)",
      "nothing loaded: no pane has a filter line")
    var loaded = Fixture.loaded(columns: 80, rows: 24)
    for key in ["/", "a"] { _ = update(&loaded, .key(.character(Character(key)))) }
    let lines = Screen.render(loaded).lines
    XCTAssertFalse(lines[23].contains("Filter:"), "the panes show it: \(lines[23])")
    XCTAssertEqual(lines.filter { $0.contains("Filter: a▏") }.count, 2, "both panes: \(lines)")
    var short = Fixture.loaded(columns: 30, rows: 8)
    for key in ["/", "a"] { _ = update(&short, .key(.character(Character(key)))) }
    XCTAssertTrue(Screen.render(short).lines[7].hasPrefix(" Filter: a▏  ("), "too short a pane")
    _ = update(&short, .key(.enter))
    XCTAssertFalse(Screen.render(short).lines[7].contains("Filter:"), "kept: the keys again")
  }

  func testFilterNarrowsBothLists() {
    var state = Fixture.loaded(columns: 80, rows: 10)
    _ = update(&state, .key(.character("/")))
    for character in "ios" { _ = update(&state, .key(.character(character))) }
    XCTAssertEqual(
      Screen.render(state).lines,
      [
        "┌ Fetch ───────────────────────────────┐┌ Result ──────────────────────────────┐",
        "│ [ Fetch ]                            ││ Repositories:                        │",
        "│                                      ││ Filter: ios▏  (2 shown)              │",
        "│ Repositories of the Red Mad Robot    ││ input-mask-ios            Swift ★598 │",
        "│ organization:                        ││ ios-interview                   ★356 │",
        "│ Filter: ios▏  (2 shown)              ││                                      │",
        "│ input-mask-ios            Swift ★598 ││                                      │",
        "│ ios-interview                   ★356 ││                                      │",
        "└──────────────────────────────────────┘└──────────────────────────────────────┘",
        " RedMadRobot ✓ just now │ repos ✓ just now                        f r @ / x ? q",
      ])
  }
}
