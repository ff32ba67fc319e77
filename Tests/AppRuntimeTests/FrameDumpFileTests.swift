import AppModel
import AppRendering
import AppRuntime
import AppTestSupport
import Foundation
import XCTest

/// `LOADER_TUI_GRID_DUMP`: after each frame the file holds that frame whole, the one a test
/// reads matching the screen the terminal shows, ticks and pages drawn in part included.
@MainActor
final class FrameDumpFileTests: XCTestCase {
  private func read(_ path: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  func testEachFrameIsWrittenWholeAsTheScreenShowsIt() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("frame-dump-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("frame.json").path
    let dump = try XCTUnwrap(FrameDumpFile(environment: [FrameDumpFile.variable: path]))
    let screen = FakeScreen(size: Size(columns: 100, rows: 12))
    let backend = TerminalBackend(screen: screen, frameDump: dump)
    var state = Fixture.state(columns: 100, rows: 12)
    _ = updateLoaders(
      &state, organization: .success(content: Fixture.organization),
      repositories: .loading(cache: Fixture.repositories), at: Fixture.now)
    _ = backend.present(state)
    var frame = try read(path)
    XCTAssertEqual(frame["frame"] as? Int, 1)
    XCTAssertEqual(frame["lines"] as? [String], screen.frames.last)
    _ = update(&state, .tick(Fixture.now + 0.1))
    _ = backend.present(state)
    frame = try read(path)
    XCTAssertEqual(frame["frame"] as? Int, 2, "a tick, drawn in part, is a frame too")
    XCTAssertEqual(frame["lines"] as? [String], screen.frames.last)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["frame.json"])
  }

  func testNoDumpUnlessTheEnvironmentNamesAFile() async {
    XCTAssertNil(FrameDumpFile(environment: [:]))
    XCTAssertNil(FrameDumpFile(environment: [FrameDumpFile.variable: ""]))
  }
}
