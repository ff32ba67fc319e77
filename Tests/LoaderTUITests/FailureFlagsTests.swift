import Foundation
import XCTest

@testable import AppCommandLine
@testable import DemoAPI
@testable import DemoOptions
@testable import LoopbackHTTP

/// `--fail` and `--fail-mode` are never silently ignored: every pair the parser accepts
/// changes an answer the app's fetch meets, and the others are refused with one line.
final class FailureFlagsTests: XCTestCase {
  /// What the app's fetch asks of the main organization: its profile and its four pages.
  private let paths =
    ["/orgs/RedMadRobot"] + (1...4).map { "/orgs/RedMadRobot/repos?per_page=10&page=\($0)" }

  /// Each answer of `server` to `paths`, as the app would meet it: the status, the headers
  /// that lead elsewhere, the body and how it is sent, or how the connection ends.
  private func answers(_ server: DemoServer, origin: String) throws -> [String] {
    try paths.map { path in
      let request = try XCTUnwrap(
        HTTPRequest.parse(head: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1"))
      switch server.handle(request) {
      case .respond(let response):
        let leads = response.headers.filter { ["Location", "Link"].contains($0.name) }
        let text = "\(leads.map(\.value)) \(String(decoding: response.body, as: UTF8.self))"
        let sending = "\(response.chunkSize ?? 0) \(response.cutAfter ?? -1) \(response.chunked)"
        return "\(response.status) \(sending) "
          + text.replacingOccurrences(of: origin, with: "")
      case .drop: return "drop"
      case .neverAnswer: return "no answer"
      }
    }
  }

  /// A started server with `options`; its answers, its own origin left out.
  private func answers(_ options: DemoServerOptions) throws -> [String] {
    let server = DemoServer(options: options)
    let origin = try server.start().absoluteString
    defer { server.stop() }
    return try answers(server, origin: origin)
  }

  func testEveryAcceptedFailureChangesWhatTheFetchMeets() throws {
    let plain = try answers(Options().demoServer)
    var refused = 0
    for mode in DemoFailureMode.allCases {
      for fail in ["org", "repos", "page=1", "page=2", "org,page=3"] {
        let arguments = ["--fail", fail, "--fail-mode", mode.rawValue, "--latency", "0"]
        let options: Options
        switch Result(catching: { () throws(UsageError) in try ArgumentParser.parse(arguments) }) {
        case .success(.run(let parsed)): options = parsed
        case .success(let other): return XCTFail("\(arguments): \(other)")
        case .failure(let error):
          XCTAssertFalse(error.description.contains("\n"), "one line: \(error.description)")
          refused += 1
          continue
        }
        XCTAssertNotEqual(
          try answers(options.demoServer), plain,
          "\(arguments.joined(separator: " ")) is accepted and changes nothing the fetch meets")
      }
    }
    XCTAssertEqual(
      refused, 5, "org alone with link-loop or endless-pages; endless-pages with each page=")
  }
}
