import AppModel
import AppRendering
import Foundation
import JSONOutput

/// A file that holds the structure of the frame drawn last (`FrameDump`), for end-to-end tests:
/// written whole after each frame to a file beside it, then renamed over it, so that a reader
/// never sees half of one. Set by `LOADER_TUI_GRID_DUMP`, a test hook the help does not list.
@MainActor
public final class FrameDumpFile {
  /// The variable naming the file.
  public static let variable = "LOADER_TUI_GRID_DUMP"

  private let path: String
  private let temporary: String
  private var frames = 0

  /// A dump written to `path`.
  public init(path: String) {
    self.path = path
    temporary = path + ".partial"
  }

  /// The dump the environment asks for, if any.
  public convenience init?(environment: [String: String]) {
    guard let path = environment[Self.variable], !path.isEmpty else { return nil }
    self.init(path: path)
  }

  /// Writes the structure of `grid`, rendered from `state`, numbered from 1 frame by frame;
  /// a failure to write leaves the file as it was (the app draws on).
  public func write(_ state: AppState, _ grid: Grid) {
    frames += 1
    guard case .object(var members) = FrameDump.json(state, grid) else { return }
    members["frame"] = .int(frames)
    guard (try? JSONValue.object(members).data().write(to: URL(fileURLWithPath: temporary))) != nil
    else { return }
    _ = rename(temporary, path)
  }
}
