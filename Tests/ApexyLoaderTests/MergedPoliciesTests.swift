import ApexyHTTP
import ApexyLoader
import ApexyLoaderTesting
import Foundation
import XCTest

@MainActor
final class MergedPoliciesTests: XCTestCase {
  func testTheMergedStateHoldsWhileOneLoaderRetriesAndTheOtherRevalidates() async {
    let clock = ManualScheduler()
    let client = ScriptedClient()
    let organization = TextLoader(
      client: client, path: "org", scheduler: clock, policies: LoaderPolicies(revalidates: true))
    let repositories = TextLoader(
      client: client, path: "repos", scheduler: clock,
      policies: LoaderPolicies(retry: RetryPolicy(maxRetries: 3, random: { _ in 2 })))
    organization.load()
    repositories.load()
    client.respond(to: "org", headers: ["ETag": "o1"], body: "Acme")
    client.respond(to: "repos", body: "r1")

    var screen: [String] = []
    let render = {
      var line = organization.state.merge(repositories.state) { "\($0): \($1)" }.description
      if let retry = repositories.retryStatus {
        line += " | retry \(retry.retry)/\(retry.maxRetries)"
      }
      if organization.freshness.wasNotModified { line += " | org not modified" }
      screen.append(line)
    }
    let observations = [organization.observe(render), repositories.observe(render)]

    organization.load()
    repositories.load()
    client.respond(to: "repos", status: 503)
    client.respond(to: "org", status: 304)
    clock.advance(by: 2)
    client.respond(to: "repos", body: "r2")

    XCTAssertEqual(
      screen,
      [
        #"Loading: cache Optional("Acme: r1")"#,
        #"Loading: cache Optional("Acme: r1")"#,
        #"Loading: cache Optional("Acme: r1") | retry 1/3"#,
        #"Loading: cache Optional("Acme: r1") | retry 1/3 | org not modified"#,
        #"Loading: cache Optional("Acme: r1") | org not modified"#,
        "Success: Acme: r2 | org not modified",
      ])
    XCTAssertEqual(organization.decodes.value, 1)
    XCTAssertEqual(client.sent, 5)
    withExtendedLifetime(observations) {}
  }
}
