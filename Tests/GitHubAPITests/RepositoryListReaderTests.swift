import DemoOptions
import Foundation
import LoopbackHTTP
import XCTest

@testable import DemoAPI
@testable import GitHubAPI

/// The list pages' fast reader gives the repositories `JSONDecoder` gives, and leaves to it
/// every page it does not read alike, so results and errors are the same either way.
final class RepositoryListReaderTests: XCTestCase {
  private let sanitizer = TextSanitizer(secrets: ["hunter2-secret"])

  /// What `JSONDecoder` makes of `body`, one element at a time as before the fast reader.
  private func decoded(_ body: Data) -> Result<[Repository], GitHubError> {
    Result {
      try GitHubJSON.decodeElements(Repository.self, from: body, sanitizer: sanitizer)
    }.mapError { $0 as! GitHubError }
  }

  /// The fast reader's result equals JSONDecoder's whenever it reads `body`; it never reads a
  /// body JSONDecoder refuses, and the page's answer (fast or not) is JSONDecoder's.
  private func assertAlike(
    _ body: Data, mustRead: Bool = false, _ message: String, line: UInt = #line
  ) {
    let slow = decoded(body)
    let page = Result { try RepositoriesPage(body: body).repositories(sanitizer: sanitizer) }
      .mapError { $0 as! GitHubError }
    XCTAssertEqual(page, slow, message, line: line)
    guard let fast = RepositoryListReader.read(body, sanitizer: sanitizer) else {
      if mustRead { XCTFail("not read: \(message)", line: line) }
      return
    }
    switch slow {
    case .success(let repositories):
      XCTAssertEqual(fast, repositories, message, line: line)
      // `==` on text is Unicode equivalence: the exact scalars must be the same too.
      XCTAssertEqual(Self.exactly(fast), Self.exactly(repositories), message, line: line)
    case .failure(let error): XCTFail("\(message): read, but JSONDecoder says \(error)", line: line)
    }
  }

  /// Every stored property of `value`, its text as the exact scalars.
  private static func exactly(_ value: Any) -> [Unicode.Scalar] {
    var text = ""
    dump(value, to: &text)
    return Array(text.unicodeScalars)
  }

  func testReadsTheBuiltInServersPagesAsJSONDecoderDoes() throws {
    for mode in [DemoFailureMode.unavailable, .hostileText, .wideText] {
      var options = DemoServer.Options()
      options.repositoryCount = 700
      options.failureMode = mode
      let bodies = DemoBodies(options: options, base: "http://127.0.0.1:8080")
      for first in stride(from: 0, to: 700, by: 100) {
        let body = bodies.repositories(first..<first + 100, altered: mode != .unavailable)
        assertAlike(body, mustRead: true, "\(mode.rawValue) texts, page from \(first)")
      }
      assertAlike(bodies.repositories(700..<800, altered: false), mustRead: true, "past the end")
    }
  }

  private static let texts = [
    "plain", "", "quote \" backslash \\ slash / ", "tab\tnewline\ncr\r\u{8}\u{C}", "\u{0}\u{1F}",
    "café 🚀 𝄞 \u{202E}rtl\u{200B}", "日本語のリポジトリ", "e\u{301}", "👩‍👩‍👧", "\u{FEFF}bom",
    "\u{1B}[31mred\u{1B}]0;title\u{07}", "token hunter2-secret inside", "NOASSERTION",
    String(repeating: "long ", count: 200),
  ]

