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
/// content) and a failure's error too: of the same type, with the same code for `URLError`
/// and `CocoaError`, equal for another `Equatable` error, else with the same
/// `String(reflecting:)`; to accept any error of a type, or errors a predicate accepts, expect
/// an ``ExpectedState`` such as `.failure(URLError.self)` or
/// `.failure(where: { ($0 as? URLError)?.code == .timedOut })`.
/// Each `expect` checks the states recorded since the one before.
///
/// It is exhaustive, as `TestStore` is: a state that arrives after the last `expect` and that
/// no `expect` checks fails the test when the recorder is released (at the end of the test
/// that made it), and ``finish(timeout:fileID:filePath:line:column:)`` says "and nothing more"
/// at once: it waits for the load under way to end and fails on any state not checked. So an
/// `expect` of the first states of a load that goes on to succeed or fail does not pass.
///
/// Of a `WebLoader`, the recorder also keeps the `partialContent` and `pageProgress` of each
/// change: ``expectPages(_:timeout:fileID:filePath:line:column:)-([LoaderPagesStep<Content>],_,_,_,_,_)`` checks them with the states,
/// so a paginated load's every page is checked too.
@MainActor
public final class LoaderStateRecorder<Content: Equatable> {
  private var seen: [LoaderPagesStep<Content>] = []
  private var observation: LoaderObservation?
  private var waiter: CheckedContinuation<Void, Never>?
  private weak var loader: ContentLoader<Content>?
  /// The states recorded since the last check, as text, and where that check was: what the
  /// release reports when no check took them. Behind a lock, since `deinit` is not isolated.
  private let unchecked: UncheckedBox

  /// Starts recording `loader`'s states: its current state, then every change (with the page
  /// facets when it is a `WebLoader`).
  ///
  /// - Parameters:
  ///   - loader: The loader whose states to record; it is not kept alive.
  ///   - fileID: The file of the call, for Swift Testing.
  ///   - filePath: The file of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public init(
    _ loader: ContentLoader<Content>, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.loader = loader
    seen = [Self.step(of: loader)]
    unchecked = UncheckedBox(
      UncheckedStates(
        location: CallLocation(fileID: fileID, filePath: filePath, line: line, column: column),
        loading: loader.state.isLoading))
    observation = loader.observe(named: "LoaderStateRecorder") { [weak self, weak loader] in
      guard let self, let loader else { return }
      let step = Self.step(of: loader)
      self.seen.append(step)
      self.unchecked.withLock {
        $0.states.append(step.description)
        $0.loading = step.state.isLoading
      }
      self.waiter?.resume()
      self.waiter = nil
    }
  }

  deinit {
    let unchecked = unchecked.withLock { $0 }
    if !unchecked.states.isEmpty {
      Self.report(unchecked.trailingMessage, at: unchecked.location)
    } else if unchecked.loading {
      Self.report(
        "The loader was still loading when the recorder was released: the state that ends the "
          + "load comes after the last check, and no expect checks it (expect it, or call "
          + "finish()).", at: unchecked.location)
    }
  }

  /// Checks that nothing happened since the last check: waits at most `timeout` for the load
  /// under way (if any) to end, then fails when the loader passed through any state that no
  /// `expect` checked. The recorder's release checks the same, without waiting.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for a load under way to end.
  ///   - fileID: The file of the call, for Swift Testing.
  ///   - filePath: The file of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  public func finish(
    timeout: Duration = .seconds(1), fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let deadline = ContinuousClock.now + timeout
    while loader?.state.isLoading == true, ContinuousClock.now < deadline {
      await waitForChange(until: deadline)
    }
    let location = CallLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let loading = loader?.state.isLoading ?? false
    let unchecked = unchecked.withLock { unchecked in
      defer { unchecked = UncheckedStates(location: location, loading: loading) }
      return unchecked
    }
    seen = seen.last.map { [$0] } ?? []
    var message: String?
    if !unchecked.states.isEmpty {
      message = unchecked.trailingMessage
    } else if loader?.state.isLoading == true {
      message = "The loader was still loading after \(timeout): expect the states of its load."
    }
    if let message { Self.report(message, at: location) }
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
    await check(
      expected, what: "states", timeout: timeout,
      at: CallLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      seen: { $0.state }, matches: { SameError.matches($0, $1) })
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
    await check(
      expected, what: "states", timeout: timeout,
      at: CallLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      seen: { $0.state }, matches: { $0.matches($1) })
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
    await check(
      expected, what: "states and pages", timeout: timeout,
      at: CallLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      seen: { $0 }, matches: { $0 == $1 && SameError.matches($0.state, $1.state) })
  }

  /// Checks that the loader passed through steps matching `expected` since the last check:
  /// each a state as `LoadingState` compares it or a failure with the error it expects, with
  /// the partial content and page progress it had then.
  ///
  /// - Parameters:
  ///   - expected: The steps, in order, the first being the one at attach or last check's end.
  ///   - timeout: How long to wait for steps still to come.
  ///   - fileID: The file of the call, for Swift Testing.
  ///   - filePath: The file of the call, for XCTest.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  @_disfavoredOverload
  public func expectPages(
    _ expected: [ExpectedPagesStep<Content>], timeout: Duration = .seconds(1),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    await check(
      expected, what: "states and pages", timeout: timeout,
      at: CallLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      seen: { $0 }, matches: { $0.matches($1) })
  }

  /// Takes the steps since the last check (``take``) as `seen` makes them, and reports, at
  /// `location`, both lists where they differ from `expected` by `matches`.
  private func check<Expected: CustomStringConvertible, Seen: CustomStringConvertible>(
    _ expected: [Expected], what: String, timeout: Duration, at location: CallLocation,
    seen: (LoaderPagesStep<Content>) -> Seen, matches: (Expected, Seen) -> Bool
  ) async {
    let steps = await take(expected.count, timeout: timeout, at: location).map(seen)
    let same = steps.count == expected.count && zip(expected, steps).allSatisfy(matches)
    guard !same else { return }
    Self.report(
      Self.difference(expected: expected, seen: steps, what: what, matches: matches), at: location)
  }

  /// The steps seen since the last check, once there are `count` or at `timeout`; the last
  /// one stays as the next check's first. States that come after are unchecked until the next
  /// check, made `at` this one.
  private func take(_ count: Int, timeout: Duration, at location: CallLocation) async
    -> [LoaderPagesStep<Content>]
  {
    let deadline = ContinuousClock.now + timeout
    while seen.count < count, ContinuousClock.now < deadline {
      await waitForChange(until: deadline)
    }
    let seen = self.seen
    self.seen = seen.last.map { [$0] } ?? []
    let loading = seen.last?.state.isLoading ?? false
    unchecked.withLock { $0 = UncheckedStates(location: location, loading: loading) }
    return seen
  }

  /// Reports `message` at `location` to the framework running the test.
  private nonisolated static func report(_ message: String, at location: CallLocation) {
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: location.fileID, filePath: "\(location.filePath)", line: Int(location.line),
          column: Int(location.column)))
    } else {
      XCTFail(message, file: location.filePath, line: location.line)
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
}
