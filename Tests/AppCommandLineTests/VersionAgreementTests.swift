import AppModel
import Foundation
import XCTest

/// One version number: the newest release in `CHANGELOG.md`, `AppInfo.version` (what
/// `--version` prints, the `User-Agent` and the `.deb`'s name) and every version the README, the
/// guides in docs/ and the DocC articles name (their dependency lines, the package file, the `User-Agent`) agree.
/// Bumping the version is changing `AppInfo.version` and `AppInfo.date`, adding the changelog
/// entry, and following the failures here.
final class VersionAgreementTests: XCTestCase {
  private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  private func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// Every match of `pattern`'s first group in `text`.
  private func versions(_ pattern: String, in text: String) throws -> [String] {
    let regex = try NSRegularExpression(pattern: pattern)
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).compactMap { match in
      Range(match.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  /// The versions a document names where it means this one.
  private func namedVersions(in text: String) throws -> [String] {
    let number = #"(\d+\.\d+\.\d+)"#
    return try versions(#"from: ""# + number + #"""#, in: text)
      + versions("loader-tui_" + number + "_", in: text)
      + versions("loader-tui/" + number, in: text)
  }

  func testTheChangelogsNewestReleaseIsAppInfosVersionAndDate() throws {
    let changelog = try read("CHANGELOG.md")
    let releases = try versions(#"(?m)^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$"#, in: changelog)
    let dates = try versions(#"(?m)^## \[\d+\.\d+\.\d+\] - (\d{4}-\d{2}-\d{2})$"#, in: changelog)
    XCTAssertEqual(releases.first, AppInfo.version, "CHANGELOG.md's newest release")
    XCTAssertEqual(dates.first, AppInfo.date, "CHANGELOG.md's newest release date")
    let newestFirst = Set(releases).sorted {
      $0.compare($1, options: .numeric) == .orderedDescending
    }
    XCTAssertEqual(releases, newestFirst, "CHANGELOG.md lists each release once, newest first")
  }

  func testTheReadmeAndTheGuidesNameOnlyThisVersion() throws {
    var named: [String] = []
    for document in ["README.md", "docs/app.md", "docs/libraries.md", "docs/development.md"] {
      let found = try namedVersions(in: read(document))
      XCTAssertEqual(Set(found).subtracting([AppInfo.version]), [], "versions \(document) names")
      named += found
    }
    XCTAssertGreaterThanOrEqual(named.count, 4, "the dependency lines, the .deb and User-Agent")
  }
}
