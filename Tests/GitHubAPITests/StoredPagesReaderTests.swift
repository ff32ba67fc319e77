import Foundation
import XCTest

@testable import GitHubAPI

/// The cache entry's fast reader reads what JSONDecoder reads, and leaves to it what it does
/// not read alike.
final class StoredPagesReaderTests: XCTestCase {
  private static let texts = [
    "plain", "", "quote \" backslash \\ slash / ", "tab\tnewline\ncr\r\u{8}\u{C}", "\u{0}\u{1F}",
    "café 🚀 𝄞 \u{202E}rtl\u{200B}", "日本語のリポジトリ", "e\u{301}", "👩‍👩‍👧", "\u{FEFF}bom",
    String(repeating: "long ", count: 200),
  ]

  private func random(_ generator: inout some RandomNumberGenerator) -> StoredRepository {
    func text() -> String { Self.texts.randomElement(using: &generator)! }
    func maybe<T>(_ value: T) -> T? { Bool.random(using: &generator) ? value : nil }
    let pushed = [0, 1_758_357_000, 1_758_357_000.25, -1e9, 1e-7].randomElement(using: &generator)!
    let details = RepositoryDetails(
      fullName: maybe(text()), forksCount: maybe(Int.random(in: 0...100_000, using: &generator)),
      openIssuesCount: maybe(0), license: maybe(text()),
      topics: (0..<Int.random(in: 0...4, using: &generator)).map { _ in text() },
      pushedAt: maybe(Date(timeIntervalSince1970: pushed)),
      htmlURL: maybe(
        ["https://github.com/o/x", "https://ghe.example/o/x", text()][
          Int.random(in: 0...2, using: &generator)]))
    var repository = Repository(
      name: text(), description: maybe(text()), language: maybe(text()),
      stargazersCount: Int.random(in: -5...9_999_999, using: &generator),
      fork: Bool.random(using: &generator), details: details)
    // The raw name is kept as sent: control characters and all.
    if Bool.random(using: &generator) { repository.rawName = text() }
    return StoredRepository(repository)
  }

  /// Both results re-encoded with sorted keys, to compare them whole.
  private func canonical(_ pages: [StoredPage]) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(StoredPages(p: pages))
  }

  func testReadsWhatJSONDecoderReads() throws {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<60 {
      let pages = (0..<Int.random(in: 0...4, using: &generator)).map { index in
        StoredPage(
          u: index == 0 ? nil : "/orgs/x/repos?page=\(index)", e: round % 2 == 0 ? "W/\"e\"" : nil,
          m: nil, r: (0..<Int.random(in: 0...30, using: &generator)).map { _ in random(&generator) }
        )
      }
      for formatting in [[], [.prettyPrinted], [.sortedKeys], [.withoutEscapingSlashes]]
        as [JSONEncoder.OutputFormatting]
      {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        let partial = round % 3 == 0
        let data = try encoder.encode(
          StoredPages(p: pages, n: partial ? "/orgs/x/repos?page=9" : nil, c: partial ? 12 : nil))
        let fast = try XCTUnwrap(
          StoredPagesReader.read(data, sanitizer: TextSanitizer()), "round \(round) \(formatting)")
        let slow = try JSONDecoder().decode(StoredPages.self, from: data)
        XCTAssertEqual(try canonical(fast.p), try canonical(slow.p))
        XCTAssertEqual([fast.n, fast.c.map(String.init)], [slow.n, slow.c.map(String.init)])
      }
    }
  }

  /// Whatever the reader takes, JSONDecoder takes alike; what it does not, it leaves alone.
  func testLeavesTheRestToJSONDecoder() throws {
    let bodies = [
      #"{"p":[]}"#, #" { "p" : [ ] } "#, #"{"p":[],"x":{"y":[1,2.5e3,true,null,"s"]}}"#,
      #"{"p":[{"r":[{"n":"a","s":1,"f":false}]}]}"#,
      #"{"p":[{"r":[{"n":"a","s":1,"f":false,"pa":1.5e9,"tp":null,"d":null}]}]}"#,
      #"{"p":[{"r":[{"n":"\ud83d\ude80\u00e9\/","s":-0,"f":true}]}]}"#,
      #"{"p":[{"r":[{"n":"a","s":1.0,"f":false}]}]}"#,
      #"{"p":[{"r":[{"n":"a","s":1e2,"f":false}]}]}"#,
      #"{"p":[{"r":[{"n":"a","s":01,"f":false}]}]}"#, #"{"p":[{"r":[{"n":"a","f":false}]}]}"#,
      #"{"p":[{"r":[{"n":"a","s":1,"f":false,"pa":01.5}]}]}"#,
      #"{"p":[{"r":[{"n":"a","s":1,"f":false,"pa":1.}]}]}"#,
      #"{"p":[{"r":[{"n":"a","n":"b","s":1,"f":false}]}]}"#,
      #"{"p":[{"r":[{"n":null,"s":1,"f":false}]}]}"#,
      #"{"p":[{"r":[{"n":"\ud83d","s":1,"f":false}]}]}"#,
      #"{"p":[{"r":[{"n":"\ud83d \ude80","s":1,"f":false}]}]}"#,
      #"{"p":[{"r":[{"n":"\x","s":1,"f":false}]}]}"#,
      "{\"p\":[{\"r\":[{\"n\":\"a\u{1}\",\"s\":1,\"f\":false}]}]}",
      #"{"p":[{"r":[{"n":"a","s":1,"f":0}]}]}"#, #"{"p":[{"r":[]}],}"#, #"{"p":[{"r":[]}]} x"#,
      #"{"p":"#,
      #"{"p":[{"u":1,"r":[]}]}"#, #"{"p":[{}]}"#, #"{}"#, "", #"[]"#,
      #"{"p":[{"r":[{"n":"a","s":99999999999999999999,"f":true}]}]}"#,
      #"{"p":[],"n":"/orgs/x/repos?page=3","c":5}"#, #"{"n":null,"c":null,"p":[]}"#,
      #"{"p":[],"n":1}"#, #"{"p":[],"c":"5"}"#, #"{"p":[],"n":"a","n":"b"}"#,
    ]
    for text in bodies {
      let data = Data(text.utf8)
      let slow = Result { try JSONDecoder().decode(StoredPages.self, from: data).p }
      guard let fast = StoredPagesReader.read(data, sanitizer: TextSanitizer())?.p else { continue }
      switch slow {
      case .success(let pages): XCTAssertEqual(try canonical(fast), try canonical(pages), text)
      case .failure(let error): XCTFail("\(text): read, but JSONDecoder says \(error)")
      }
    }
    XCTAssertNil(
      StoredPagesReader.read(Data([0x7B, 0x22, 0xFF, 0x22, 0x7D]), sanitizer: TextSanitizer()),
      "not UTF-8")
  }
}
