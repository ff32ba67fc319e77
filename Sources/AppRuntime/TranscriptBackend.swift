import AppFormats
import AppModel
import Foundation

/// Where transcript lines go: standard output and standard error in the program, memory in
/// tests.
@MainActor
public protocol TranscriptOutput: AnyObject {
  /// Writes one line to the output; returns the exit code the run must end with when the
  /// line could not be written (the output has said why, where it should).
  func write(_ line: String) -> ExitCode?
  /// Writes one line to the error output; a failure there has nowhere to be reported.
  func writeError(_ line: String)
}

/// The headless backend: prints a line for each change the states show, with the time since
/// start, and the summary when the planned fetches are done. A line that cannot be written
/// ends the run.
@MainActor
public final class TranscriptBackend: AppBackend {
  private var transcript: Transcript
  private let output: any TranscriptOutput
  private let clock: () -> Date
  private let start: Date
  private var failure: ExitCode?

  /// A backend writing to `output`, timing lines with `clock` from the moment it is made.
  public init(
    options: Transcript.Options, output: any TranscriptOutput, clock: @escaping () -> Date
  ) {
    transcript = Transcript(options: options)
    self.output = output
    self.clock = clock
    start = clock()
  }

  /// Prints what changed since the last state it showed.
  public func present(_ state: AppState) -> ExitCode? {
    guard failure == nil else { return failure }
    return write(transcript.lines(for: state, time: elapsed), errorsFirst: true)
  }

  /// Prints what the last state changed and the summary: of the planned rounds, or, when a
  /// signal ended the run before them, that it was interrupted and what it had read.
  public func close(_ state: AppState, exitCode: ExitCode) -> ExitCode {
    if let code = present(state) { return code }
    let summary: Transcript.Lines
    if state.rounds.isComplete {
      summary = transcript.summary(for: state, time: elapsed)
    } else if let signal = exitCode.quittingSignal {
      summary = transcript.summary(for: state, time: elapsed, interruptedBy: signal.name)
    } else {
      return exitCode
    }
    return write(summary, errorsFirst: false) ?? exitCode
  }

  private var elapsed: TimeInterval { clock().timeIntervalSince(start) }

  private func write(_ lines: Transcript.Lines, errorsFirst: Bool) -> ExitCode? {
    if errorsFirst { lines.errors.forEach(output.writeError) }
    for line in lines.output {
      if let code = output.write(line) {
        failure = code
        return code
      }
    }
    if !errorsFirst { lines.errors.forEach(output.writeError) }
    return nil
  }
}
