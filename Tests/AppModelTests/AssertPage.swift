import AppTestSupport
import Foundation
import GitHubAPI
import XCTest

@testable import AppModel

/// Asserts that the repositories loader's change to `snapshot` at `date` returns `commands` and
/// leaves the state as it was but for the clock, the snapshot and what `expect` changes, with
/// both panes listing the repositories `listed`: a page read, as the panes take it.
func assertPage(
  _ state: inout AppState, _ snapshot: LoaderSnapshot<RepositoryList>, at date: Date,
  listed: [String], commands: [Command] = [], _ message: String = "",
  file: StaticString = #filePath, line: UInt = #line,
  _ expect: (inout AppState) -> Void = { _ in }
) {
  assertUpdate(
    &state, .loaderChanged(.repositories(snapshot), at: date), commands: commands,
    lists: [.fetch: listed, .result: listed], message, file: file, line: line
  ) {
    $0.now = date
    $0.repositories.snapshot = snapshot
    expect(&$0)
  }
}
