import DemoOptions
import Foundation
import JSONOutput
import XCTest

@testable import DemoAPI
@testable import GitHubAPI

/// How GitHub's JSON is decoded: the shown fields, nulls, and errors that name field and element.
final class GitHubJSONTests: XCTestCase {
  private func repositories(_ json: String) throws -> [Repository] {
    try GitHubJSON.decode([Repository].self, from: Data(json.utf8))
  }

  private func detail(_ json: String) -> String? {
    detail(Data(json.utf8))
  }

  private func detail<T: Decodable>(_ body: Data, as type: T.Type = [Repository].self) -> String? {
    do {
      _ = try GitHubJSON.decode(type, from: body)
      return nil
    } catch GitHubError.unreadable(let detail) {
      return detail
    } catch {
      return "\(error)"
    }
  }

  func testReadsTheShownFieldsAndIgnoresTheRest() throws {
    let json = """
      [ {"id": 1, "name": "Apexy", "owner": {"login": "x", "ids": [1, 2.5e3, -0, true, null]},
         "description": "caf\\u00e9 \\ud83d\\ude80 \\"q\\" \\\\ \\/ tab\\t", "language": null,
         "stargazers_count": 12345, "fork": true, "topics": ["a", "b"], "name2": {}} ,
        {"name": "Only", "description": null, "stargazers_count": null, "fork": null} ]
      """
    let read = try repositories(json)
    XCTAssertEqual(read.count, 2)
    XCTAssertEqual(read[0].name, "Apexy")
    XCTAssertEqual(read[0].description, "café 🚀 \"q\" \\ / tab^I")
    XCTAssertNil(read[0].language)
    XCTAssertEqual(read[0].stargazersCount, 12345)
    XCTAssertTrue(read[0].fork)
    XCTAssertEqual(read[1], Repository(name: "Only"))
    XCTAssertEqual(try repositories(" [ ] \n"), [])
  }

  func testReadsTheOrganization() throws {
    let json = #"{"login": "RedMadRobot", "id": 1, "name": null, "public_repos": 36, "plan": {}}"#
    let organization = try GitHubJSON.decode(Owner.self, from: Data(json.utf8))
    XCTAssertEqual(
      organization, Owner(login: "RedMadRobot", name: nil, publicRepos: 36))
    XCTAssertEqual(organization.displayName, "RedMadRobot")
  }

