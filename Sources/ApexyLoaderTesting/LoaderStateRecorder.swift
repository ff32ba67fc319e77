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
/// with both lists; when the two states where they part read the same (a list summed up as
/// `[4 × Book]`), it also shows where their contents differ. A failure is reported to the
/// framework that runs the test: Swift Testing (`Issue.record`) inside a `@Test`, XCTest
/// (`XCTFail`) otherwise. States are compared as `LoadingState` compares them (case and
/// content, not the error); to check which error came, expect an ``ExpectedState`` such as
/// `.failure(URLError.self)` or `.failure(where: { ($0 as? URLError)?.code == .timedOut })`.
/// Each `expect` checks the states recorded since the one before.
///
/// Of a `WebLoader`, the recorder also keeps the `partialContent` and `pageProgress` of each
/// change: ``expectPages(_:timeout:fileID:filePath:line:column:)`` checks them with the states,
/// so a paginated load's every page is checked too.
@MainActor
public final class LoaderStateRecorder<Content: Equatable> {
  private var seen: [LoaderPagesStep<Content>] = []
  private var observation: LoaderObservation?
  private var waiter: CheckedContinuation<Void, Never>?

  /// Starts recording `loader`'s states: its current state, then every change (with the page
  /// facets when it is a `WebLoader`).
  ///
  /// - Parameter loader: The loader whose states to record; it is not kept alive.
  public init(_ loader: ContentLoader<Content>) {
    seen = [Self.step(of: loader)]
    observation = loader.observe(named: "LoaderStateRecorder") { [weak self, weak loader] in
      guard let self, let loader else { return }
      self.seen.append(Self.step(of: loader))
      self.waiter?.resume()
      self.waiter = nil
    }
  }

  private static func step(of loader: ContentLoader<Content>) -> LoaderPagesStep<Content> {
    guard let web = loader as? WebLoader<Content> else { return LoaderPagesStep(loader.state) }
    return LoaderPagesStep(web.state, partial: web.partialContent, progress: web.pageProgress)
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
    let seen = await take(expected.count, timeout: timeout).map(\.state)
    guard seen != expected else { return }
    report(
      Self.difference(expected: expected, seen: seen), fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// Checks that the loader passed through states matching `expected` since the last check:
  /// each a state as `LoadingState` compares it, or a failure with the error it expects.
  ///
  /// - Parameters:
  ///   - expected: What each state is to be, in order, the first being the one at attach or
  ///     last check's end.
  ///   - timeout: How long to wait for states still to come.
  ///   - fileID: The file of the call, for Swift Testing.
  ///   - filePath: The file of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  @_disfavoredOverload
  public func expect(
    _ expected: [ExpectedState<Content>], timeout: Duration = .seconds(1),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    let seen = await take(expected.count, timeout: timeout).map(\.state)
    let same = seen.count == expected.count && zip(expected, seen).allSatisfy { $0.matches($1) }
    guard !same else { return }
    report(
      Self.difference(expected: expected, seen: seen, what: "states") { $0.matches($1) },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Checks that the loader passed through exactly `expected` since the last check: each
  /// state with the partial content and page progress it had then.
  ///
  /// - Parameters:
  ///   - expected: The steps, in order, the first being the one at attach or last check's end.
  ///   - timeout: How long to wait for steps still to come.
  ///   - fileID: The file of the call, for Swift Testing.
  ///   - filePath: The file of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func expectPages(
    _ expected: [LoaderPagesStep<Content>], timeout: Duration = .seconds(1),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    let seen = await take(expected.count, timeout: timeout)
    guard seen != expected else { return }
    report(
      Self.difference(expected: expected, seen: seen, what: "states and pages"), fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// The steps seen since the last check, once there are `count` or at `timeout`; the last
  /// one stays as the next check's first.
  private func take(_ count: Int, timeout: Duration) async -> [LoaderPagesStep<Content>] {
    let deadline = ContinuousClock.now + timeout
    while seen.count < count, ContinuousClock.now < deadline {
      await waitForChange(until: deadline)
    }
    let seen = self.seen
    self.seen = seen.last.map { [$0] } ?? []
    return seen
  }

  /// Reports `message` to the framework running the test.
  private func report(
    _ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt
  ) {
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
    difference(expected: expected, seen: seen, what: "states")
  }

  /// Both lists, one entry a line, the first line where they part marked.
  static func difference<Entry: Equatable & CustomStringConvertible>(
    expected: [Entry], seen: [Entry], what: String
  ) -> String {
    difference(expected: expected, seen: seen, what: what) { $0 == $1 }
  }

  /// Both lists, one entry a line, the first line where they part marked; when the two entries
  /// there read the same, the lines of their contents that differ.
  static func difference<Expected: CustomStringConvertible, Seen: CustomStringConvertible>(
    expected: [Expected], seen: [Seen], what: String, matches: (Expected, Seen) -> Bool
  ) -> String {
    let shared = min(expected.count, seen.count)
    let parting = (0..<shared).first { !matches(expected[$0], seen[$0]) } ?? shared
    func list(_ states: [some CustomStringConvertible]) -> String {
      states.enumerated().map { index, state in
        "  \(index == parting ? "→" : " ") \(index): \(state)"
      }.joined(separator: "\n")
    }
    let kind =
      seen.count < expected.count
      ? "missing states" : seen.count > expected.count ? "more states" : "a different state"
    var text =
      "The loader's \(what) differ (\(kind), from state \(parting)).\nExpected:\n"
      + list(expected) + "\nSeen:\n" + list(seen)
    if parting < shared {
      text += StateDetail.lines(expected: expected[parting], seen: seen[parting], at: parting)
    }
    return text
  }
}
