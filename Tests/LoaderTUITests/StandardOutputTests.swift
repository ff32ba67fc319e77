import Foundation
import XCTest

@testable import AppCommandLine
@testable import LoaderTUI

#if canImport(Glibc)
  import Glibc
#endif

/// Writes that fail: each ends the run with the right exit code and says what to do, except
/// a reader that went away, which ends it quietly.
final class StandardOutputTests: XCTestCase {
  override func setUp() {
    super.setUp()
    // What `main` does first: SIGPIPE ignored, so a closed pipe is an error, not a kill.
    StandardOutput.prepare()
  }

  private func failure(writing text: String, to fd: Int32) -> OutputFailure? {
    do {
      try StandardOutput.write(text, to: fd)
      return nil
    } catch {
      return error
    }
  }

  func testAPipeWhoseReaderIsGoneEndsQuietlyWith141() throws {
    var fds: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&fds), 0)
    close(fds[0])
    defer { close(fds[1]) }
    let failure = try XCTUnwrap(failure(writing: "line\n", to: fds[1]))
    XCTAssertTrue(failure.isBrokenPipe)
    XCTAssertEqual(failure.exitCode, .brokenPipe)
    XCTAssertNil(failure.message, "head -1 closing the pipe is no error to report")
  }

  func testAFullDeviceFailsWith74AndOneLineSayingWhatToDo() throws {
    let fd = open("/dev/full", O_WRONLY)
    XCTAssertGreaterThanOrEqual(fd, 0)
    defer { close(fd) }
    try assertOutputFailed(
      writingTo: fd, errorNumber: ENOSPC,
      saying: "loader-tui: cannot write to standard output (No space left on device);"
        + " free some space or send the output elsewhere."
    )
  }

  func testAClosedDescriptorFailsWith74() throws {
    let fd = open("/dev/null", O_WRONLY)
    close(fd)
    try assertOutputFailed(
      writingTo: fd, errorNumber: EBADF,
      saying: "loader-tui: cannot write to standard output (Bad file descriptor);"
        + " give standard output a file or a pipe open for writing."
    )
  }

  /// Writing to `fd` fails with `errorNumber`, exit code 74 and `message` for the user.
  private func assertOutputFailed(
    writingTo fd: Int32, errorNumber: Int32, saying message: String,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let failure = try XCTUnwrap(failure(writing: "line\n", to: fd), file: file, line: line)
    XCTAssertEqual(failure.errorNumber, errorNumber, file: file, line: line)
    XCTAssertEqual(failure.exitCode, .outputFailed, file: file, line: line)
    XCTAssertEqual(failure.message, message, file: file, line: line)
  }

  func testAStdoutClosedAtStartSaysSo() {
    XCTAssertEqual(OutputFailure.closed.exitCode, .outputFailed)
    XCTAssertEqual(
      OutputFailure.closed.message,
      "loader-tui: standard output is closed; give it a file or a pipe (>out.txt, or >/dev/null to discard it)."
    )
  }

  func testAFullNonBlockingPipeIsWaitedForAndGetsEveryByte() throws {
    var fds: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&fds), 0)
    _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
    let reader = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
    let received = Received()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      received.data = reader.readDataToEndOfFile()
      done.signal()
    }
    // Sixteen times a pipe's 64 KiB: the writer finds the pipe full many times.
    let text = String(repeating: "0123456789abcdef", count: 65_536)
    XCTAssertNil(failure(writing: text, to: fds[1]))
    close(fds[1])
    done.wait()
    XCTAssertEqual(received.data.count, text.utf8.count)
  }
}

private final class Received: @unchecked Sendable {
  var data = Data()
}
