import XCTest

@testable import AppModel

/// Colours by name or number, as a terminal of 8, 16 or 256 colours draws them, and which
/// element each style is painted as.
final class ThemeTests: XCTestCase {
  func testColoursByNameOrNumber() {
    XCTAssertEqual(ThemeColor(name: "Blue"), .blue)
    XCTAssertEqual(ThemeColor(name: "bright-white"), .palette(15))
    XCTAssertEqual(ThemeColor(name: "default"), .terminalDefault)
    XCTAssertEqual(ThemeColor(name: "208"), .palette(208))
    for bad in ["256", "-1", "+5", "bright-", "purple", "", "٣"] {
      XCTAssertNil(ThemeColor(name: bad), bad)
    }
  }

  func testAColourATerminalLacksFallsBack() {
    XCTAssertEqual(ThemeColor.palette(9).number(colors: 8), 1, "bright red: red")
    XCTAssertEqual(ThemeColor.palette(9).number(colors: 16), 9)
    XCTAssertEqual(ThemeColor.palette(208).number(colors: 8), -1, "the terminal's own")
    XCTAssertEqual(ThemeColor.palette(208).number(colors: 256), 208)
    XCTAssertEqual(ThemeColor.terminalDefault.number(colors: 256), -1)
  }

  func testEveryElementIsDrawnBySomeStyleAndTheThemesDiffer() {
    let styles: [Style] = [
      .plain, .border, .focusBorder, .title, .button, .focusButton, .error, .heading, .dim,
      .spinner, .success, .tabActive, .tabInactive, .statusBar, .inspector, .inspectorTitle,
    ]
    XCTAssertEqual(Set(styles.compactMap(\.element)), Set(Theme.Element.allCases))
    for element in Theme.Element.allCases where element != .header && element != .error {
      XCTAssertNotEqual(Theme.dark.paint(element), Theme.light.paint(element), element.rawValue)
    }
    XCTAssertEqual(Theme.named("LIGHT"), .light)
    XCTAssertNil(Theme.named("solarized"))
    XCTAssertEqual(Theme.dark.painting(.border, Theme.Paint(.red)).paint(.border).foreground, .red)
  }
}
