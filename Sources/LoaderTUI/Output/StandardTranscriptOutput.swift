import AppModel
import AppRuntime

/// The transcript's lines on standard output and standard error, one `write(2)` a line.
@MainActor
final class StandardTranscriptOutput: TranscriptOutput {
  /// Writes a line to standard output; a failure says on stderr what failed (unless the
  /// reader went away) and returns the exit code the run ends with.
  func write(_ line: String) -> ExitCode? {
    do {
      try StandardOutput.line(line)
      return nil
    } catch {
      return error.report()
    }
  }

  /// Writes a line to standard error.
  func writeError(_ line: String) {
    StandardOutput.error(line)
  }
}
