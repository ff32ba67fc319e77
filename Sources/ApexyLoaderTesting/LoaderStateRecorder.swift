import ApexyLoader
import Foundation
import Testing
import XCTest

/// Records every state a loader passes through, from the one it has when attached, and checks
/// them exhaustively in one line, as TCA's `TestStore` checks a reducer.
///
/// ```swift
/// let states = LoaderStateRecorder(loader)
/// loader.load()
/// await states.expect([.initial, .loading(cache: nil), .success(content: book)])
/// ```
///
/// `expect` waits at most `timeout` for states still to come, then compares what it saw with
/// what it was told, one state a line; a sequence that is shorter, longer or different fails
/// with both lists. A failure is reported to the framework that runs the test: Swift Testing
/// (`Issue.record`) inside a `@Test`, XCTest (`XCTFail`) otherwise. States are compared as
/// `LoadingState` compares them (case and content, not the error). Each `expect` checks the
/// states recorded since the one before.
@MainActor
public final class LoaderStateRecorder<Content: Equatable> {
  private var seen: [LoadingState<Content>] = []
  private var observation: LoaderObservation?
  private var waiter: CheckedContinuation<Void, Never>?

  /// Starts recording `loader`'s states: its current state, then every change.
  ///
  /// - Parameter loader: The loader whose states to record; it is not kept alive.
  public init(_ loader: ContentLoader<Content>) {
    seen = [loader.state]
    observation = loader.observe(named: "LoaderStateRecorder") { [weak self, weak loader] in
      guard let self, let loader else { return }
      self.seen.append(loader.state)
      self.waiter?.resume()
      self.waiter = nil
    }
  }

  /// Checks that the loader passed through exactly `expected` since the last check.
  ///
  /// - Parameters:
  ///   - expected: The states, in order, the first being the one at attach or last check's end.
  ///   - timeout: How long to wait for states still to come.
  ///   - fileID: The file of the call, for Swift Testing.
  ///   - filePath: The file of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func expect(
    _ expected: [LoadingState<Content>], timeout: Duration = .seconds(1),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    let deadline = ContinuousClock.now + timeout
    while seen.count < expected.count, ContinuousClock.now < deadline {
      await waitForChange(until: deadline)
    }
    let seen = self.seen
    self.seen = seen.last.map { [$0] } ?? []
    guard seen != expected else { return }
    let message = Self.difference(expected: expected, seen: seen)
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
    } else {
      XCTFail(message, file: filePath, line: line)
    }
  }

  /// Returns at the next change, or at `deadline`.
  private func waitForChange(until deadline: ContinuousClock.Instant) async {
    let timer = Task { [weak self] in
      try? await Task.sleep(until: deadline, clock: .continuous)
      self?.waiter?.resume()
      self?.waiter = nil
    }
    await withCheckedContinuation { waiter = $0 }
    timer.cancel()
  }

  /// Both lists, one state a line, the first line where they part marked.
  static func difference(expected: [LoadingState<Content>], seen: [LoadingState<Content>])
    -> String
  {
    let shared = min(expected.count, seen.count)
    let parting = (0..<shared).first { expected[$0] != seen[$0] } ?? shared
    func list(_ states: [LoadingState<Content>]) -> String {
      states.enumerated().map { index, state in
        "  \(index == parting ? "→" : " ") \(index): \(state)"
      }.joined(separator: "\n")
    }
    let what =
      seen.count < expected.count
      ? "missing states" : seen.count > expected.count ? "more states" : "a different state"
    return "The loader's states differ (\(what), from state \(parting)).\nExpected:\n"
      + list(expected) + "\nSeen:\n" + list(seen)
  }
}
