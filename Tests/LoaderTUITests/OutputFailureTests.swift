import Foundation
import XCTest

/// The built binary with its standard output on a full disk, closed, or read by `head -1`, as a
/// user would run it from a shell.
final class OutputFailureTests: XCTestCase {
  private let full =
    "loader-tui: cannot write to standard output (No space left on device); free some space or send the output elsewhere."
  private let closed =
    "loader-tui: standard output is closed; give it a file or a pipe (>out.txt, or >/dev/null to discard it)."

  func testHeadlessOnAFullDiskExits74WithOneLine() throws {
    for format in ["", "--json"] {
      let run = try BinaryRun.shell(#""$BIN" --headless --latency 0 \#(format) >/dev/full"#)
      XCTAssertEqual(run.status, 74, format)
      XCTAssertEqual(run.errorLines, [full], format)
    }
  }

  func testAClosedStdoutExits74WithOneLine() throws {
    for arguments in ["--headless --latency 0", "--headless --json --latency 0", "--latency 0"] {
      let run = try BinaryRun.shell(#""$BIN" \#(arguments) >&-"#)
      XCTAssertEqual(run.status, 74, arguments)
      XCTAssertEqual(run.errorLines, [closed], arguments)
    }
  }

  func testHelpVersionAndServerOutputThatCannotBeWrittenIsAnError() throws {
    for arguments in ["--help", "--version", "serve-demo --port 0"] {
      let onFull = try BinaryRun.shell(#""$BIN" \#(arguments) >/dev/full"#)
      XCTAssertEqual(onFull.status, 74, arguments)
      XCTAssertEqual(onFull.errorLines, [full], arguments)
      let onClosed = try BinaryRun.shell(#""$BIN" \#(arguments) >&-"#)
      XCTAssertEqual(onClosed.status, 74, arguments)
      XCTAssertEqual(onClosed.errorLines, [closed], arguments)
    }
  }

  func testHeadOneEndsTheRunQuietlyWith141() throws {
    // The organization arrives 0.3 s after the first line, long after `head` has gone.
    let run = try BinaryRun.shell(
      #""$BIN" --headless --latency 0.3 --no-timestamps | head -1; echo "status ${PIPESTATUS[0]}""#)
    XCTAssertEqual(run.stdout, "repositories Loading: nothing cached\nstatus 141\n")
    XCTAssertEqual(run.stderr, "", "no error message when the reader stops reading")
  }

  func testClosedStdinAndStderrDoNotStopARun() throws {
    let run = try BinaryRun.shell(
      #""$BIN" --headless --latency 0 --no-timestamps <&- 2>&-; echo "status $?""#)
    XCTAssertTrue(
      run.stdout.hasSuffix(
        "done: 1 round, success: Red Mad Robot with 36 repositories\nstatus 0\n"), run.stdout)
    let failed = try BinaryRun.shell(#""$BIN" --headless --latency 0 2>&- >/dev/full; echo $?"#)
    XCTAssertEqual(failed.stdout, "74\n", "the exit code still tells, with nowhere to say it")
  }
}
