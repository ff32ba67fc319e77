import DemoOptions
import Foundation
import JSONOutput
import XCTest

@testable import DemoAPI

/// The pages the built-in server writes on demand are the bytes it used to encode ahead.
final class DemoBodiesTests: XCTestCase {
  private let base = "http://127.0.0.1:8080"

  private func expectedPage(_ range: Range<Int>, text: DemoRepository.Text) -> Data {
    var page = Data("[".utf8)
    for index in range {
      if index > range.lowerBound { page.append(UInt8(ascii: ",")) }
      page.append(
        ReferenceFixtures.repository(at: index, text: text, owner: DemoFixtures.login, base: base))
    }
    page.append(UInt8(ascii: "]"))
    return page
  }

  func testTheThirtySixFixturesAreServedExactlyAsBefore() {
    let bodies = DemoBodies(options: DemoServer.Options(), base: base)
    XCTAssertEqual(bodies.repositoryCount, 36)
    for start in stride(from: 0, to: 36, by: 10) {
      let range = start..<min(start + 10, 36)
      XCTAssertEqual(bodies.repositories(range, altered: false), expectedPage(range, text: .plain))
    }
  }

  func testTheMainOrganizationIsServedExactlyAsBefore() {
    for (login, count) in [(DemoFixtures.login, nil), ("acme", 250)] {
      let options = DemoServer.Options(login: login, repositoryCount: count)
      let bodies = DemoBodies(options: options, base: base)
      let reference = ReferenceFixtures.organizationJSON(
        login: login, repositoryCount: count ?? 36, base: base)
      XCTAssertEqual(bodies.organization, JSONValue(reference).data(), login)
    }
  }

  func testGeneratedRepositoriesAreServedExactlyAsBefore() {
    let bodies = DemoBodies(options: DemoServer.Options(repositoryCount: 10_000), base: base)
    for range in [0..<100, 4_900..<5_000, 9_900..<10_000] {
      XCTAssertEqual(bodies.repositories(range, altered: false), expectedPage(range, text: .plain))
    }
  }

  func testHostileAndWideTextReplaceTheNamesAsBefore() {
    for (mode, text) in [
      (DemoFailureMode.hostileText, DemoRepository.Text.hostile), (.wideText, .wide),
    ] {
      let options = DemoServer.Options(repositoryCount: 500, failureMode: mode)
      let bodies = DemoBodies(options: options, base: base)
      XCTAssertEqual(bodies.repositories(0..<100, altered: true), expectedPage(0..<100, text: text))
      XCTAssertEqual(
        bodies.repositories(400..<500, altered: true), expectedPage(400..<500, text: text))
      XCTAssertEqual(
        bodies.repositories(0..<10, altered: false), expectedPage(0..<10, text: .plain))
    }
    let hostile = DemoBodies(options: DemoServer.Options(failureMode: .hostileText), base: base)
    let organization = String(decoding: hostile.hostileOrganization, as: UTF8.self)
    XCTAssertTrue(organization.contains(#""name":"Red Mad Robot\u001b]0;pwned\u0007-1""#))
  }

  func testPagesPastTheEndAreEmptyArrays() {
    let bodies = DemoBodies(options: DemoServer.Options(repositoryCount: 250), base: base)
    XCTAssertEqual(bodies.repositories(250..<350, altered: false), Data("[]".utf8))
    XCTAssertEqual(
      bodies.repositories(200..<300, altered: false), expectedPage(200..<250, text: .plain))
    let organization = String(decoding: bodies.organization, as: UTF8.self)
    XCTAssertTrue(organization.contains(#""public_repos":250,"#))
  }
}
