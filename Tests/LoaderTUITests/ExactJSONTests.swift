import Foundation
import LoopbackHTTP
import XCTest

@testable import DemoAPI

/// `--json` is data: hostile names come out exactly as the server sent them, every control and
/// format character escaped, so the output is still safe to `cat`.
final class ExactJSONTests: XCTestCase {
  private let hostileArguments = [
    "--headless", "--json", "--latency", "0", "--no-timestamps", "--fail", "org,repos",
    "--fail-mode", "hostile-text",
  ]

  /// What the hostile-text server sends: each usual name with controls added.
  private func expectedNames() throws -> (organization: String, repositories: [String]) {
    let plain = try BinaryRun.run(["--headless", "--json", "--latency", "0", "--no-timestamps"])
    let merged = try XCTUnwrap(
      try objects(plain.stdout).last { $0["state"] as? String == "merged" })
    let names = try XCTUnwrap(merged["repositories"] as? [String])
    return (
      DemoFailureReply.hostile("Red Mad Robot", index: 1),
      names.enumerated().map { DemoFailureReply.hostile($0.element, index: $0.offset) }
    )
  }

  private func objects(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  func testHostileNamesAreExactAndNoRawControlOrFormatCharacterIsPrinted() throws {
    let expected = try expectedNames()
    let run = try BinaryRun.run(hostileArguments)
    XCTAssertEqual(run.status, 0)
    for scalar in run.stdout.unicodeScalars where scalar != "\n" {
      let category = scalar.properties.generalCategory
      XCTAssertFalse(
        category == .control || category == .format || category == .lineSeparator
          || category == .paragraphSeparator,
        "raw U+\(String(scalar.value, radix: 16)) on stdout")
    }
    let merged = try XCTUnwrap(
      try objects(run.stdout).last { $0["state"] as? String == "merged" })
    XCTAssertEqual(merged["organization"] as? String, expected.organization)
    XCTAssertEqual(merged["repositories"] as? [String], expected.repositories)
    // String equality is canonical equivalence; exact means the same scalars.
    XCTAssertEqual(
      (merged["repositories"] as? [String])?.map { Array($0.unicodeScalars) },
      expected.repositories.map { Array($0.unicodeScalars) })
    XCTAssertGreaterThan(expected.repositories[0].count, 2_000, "no 500-character cut")
  }

  func testPythonReadsTheExactNamesBack() throws {
    let python = "/usr/bin/python3"
    guard FileManager.default.isExecutableFile(atPath: python) else {
      throw XCTSkip("python3 is not installed")
    }
    let expected = try expectedNames()
    // Python decodes each line, then prints what it read with every non-ASCII character
    // escaped, so the comparison is about Python's reading, not about bytes passed through.
    let script = """
      "$BIN" \(hostileArguments.joined(separator: " ")) | \(python) -c '
      import json, sys
      lines = [json.loads(l) for l in sys.stdin]
      merged = [o for o in lines if o.get("state") == "merged"][-1]
      print(json.dumps([merged["organization"], merged["repositories"]], ensure_ascii=True))'
      """
    let run = try BinaryRun.shell(script)
    XCTAssertEqual(run.status, 0, run.stderr)
    let read = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [Any])
    XCTAssertEqual(read.first as? String, expected.organization)
    XCTAssertEqual(read.last as? [String], expected.repositories)
  }

  func testATokenEchoedInANameIsStillReplacedInJSON() throws {
    let token = "ghp_SECRET0123456789"
    let server = HTTPServer { request in
      let echoed = request.headers["authorization"] ?? "none"
      let body =
        request.path.hasSuffix("/repos")
        ? #"[{"name":"repo \#(echoed)\u001b[0m"}]"# : #"{"login":"x","name":"Org \#(echoed)"}"#
      return .respond(HTTPResponse(status: 200, body: Data(body.utf8)))
    }
    try server.start()
    defer { server.stop() }
    let run = try BinaryRun.run(
      [
        "--headless", "--json", "--no-timestamps", "--org", "x", "--base-url",
        server.baseURL.absoluteString,
      ], environment: ["GITHUB_TOKEN": token])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertFalse(run.stdout.contains(token), run.stdout)
    let merged = try XCTUnwrap(
      try objects(run.stdout).last { $0["state"] as? String == "merged" })
    XCTAssertEqual(merged["organization"] as? String, "Org Bearer <token>")
    XCTAssertEqual(merged["repositories"] as? [String], ["repo Bearer <token>\u{1B}[0m"])
  }
}
