import AppTestSupport
import XCTest

@testable import AppFormats
@testable import AppModel

/// Bytes as terminals really send them → keys, pastes and mouse reports.
final class InputDecoderTests: XCTestCase {
  private func decode(_ text: String) -> [InputEvent] {
    var decoder = InputDecoder()
    return decoder.feed(Array(text.utf8)) + decoder.flush()
  }

  private func keys(_ text: String) -> [Key] {
    decode(text).compactMap { if case .key(let key) = $0 { return key } else { return nil } }
  }

  func testEveryCommonEncodingOfHomeEndAndThePageKeys() {
    for home in ["\u{1B}[H", "\u{1B}OH", "\u{1B}[1~", "\u{1B}[7~"] {
      XCTAssertEqual(keys(home), [.home], home.debugDescription)
    }
    for end in ["\u{1B}[F", "\u{1B}OF", "\u{1B}[4~", "\u{1B}[8~"] {
      XCTAssertEqual(keys(end), [.end], end.debugDescription)
    }
    XCTAssertEqual(keys("\u{1B}[5~\u{1B}[6~"), [.pageUp, .pageDown])
  }

  func testArrowsInBothModesAndWithModifiers() {
    XCTAssertEqual(keys("\u{1B}[A\u{1B}OB\u{1B}[1;5C\u{1B}[1;2D"), [.up, .down, .right, .left])
  }

  func testFunctionKeys() {
    XCTAssertEqual(
      keys("\u{1B}OP\u{1B}[12~\u{1B}[15~\u{1B}[17~\u{1B}[24~\u{1B}[1;2S"),
      [.function(1), .function(2), .function(5), .function(6), .function(12), .function(4)])
  }

  func testAltKeyIsNotEscape() {
    XCTAssertEqual(keys("\u{1B}x"), [.alt("x")])
    XCTAssertEqual(keys("\u{1B}é"), [.alt("é")])
  }

  func testALoneEscapeWaitsThenCountsAsEsc() {
    var decoder = InputDecoder()
    XCTAssertEqual(decoder.feed([0x1B]), [])
    XCTAssertEqual(decoder.pendingTimeout, InputDecoder.escapeTimeout)
    XCTAssertEqual(decoder.flush(), [.key(.escape)])
    XCTAssertNil(decoder.pendingTimeout)
  }

  func testAnArrowSplitAcrossReadsIsOneArrow() {
    var decoder = InputDecoder()
    XCTAssertEqual(decoder.feed([0x1B]), [])
    XCTAssertEqual(decoder.feed(Array("[".utf8)), [])
    XCTAssertEqual(decoder.pendingTimeout, InputDecoder.sequenceTimeout)
    XCTAssertEqual(decoder.feed(Array("A".utf8)), [.key(.up)])
    XCTAssertNil(decoder.pendingTimeout)
  }

  func testUnknownSequencesAreReadWholeAndDropped() {
    XCTAssertEqual(keys("\u{1B}[99~q"), [.character("q")])
    XCTAssertEqual(keys("\u{1B}[I\u{1B}[Oq"), [.character("q")], "focus in and out")
    XCTAssertEqual(keys("\u{1B}[M !!q"), [.character("q")], "an X10 mouse report")
    XCTAssertEqual(keys("\u{1B}[?1;2cq"), [.character("q")], "a device attributes answer")
  }

  func testAnUnfinishedSequenceIsDroppedOnTimeout() {
    var decoder = InputDecoder()
    XCTAssertEqual(decoder.feed(Array("\u{1B}[12".utf8)), [])
    XCTAssertEqual(decoder.flush(), [])
    XCTAssertEqual(decoder.feed(Array("q".utf8)), [.key(.character("q"))])
  }

  func testControlKeys() {
    XCTAssertEqual(
      keys("\u{3}\u{9}\r\n\u{7F}\u{8}\u{C}\u{15}\u{17}\u{1A}\u{1}"),
      [
        .interrupt, .tab, .enter, .enter, .backspace, .backspace, .repaint, .clearLine,
        .deleteWord, .suspend,
      ])
  }

  func testUTF8CharactersAcrossReadsAndInvalidBytes() {
    var decoder = InputDecoder()
    let bytes = Array("é日🚀".utf8)
    XCTAssertEqual(decoder.feed(bytes[0..<3]), [.key(.character("é"))])
    XCTAssertEqual(
      decoder.feed(bytes[3...]), [.key(.character("日")), .key(.character("🚀"))])
    XCTAssertEqual(decoder.feed([0xFF, 0x61]), [.key(.character("a"))])
  }

  func testABracketedPasteIsOneEventEvenAcrossReads() {
    XCTAssertEqual(
      decode("\u{1B}[200~android\nxq\u{1B}[201~f"),
      [
        .paste("android\nxq"), .key(.character("f")),
      ])
    var decoder = InputDecoder()
    XCTAssertEqual(decoder.feed(Array("\u{1B}[200~ab\u{1B}[2".utf8)), [])
    XCTAssertEqual(decoder.feed(Array("01~".utf8)), [.paste("ab")])
  }

  func testSGRMouseReports() {
    XCTAssertEqual(
      decode("\u{1B}[<0;5;3M\u{1B}[<0;5;3m\u{1B}[<64;10;2M\u{1B}[<65;1;1M"),
      [
        .mouse(MouseEvent(action: .press, x: 4, y: 2)),
        .mouse(MouseEvent(action: .other, x: 4, y: 2)),
        .mouse(MouseEvent(action: .wheelUp, x: 9, y: 1)),
        .mouse(MouseEvent(action: .wheelDown, x: 0, y: 0)),
      ])
  }

  func testEscapeThenAControlKeyInOneReadAreBothKeys() {
    XCTAssertEqual(keys("\u{1B}\u{1A}"), [.escape, .suspend])
    XCTAssertEqual(keys("\u{1B}\r"), [.escape, .enter])
  }
}