  /// A repository object of GitHub's list shape, with random text, nulls and missing fields.
  private func randomRepository(_ generator: inout some RandomNumberGenerator) -> [String: Any] {
    func text() -> String { Self.texts.randomElement(using: &generator)! }
    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
    func nullable(_ value: Any) -> Any { chance(20) ? NSNull() : value }
    var object: [String: Any] = [
      "id": Int.random(in: 1...99_999_999, using: &generator), "node_id": text(),
      "name": text(), "private": false, "url": "https://api.github.com/repos/" + text(),
      "size": 12_345, "score": 1.5e-3, "homepage": NSNull(), "archived": chance(10),
      "owner": ["login": text(), "id": 7, "type": "Organization", "site_admin": false],
      "permissions": ["admin": false, "pull": true], "custom_properties": [String: Any](),
      "security_and_analysis": ["secret_scanning": ["status": "enabled"]],
      "template_repository": NSNull(), "topics_extra": [[1, [2, [3]]], [] as [Any]],
    ]
    let keys = [
      "description", "language", "stargazers_count", "fork", "full_name", "forks_count",
      "open_issues_count", "subscribers_count", "network_count", "pushed_at", "html_url",
      "topics", "license",
    ]
    for key in keys where chance(85) {
      let value: Any
      switch key {
      case "description", "language": value = text()
      case "stargazers_count": value = Int.random(in: -3...10_000_000, using: &generator)
      case "fork": value = chance(50)
      case "full_name": value = "RedMadRobot/" + text()
      case "forks_count": value = Int.random(in: 0...9_999, using: &generator)
      case "pushed_at":
        value = [
          "2026-09-21T08:30:00Z", "2026-09-21T08:30:00.5Z", "2026-09-21T10:30:00+02:00",
          "yesterday", "",
        ].randomElement(using: &generator)!
      case "html_url":
        value = ["https://github.com/RedMadRobot/Apexy", "https://evil.example/x y", text()]
          .randomElement(using: &generator)!
      case "topics": value = (0..<Int.random(in: 0...3, using: &generator)).map { _ in text() }
      case "license":
        value =
          [
            "key": "mit", "name": nullable(text()), "spdx_id": nullable(text()), "url": NSNull(),
          ] as [String: Any]
      default: value = Int.random(in: 0...50, using: &generator)
      }
      object[key] = nullable(value)
    }
    return object
  }

