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
    XCTAssertEqual(ThemeColor.palette(208).number(colors: 8), 3, "orange: the nearest, yellow")
    XCTAssertEqual(ThemeColor.palette(208).number(colors: 256), 208)
    XCTAssertEqual(ThemeColor.terminalDefault.number(colors: 256), -1)
  }

  /// Every colour of the 256 falls back to a basic one on 8 and 16 colours, by its red, green
  /// and blue; the documented light status bar (white on 24) stays white on blue.
  func testAColourOfThe256FallsBackToTheNearestBasicOne() {
    let expected: [(Int, Int)] = [
      (16, 0), (24, 4), (196, 1), (46, 2), (226, 3), (201, 5), (51, 6), (231, 7), (232, 0),
      (243, 0), (244, 7), (255, 7), (94, 1),
    ]
    for (number, basic) in expected {
      XCTAssertEqual(ThemeColor.palette(number).number(colors: 8), basic, "\(number)")
      XCTAssertEqual(ThemeColor.palette(number).number(colors: 16), basic, "\(number)")
    }
    for number in 16...255 {
      XCTAssertTrue((0...7).contains(ThemeColor.palette(number).number(colors: 8)), "\(number)")
    }
    XCTAssertTrue(Theme.Paint(.white, on: .palette(24)).numbers(colors: 8) == (7, 4))
  }

  func testTextNeverFallsBackToItsBackgroundsColour() {
    // Pale grey on white: both white on 8 colours; the text turns black to stay readable.
    XCTAssertTrue(Theme.Paint(.palette(252), on: .white).numbers(colors: 8) == (0, 7))
    XCTAssertTrue(Theme.Paint(.palette(252), on: .white).numbers(colors: 256) == (252, 7))
    XCTAssertTrue(Theme.Paint(.palette(21), on: .blue).numbers(colors: 8) == (7, 4))
    XCTAssertTrue(Theme.Paint(.blue, on: .blue).numbers(colors: 8) == (4, 4), "as asked for")
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
