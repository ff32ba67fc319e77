import AppTestSupport
import XCTest

@testable import AppModel
@testable import AppRuntime

/// The terminal face says when the last load ended, from the states it shows (the app gives
/// the memory a load freed back to the kernel then).
@MainActor
final class TerminalBackendTests: XCTestCase {
  func testLoadsEndedOnceWhenTheLastLoadEnds() async {
    var ended = 0
    let backend = TerminalBackend(screen: FakeScreen(size: Size(columns: 80, rows: 10))) {
      ended += 1
    }
    let now = Fixture.now
    var state = Fixture.state()
    _ = backend.present(state)
    XCTAssertEqual(ended, 0, "nothing loaded yet")
    _ = updateLoaders(
      &state, organization: .loading(cache: nil), repositories: .loading(cache: nil), at: now)
    _ = backend.present(state)
    _ = update(&state, organization: .success(content: Fixture.organization), at: now)
    _ = backend.present(state)
    XCTAssertEqual(ended, 0, "the repositories still load")
    _ = update(&state, repositories: .success(content: Fixture.repositories), at: now)
    _ = backend.present(state)
    XCTAssertEqual(ended, 1, "both loaders settled")
    _ = backend.present(state)
    XCTAssertEqual(ended, 1, "a frame with nothing loading, after one like it")
    _ = update(&state, repositories: .loading(cache: Fixture.repositories), at: now)
    _ = backend.present(state)
    _ = update(&state, repositories: .success(content: Fixture.repositories), at: now)
    _ = backend.present(state)
    XCTAssertEqual(ended, 2, "a reload ended")
  }
}
