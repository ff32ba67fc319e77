import Foundation
import XCTest

@testable import DemoAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `GET /repos/{owner}/{name}` over HTTP: the list's object plus the fields only the
/// single-repository answer has, an `ETag`, and 404 for what is not there.
final class DemoRepositoryRouteTests: XCTestCase {
  private func serve(repositoryCount: Int? = nil) throws -> URL {
    let server = DemoServer(
      options: DemoServer.Options(repositoryCount: repositoryCount).withoutDelays)
    let url = try server.start()
    addTeardownBlock { server.stop() }
    return url
  }

  private func object(_ url: URL) async throws -> (Int, [String: Any]?, HTTPURLResponse) {
    let (data, response) = try await URLSession.shared.data(from: url)
    let http = try XCTUnwrap(response as? HTTPURLResponse)
    return (http.statusCode, try? JSONSerialization.jsonObject(with: data) as? [String: Any], http)
  }

  func testTheSingleRepositoryIsTheListsObjectPlusWatchersAndNetwork() async throws {
    let base = try serve(repositoryCount: 40)
    let list = try await URLSession.shared.data(
      from: base.appendingPathComponent("orgs/RedMadRobot/repos").appending(
        queryItems: [
          URLQueryItem(name: "per_page", value: "10"), URLQueryItem(name: "page", value: "4"),
        ])
    ).0
    let items = try XCTUnwrap(JSONSerialization.jsonObject(with: list) as? [[String: Any]])
    let listed = try XCTUnwrap(items.first { $0["name"] as? String == "Apexy-1" })
    let (status, single, response) = try await object(
      base.appendingPathComponent("repos/RedMadRobot/Apexy-1"))
    XCTAssertEqual(status, 200)
    XCTAssertNotNil(response.value(forHTTPHeaderField: "ETag"))
    let detail = try XCTUnwrap(single)
    XCTAssertEqual(
      Set(detail.keys), Set(listed.keys).union(["network_count", "subscribers_count"]))
    XCTAssertEqual(detail["id"] as? Int, listed["id"] as? Int)
    XCTAssertEqual(detail["full_name"] as? String, "RedMadRobot/Apexy-1")
    XCTAssertEqual(detail["subscribers_count"] as? Int, 207 / 20 + 36 % 5)
  }

  func testUnknownRepositoryOrOwnerIsNotFound() async throws {
    let base = try serve()
    for path in ["repos/RedMadRobot/Apexy-1", "repos/someone/Apexy", "repos/RedMadRobot/x"] {
      let (status, _, _) = try await object(base.appendingPathComponent(path))
      XCTAssertEqual(status, 404, path)
    }
  }
}
