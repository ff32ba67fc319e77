import ApexyLoader
import Foundation
import GitHubAPI
import XCTest

/// `GitHubLoaders` keeps each owner's loaders by login: the same login in any case gives the
/// same loaders while kept, an idle owner past the limit is let go of, and loaders made again
/// keep what was known of the owner at start.
@MainActor
final class GitHubLoadersOwnersTests: XCTestCase {
  private func loaders(limit: Int) -> GitHubLoaders {
    let configuration = GitHubConfiguration(
      baseURL: URL(string: "http://127.0.0.1:9")!, owner: "RedMadRobot", ownerKind: .organization)
    return GitHubLoaders(
      client: configuration.makeClient(userAgent: "GitHubAPITests/1"),
      configuration: configuration, policies: LoaderPolicies(), ownerLimit: limit)
  }

  func testTheSameLoginInAnyCaseGivesTheSameLoaders() async {
    let loaders = loaders(limit: 5)
    let alice = loaders.owner("Alice", kind: .user)
    XCTAssertTrue(loaders.owner("ALICE") === alice)
    XCTAssertEqual(alice.login.spelling, "Alice", "as first asked for")
    XCTAssertEqual(alice.kind, .user)
    XCTAssertTrue(loaders.firstOwner.owner === loaders.owner("redmadrobot").owner)
  }

  func testTheStoreItselfKeepsOneEntryForOneOwnerInAnyCase() {
    let loaders = loaders(limit: 5)
    let taken = loaders.owners.loader(for: "RedMadRobot")
    XCTAssertTrue(loaders.owner("redmadrobot") === taken)
    XCTAssertTrue(loaders.owners.existingLoader(for: "REDMADROBOT") === taken)
    XCTAssertEqual(loaders.owners.keys, ["RedMadRobot"], "one entry")
    XCTAssertEqual(taken?.login.spelling, "RedMadRobot", "as the configuration spells it")
  }

  func testInvalidatingAnOwnerInAnyCaseLoadsBothOfItsLists() {
    let loaders = loaders(limit: 5)
    let alice = loaders.owner("alice", kind: .user)
    let observation = alice.repositories.observe {}
    loaders.owners.invalidate("ALICE")
    XCTAssertTrue(alice.owner.isLoading, "the owner loads again")
    XCTAssertTrue(alice.repositories.isLoading, "and its repositories")
    _ = observation
  }

  func testIdleOwnersPastTheLimitAreLetGoOfTheObservedOneKept() {
    let loaders = loaders(limit: 2)
    let shown = loaders.owner("shown")
    let observation = shown.repositories.observe {}
    for login in ["a", "b", "c"] { _ = loaders.owner(GitHubLogin(login)) }
    XCTAssertEqual(loaders.owners.keys, ["shown", "c"])
    XCTAssertEqual(loaders.owners.dropped, ["a", "b"], "the least recently taken first")
    XCTAssertTrue(loaders.owner("shown") === shown, "observed, kept past the limit")
    _ = observation
  }

  func testTheFirstOwnersKindSurvivesItsLoadersBeingMadeAgain() {
    let loaders = loaders(limit: 1)
    let first = loaders.firstOwner
    _ = loaders.owner("alice")
    XCTAssertEqual(loaders.owners.dropped, ["redmadrobot"])
    let again = loaders.owner("redmadrobot")
    XCTAssertFalse(again === first, "made again")
    XCTAssertEqual(again.kind, .organization, "still asked of orgs/, not users/")
    XCTAssertEqual(again.login, "RedMadRobot", "spelled as configured")
  }
}