  /// `text` with every non-ASCII scalar written as `\u` escapes (surrogate pairs beyond the
  /// Basic Multilingual Plane); only strings hold such scalars.
  private func escapingNonASCII(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        out.unicodeScalars.append(scalar)
        continue
      }
      for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit) }
    }
    return out
  }

  func testReadsRandomPagesOfGitHubsShapeAsJSONDecoderDoes() throws {
    // Seeded, and the seed in every message: a failure can be run again exactly.
    let seed = UInt64.random(in: 0...UInt64.max)
    var generator = SplitMix64(seed: seed)
    for round in 0..<40 {
      let objects = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
        randomRepository(&generator)
      }
      let options: JSONSerialization.WritingOptions =
        round % 2 == 0 ? [.prettyPrinted, .sortedKeys] : [.sortedKeys, .withoutEscapingSlashes]
      let data = try JSONSerialization.data(withJSONObject: objects, options: options)
      assertAlike(data, mustRead: true, "seed \(seed), round \(round)")
      let escaped = Data(escapingNonASCII(String(decoding: data, as: UTF8.self)).utf8)
      assertAlike(escaped, mustRead: true, "seed \(seed), round \(round), escaped")
    }
  }

  /// Pages the fast reader must leave to JSONDecoder or read exactly alike: wrong types,
  /// nulls where a value must be, repeated fields, odd numbers, bad escapes, cut-off text.
  func testLeavesEveryOtherPageToJSONDecoder() {
    let good = #""name":"a","stargazers_count":1,"fork":false"#
    let pages = [
      "[]", " [ ] ", "[{\(good)}]", "[{\(good),\"license\":null,\"topics\":null}]",
      #"[{"name":"a"}]"#, #"[{"name":null}]"#, #"[{"description":"d"}]"#,
      #"[{"name":1}]"#, #"[{"name":"a","name":"b"}]"#, #"[{"name":"a","description":5}]"#,
      #"[{"name":"a","stargazers_count":1.0}]"#, #"[{"name":"a","stargazers_count":1e2}]"#,
      #"[{"name":"a","stargazers_count":1.5}]"#, #"[{"name":"a","stargazers_count":"1"}]"#,
      #"[{"name":"a","stargazers_count":99999999999999999999}]"#,
      #"[{"name":"a","stargazers_count":01}]"#, #"[{"name":"a","fork":0}]"#,
      #"[{"name":"a","forks_count":2.5}]"#, #"[{"name":"a","forks_count":"2"}]"#,
      #"[{"name":"a","license":"MIT"}]"#, #"[{"name":"a","license":{"spdx_id":5}}]"#,
      #"[{"name":"a","license":{"spdx_id":"NOASSERTION","name":"Other"}}]"#,
      #"[{"name":"a","license":{"spdx_id":"","name":null}}]"#,
      #"[{"name":"a","license":{"name":"x","name":"y"}}]"#,
      #"[{"name":"a","topics":["x",1]}]"#, #"[{"name":"a","topics":"x"}]"#,
      #"[{"name":"a","pushed_at":5}]"#, #"[{"name":"a","html_url":{}}]"#,
      #"[{"name":"a","full_name":["x"]}]"#, #"[{"na\u006de":"escaped key"}]"#,
      #"[{"name":"\ud83d\ude80\u00e9\/"}]"#, #"[{"name":"\ud83d"}]"#,
      #"[{"name":"\ude80"}]"#, #"[{"name":"\x"}]"#, #"[{"name":"a","x":"\ud83d"}]"#,
      #"[{"name":"a","x":"\q"}]"#, "[{\"name\":\"a\u{1}\"}]", "[{\"name\":\"a\",\"x\":\"\u{1}\"}]",
      #"[{"name":"a","x":1.}]"#, #"[{"name":"a","x":-}]"#, #"[{"name":"a","x":1e400}]"#,
      #"[{"name":"a","x":tru}]"#, #"[{"name":"a",}]"#, #"[{"name":"a"},]"#, #"[{"name":"a"}"#,
      #"[{"name":"a"}] x"#, #"{"name":"a"}"#, #"[1]"#, #"[null]"#, "", "  ", "<html>",
      "\u{FEFF}[]", #"[{"name":"a","x":{"y":[1,2.5e3,true,null,"s",{"z":-0}]}}]"#,
    ]
    for page in pages { assertAlike(Data(page.utf8), page) }
    assertAlike(Data([0x5B, 0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D, 0x5D]), "not UTF-8")
    XCTAssertNotNil(RepositoryListReader.read(Data("[{\(good)}]".utf8), sanitizer: sanitizer))
    XCTAssertNil(RepositoryListReader.read(Data(#"[{"name":null}]"#.utf8), sanitizer: sanitizer))
  }

  /// Text nested deeper than the reader goes is left to JSONDecoder, without exhausting the
  /// stack (a page is untrusted text).
  func testDeepNestingIsLeftToJSONDecoder() {
    for depth in [JSONByteReader.maximumDepth - 2, JSONByteReader.maximumDepth, 100_000] {
      let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      let body = Data(#"[{"name":"a","x":\#(nested)}]"#.utf8)
      let fast = RepositoryListReader.read(body, sanitizer: sanitizer)
      XCTAssertEqual(fast == nil, depth + 2 > JSONByteReader.maximumDepth, "depth \(depth)")
      assertAlike(body, "depth \(depth)")
    }
  }

  /// Every body the built-in server's failure modes send for a page reads as before (but
  /// `huge`'s, which is about the transport's size limit, not the JSON).
  func testFailureModeBodiesReadAsBefore() throws {
    for mode in DemoFailureMode.allCases where mode != .huge {
      guard
        let reply = DemoFailureReply.reply(mode, route: .repositories, now: Date()),
        case .respond(let response) = reply, response.status == 200
      else { continue }
      assertAlike(response.body, mode.rawValue)
    }
  }
}

/// A small seeded generator (SplitMix64), so a random test can be run again with its seed.
private struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