  func testWrongFieldsNameTheirPath() {
    XCTAssertEqual(detail(#"[{"name": "a"}, {"name": 7}]"#), "field [1].name is not a string")
    XCTAssertEqual(detail(#"[{"name": null}]"#), "field [0].name is null, expected a string")
    XCTAssertEqual(detail(#"[{"id": 1}]"#), #"field "name" is missing in field [0]"#)
    XCTAssertEqual(
      detail(#"[{"name": "a", "stargazers_count": 1.5}]"#),
      "field [0].stargazers_count is not a whole number in range")
    XCTAssertEqual(
      detail(#"[{"name": "a"}, {"name": "b", "stargazers_count": 99999999999999999999}]"#),
      "field [1].stargazers_count is not a whole number in range")
    XCTAssertEqual(
      detail(#"[{"name": "a", "stargazers_count": "7"}]"#),
      "field [0].stargazers_count is not a number")
    XCTAssertEqual(detail(#"[{"name": "a", "fork": "yes"}]"#), "field [0].fork is not a boolean")
    XCTAssertEqual(detail(#"{"name": "a"}"#), "the top level is not an array")
    XCTAssertEqual(detail(#"[1]"#), "field [0] is not an object")
    XCTAssertEqual(
      detail(Data(#"{"name": "x"}"#.utf8), as: Owner.self), #"field "login" is missing"#)
    XCTAssertEqual(
      detail(Data(#"{"login": 42, "name": ["x"]}"#.utf8), as: Owner.self),
      "field login is not a string")
  }

  func testBodiesThatAreNotJSONSaySo() {
    XCTAssertEqual(detail(""), "the body is empty")
    XCTAssertEqual(detail("  <!DOCTYPE html><html></html>"), "the body is HTML, expected JSON")
    XCTAssertEqual(detail("Service Unavailable"), "the body is not JSON, expected JSON")
  }

  func testSyntaxErrorsWinOverWrongFields() {
    XCTAssertEqual(
      detail(#"[{"name": 7}, {"name": "b""#),
      "the JSON is invalid: it stops before its closing ']' or '}', as if cut off")
    XCTAssertEqual(detail(#"[{"name": 7}, {"name" "b"}]"#), "the JSON is invalid")
    XCTAssertEqual(
      detail(#"[{"name": 7}] x"#),
      "the JSON is invalid: it stops before its closing ']' or '}', as if cut off"
    )
    XCTAssertEqual(detail("[{\"name\": \"a\u{1}b\"}]"), "the JSON is invalid")
    XCTAssertEqual(detail(#"[{"name": "\ud800x"}]"#), "the JSON is invalid")
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    XCTAssertEqual(detail(deep), "the JSON is invalid")
  }

  func testInvalidUTF8IsUnreadableAtItsOffsetEvenInAnIgnoredField() {
    var json = Data(#"[{"name":"Sw"#.utf8)
    json.append(contentsOf: [0xFF, 0xFE])
    json.append(contentsOf: Data(#"ift"}]"#.utf8))
    XCTAssertEqual(detail(json), "the body is not valid UTF-8 (byte 12)")
    var ignored = Data(#"[{"name":"a","node_id":""#.utf8)
    ignored.append(0xC3)
    ignored.append(contentsOf: Data(#""}]"#.utf8))
    XCTAssertEqual(detail(ignored), "the body is not valid UTF-8 (byte 24)")
    XCTAssertNil(GitHubJSON.invalidUTF8Offset(Data("日本語 🚀 café".utf8)))
    XCTAssertEqual(GitHubJSON.invalidUTF8Offset(Data([0x61, 0xED, 0xA0, 0x80])), 1, "surrogate")
    XCTAssertEqual(GitHubJSON.invalidUTF8Offset(Data([0x61, 0xE6, 0x97])), 1, "truncated")
    let ascii = Data(String(repeating: "0123456789", count: 3).utf8)
    XCTAssertEqual(GitHubJSON.invalidUTF8Offset(ascii + Data([0xFF]) + ascii), 30, "after ASCII")
    XCTAssertNil(GitHubJSON.invalidUTF8Offset(ascii + Data("é🚀".utf8) + ascii))
    XCTAssertEqual(GitHubJSON.invalidUTF8Offset(ascii + Data([0xF0, 0x9F])), 30, "cut at the end")
  }

  func testDecodedTextIsCleanedWithTheSanitizerGiven() throws {
    let json = Data(
      #"[{"name":"\u001b[2Jwipe","description":"key ghp_SECRET1 here\u0007","fork":false}]"#.utf8)
    let plain = try GitHubJSON.decode([Repository].self, from: json)
    XCTAssertEqual(plain.first?.name, "^[[2Jwipe")
    XCTAssertEqual(plain.first?.description, "key ghp_SECRET1 here^G")
    let redacting = try GitHubJSON.decode(
      [Repository].self, from: json, sanitizer: TextSanitizer(secrets: ["ghp_SECRET1"]))
    XCTAssertEqual(redacting.first?.description, "key <token> here^G")
  }

  /// The built-in server's JSON writer escapes what JSON requires and reads back unchanged.
  func testTheServersWriterRoundTrips() throws {
    let text = "quote \" backslash \\ newline \n tab \t bell \u{7} é 🚀 \u{202E}"
    let value: [Any] = [["name": text, "stargazers_count": 7, "fork": false, "language": NSNull()]]
    let data = JSONValue(value).data()
    let read = try GitHubJSON.decode([Repository].self, from: data)
    XCTAssertEqual(read, [Repository(name: text, stargazersCount: 7)])
    XCTAssertEqual(read.first?.name.contains("^J"), true, "the newline arrived and was cleaned")
  }

  /// Decoding a page element by element reads what decoding it whole reads, and fails with the
  /// same words: on the server's pages (plain, hostile and wide text) and on the cases above.
  func testElementByElementReadsAndFailsAsTheWholeBody() throws {
    for mode in [DemoFailureMode.hostileText, .wideText] {
      var options = DemoServer.Options()
      options.failureMode = mode
      options.repositoryCount = 250
      let bodies = DemoBodies(options: options, base: "http://127.0.0.1:1")
      for altered in [false, true] {
        let page = bodies.repositories(0..<250, altered: altered)
        let sanitizer = TextSanitizer(secrets: ["ghp_SECRET1"])
        XCTAssertEqual(
          try GitHubJSON.decodeElements(Repository.self, from: page, sanitizer: sanitizer),
          try GitHubJSON.decode([Repository].self, from: page, sanitizer: sanitizer))
        // A slice of a larger buffer, as a body can be.
        let padded = Data("xx".utf8) + page + Data("yy".utf8)
        let slice = padded[padded.startIndex + 2..<padded.endIndex - 2]
        XCTAssertEqual(
          try GitHubJSON.decodeElements(Repository.self, from: slice, sanitizer: sanitizer),
          try GitHubJSON.decode([Repository].self, from: page, sanitizer: sanitizer))
      }
    }
    let bodies = [
      #"[{"name": "a"}, {"name": 7}]"#, #"[{"name": null}]"#, #"[{"id": 1}]"#, " [ ] \n", "[]",
      #"[{"name": "a"} {"name": "b"}]"#, #"[{"name": "a"},]"#, #"[{"name": "a"}] x"#,
      #"[{"name": "a\"}"}]"#, #"[{"name": "{[\\"}]"#, #"{"name": "a"}"#, #"[1, {"name": "a"}]"#,
      "[{\"name\": \"a\u{1}\"}]", #"[{"name": "a", "x": [1, {"y": "}"}]}]"#, "[{", "",
      "<html>", #"[{"name": "a"}"#,
    ]
    for text in bodies {
      let body = Data(text.utf8)
      let whole = Result { try GitHubJSON.decode([Repository].self, from: body) }
      let elements = Result { try GitHubJSON.decodeElements(Repository.self, from: body) }
      switch (whole, elements) {
      case (.success(let a), .success(let b)): XCTAssertEqual(a, b, text)
      case (.failure(let a), .failure(let b)): XCTAssertEqual("\(a)", "\(b)", text)
      default: XCTFail("\(text): \(whole) but \(elements)")
      }
    }
    XCTAssertEqual(JSONByteReader.objectRanges(Data(#"[{"a": "}"}, {}]"#.utf8))?.count, 2)
    XCTAssertNil(JSONByteReader.objectRanges(Data(#"[{"a": 1}, 2]"#.utf8)))
  }

  /// The reader splits exactly the bodies Foundation reads as an array of objects, into as
  /// many objects, each of which Foundation reads alone: on random text made of the characters
  /// that matter (quotes, backslashes, brackets, commas) and on the server's pages.
  func testTheElementsAreFoundExactlyInAnArrayOfObjects() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array(#"{}[]"\, a"#.utf8)
    var bodies: [Data] = []
    for _ in 0..<20_000 {
      let length = Int.random(in: 0..<40, using: &generator)
      var text = Array("[{\"k\": \"".utf8)
      for _ in 0..<length { text.append(alphabet.randomElement(using: &generator)!) }
      if Bool.random(using: &generator) { text += Array("\"}]".utf8) }
      bodies.append(Data(text))
    }
    for mode in [DemoFailureMode.hostileText, .wideText] {
      var options = DemoServer.Options()
      options.failureMode = mode
      options.repositoryCount = 100
      let page = DemoBodies(options: options, base: "http://127.0.0.1:1")
      bodies += [
        page.repositories(0..<100, altered: true), page.repositories(0..<100, altered: false),
      ]
    }
    for body in bodies {
      let text = String(decoding: body, as: UTF8.self)
      let objects = (try? JSONSerialization.jsonObject(with: body)) as? [[String: Any]]
      let ranges = JSONByteReader.objectRanges(body)
      // Foundation on Linux also takes a trailing comma, which JSON does not allow: such a
      // body is decoded whole, by Foundation, as any body the reader does not take.
      let trailingComma = text.range(of: #",\s*[\]}]"#, options: .regularExpression) != nil
      if ranges != nil || !trailingComma {
        XCTAssertEqual(ranges?.count, objects?.count, text)
      }
      for range in ranges ?? [] {
        XCTAssertNotNil(
          (try? JSONSerialization.jsonObject(with: body[range])) as? [String: Any], text)
      }
      let padded = Data("xx".utf8) + body
      let slice = padded[padded.startIndex + 2..<padded.endIndex]
      XCTAssertEqual(
        JSONByteReader.objectRanges(slice)?.map { ($0.lowerBound - 2)..<($0.upperBound - 2) },
        ranges, "a slice's ranges are in its own indices")
    }
  }
}
