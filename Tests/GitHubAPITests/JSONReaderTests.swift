import Foundation
import XCTest

@testable import DemoAPI
@testable import GitHubAPI

/// The JSON reader the GitHub models are read with: values, paths in errors, strict syntax.
final class JSONReaderTests: XCTestCase {
  private func repositories(_ json: String) throws -> [Repository] {
    try GitHubJSON.decode([Repository].self, from: Data(json.utf8))
  }

  private func detail(_ json: String) -> String? {
    do {
      _ = try repositories(json)
      return nil
    } catch GitHubError.unreadable(let detail) {
      return detail
    } catch {
      return "\(error)"
    }
  }

  func testReadsTheShownFieldsAndSkipsTheRest() throws {
    let json = """
      [ {"id": 1, "name": "Apexy", "owner": {"login": "x", "ids": [1, 2.5e3, -0, true, null]},
         "description": "caf\\u00e9 \\ud83d\\ude80 \\"q\\" \\\\ \\/ tab\\t", "language": null,
         "stargazers_count": 12345, "fork": true, "topics": ["a", "b"], "name2": {}} ,
        {"name": "Only"} ]
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

  func testWrongFieldsNameTheirPath() {
    XCTAssertEqual(detail(#"[{"name": "a"}, {"name": 7}]"#), "field [1].name is not a string")
    XCTAssertEqual(detail(#"[{"name": null}]"#), "field [0].name is null, expected a string")
    XCTAssertEqual(detail(#"[{"id": 1}]"#), #"field "name" is missing in field [0]"#)
    XCTAssertEqual(
      detail(#"[{"name": "a", "stargazers_count": 1.5}]"#),
      "field [0].stargazers_count is not a whole number in range")
    XCTAssertEqual(
      detail(#"[{"name": "a", "stargazers_count": 99999999999999999999}]"#),
      "field [0].stargazers_count is not a whole number in range")
    XCTAssertEqual(detail(#"[{"name": "a", "fork": "yes"}]"#), "field [0].fork is not a boolean")
    XCTAssertEqual(detail(#"{"name": "a"}"#), "the top level is not an array")
    XCTAssertEqual(detail(#"[1]"#), "field [0] is not an object")
    XCTAssertEqual(
      try? GitHubJSON.decode(Organization.self, from: Data(#"{"name": "x"}"#.utf8)), nil)
  }

  func testSyntaxErrorsWinOverWrongFields() {
    XCTAssertEqual(
      detail(#"[{"name": 7}, {"name": "b""#), "the JSON is invalid: unexpected end of file")
    XCTAssertEqual(
      detail(#"[{"name": "a"}] x"#),
      "the JSON is invalid: unexpected 'x' at byte 16 after the end of the JSON value")
    XCTAssertEqual(
      detail(#"[{"name": "a",}]"#),
      "the JSON is invalid: unexpected '}' at byte 14 where a field name belongs")
    XCTAssertEqual(
      detail("[{\"name\": \"a\u{1}b\"}]"),
      "the JSON is invalid: unexpected byte 0x1 at byte 12 inside a string (control characters must be escaped)"
    )
    XCTAssertEqual(
      detail(#"[{"name": "\ud800x"}]"#),
      "the JSON is invalid: a \\u escape at byte 17 is half of a surrogate pair")
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    XCTAssertEqual(detail(deep), "the JSON is invalid: it nests deeper than 512 levels")
  }

  /// The built-in server's JSON writer escapes what JSON requires and reads back unchanged.
  func testTheServersWriterRoundTrips() throws {
    let text = "quote \" backslash \\ newline \n tab \t bell \u{7} é 🚀 \u{202E}"
    let value: [Any] = [["name": text, "stargazers_count": 7, "fork": false, "language": NSNull()]]
    let data = JSONText.data(value)
    let parsed = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
    XCTAssertEqual(parsed?.first?["name"] as? String, text)
    let read = try GitHubJSON.decode([Repository].self, from: data)
    XCTAssertEqual(read, [Repository(name: text, stargazersCount: 7)])
  }

  /// The reader accepts what Foundation's JSON parser accepts, on a corpus of edge cases, except
  /// trailing commas: Foundation allows them, JSON (RFC 8259) and this reader do not.
  func testAgreesWithJSONSerializationOnWhatIsJSON() {
    let documents = [
      "[]", "[1,2]", "[1,]", "[,1]", "[01]", "[-0]", "[-]", "[1.]", "[.5]", "[1e]", "[1E+2]",
      "[1e-2]", "[tru]", "[true]", "[nul]", "[null ]", "[\"\\x\"]", "[\"\\u12\"]", "[\"\\u00e9\"]",
      "[{}]", "[{\"a\"}]", "[{\"a\":}]", "[{\"a\":1 \"b\":2}]", "[{\"a\":1,\"a\":2}]", "[{1:2}]",
      "[\"a\" \"b\"]", "[[[]]]", "[[]", "[]]", "[\"\t\"]", "[ \u{0C} ]", "{}", "{\"a\":[1,{}]}",
      "[\"\\ud83d\\ude80\"]", "[1 2]", "[\"\\/\"]", "[-01]", "[1.5e3]", "[+1]", "[Infinity]",
      "[NaN]", "[\"\\u0000\"]",
    ]
    let trailingCommas = ["[1,]", "{\"a\":1,}", "[{\"a\":1},]"]
    for document in documents + trailingCommas {
      let data = Data(document.utf8)
      let foundation = (try? JSONSerialization.jsonObject(with: data)) != nil
      let ours = data.withUnsafeBytes { raw in
        (try? JSONReader.read(Skip.self, from: raw.bindMemory(to: UInt8.self))) != nil
      }
      XCTAssertEqual(ours, foundation && !trailingCommas.contains(document), document)
    }
  }
}

/// Any JSON value, checked and skipped.
struct Skip: JSONReadable {
  init(json reader: inout JSONReader) throws(JSONReader.SyntaxError) {
    try reader.skipValue()
  }
}
