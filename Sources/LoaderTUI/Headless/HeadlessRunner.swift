import ApexyLoader
import AppCore
import DemoAPI
import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// Prints every state change of the two loaders and of their merge, fetching `rounds` times,
/// then a summary; its exit code is 0 when the final merged state is success, 1 otherwise, and
/// `OutputFailure`'s code when a line could not be written (the run stops there).
@MainActor
final class HeadlessRunner {
  private let container: SharedLoaders
  private var finished: CheckedContinuation<Int32, Never>?
  private var exitCode: Int32?
  private let demo: DemoServer?
  private let options: Options
  private let start = Date()
  private var round = 1
  private var observations: [LoaderObservation] = []
  private var lastMerged: MergedKey?
  private var lines = 0
  private var tracer: RequestTracer?

  /// Prepares the runner over the shared container.
  init(container: SharedLoaders, demo: DemoServer?, options: Options) {
    self.container = container
    self.demo = demo
    self.options = options
    asciiText = options.ascii || !TerminalLocale.adoptAndCheckUTF8()
  }

  /// Whether text lines are written in ASCII (the locale is not UTF-8, or `--ascii`); JSON is
  /// always UTF-8.
  private let asciiText: Bool

  /// A text line as the locale can show it.
  private func localized(_ line: String) -> String {
    asciiText ? ASCIIFallback.text(line) : line
  }

  /// Starts the first fetch and runs until the last round settles; returns the exit code.
  func run() async -> Int32 {
    // Weak throughout: work queued before the run ended may run after the runner is gone.
    SignalPipe.handler = { [weak self] number in
      guard number != SIGWINCH else { return }
      self?.finish(code: 128 + number)
    }
    let organization = container.organizationLoader
    let repositories = container.repositoriesLoader
    observations = [
      organization.observe { [weak self] in
        guard let self else { return }
        if self.cacheProblemChanged() { return }
        self.emit(
          organization.state, .organization, loader: organization,
          describe: { ($0.rawDisplayName, nil) })
        self.tracer?.noteRetry(.organization, retry: organization.retryStatus?.retry)
        if !organization.state.isLoading { self.demo?.organizationArrived(round: self.round) }
        self.mergedChanged()
      },
      repositories.observe { [weak self] in
        guard let self else { return }
        if self.cacheProblemChanged() { return }
        self.emit(
          repositories.state, .repositories, loader: repositories,
          describe: { (nil, $0.map(\.rawName)) })
        self.tracer?.noteRetry(.repositories, retry: repositories.retryStatus?.retry)
        self.mergedChanged()
      },
    ]
    if options.trace {
      tracer = RequestTracer(relay: container.requestEvents, sanitizer: container.sanitizer) {
        [weak self] in self?.print(request: $0)
      }
    }
    _ = cacheProblemChanged()
    emitRestored()
    fetch()
    let code: Int32
    if let exitCode {
      code = exitCode
    } else {
      code = await withCheckedContinuation { finished = $0 }
    }
    observations = []
    tracer?.stop()
    SignalPipe.handler = nil
    return code
  }

  // MARK: - Cache

  private var cacheProblem: String?

  /// Prints content restored from the cache as the first transitions, marked with its age.
  private func emitRestored() {
    let status = CacheStatus(container.pair)
    let now = Date()
    let organization = status.organizationRestoredAt.map { now.timeIntervalSince($0) }
    let repositories = status.repositoriesRestoredAt.map { now.timeIntervalSince($0) }
    guard organization != nil || repositories != nil else { return }
    var line = transition(container.organizationLoader.state, .organization) {
      ($0.rawDisplayName, nil)
    }
    line.cachedAge = organization
    if organization != nil { print(line) }
    line = transition(container.repositoriesLoader.state, .repositories) {
      (nil, $0.map(\.rawName))
    }
    line.cachedAge = repositories
    if repositories != nil { print(line) }
    guard let organization, let repositories else { return }
    line = transition(container.pair.mergedState, .merged) {
      ($0.organization.rawDisplayName, $0.repositories.map(\.rawName))
    }
    line.cachedAge = max(organization, repositories)
    print(line)
  }

  /// Reports a new cache problem on stderr; true when the problem is what changed, so the
  /// observer prints no transition for it.
  private func cacheProblemChanged() -> Bool {
    let problem = container.cacheProblem
    guard problem != cacheProblem else { return false }
    cacheProblem = problem
    if let problem { StandardOutput.error("loader-tui: \(localized(problem))") }
    return true
  }

  private func fetch() {
    demo?.round = round
    container.pair.fetchBoth()
  }

  private func mergedChanged() {
    let merged = container.pair.mergedState
    emitMerged(merged)
    guard !merged.isLoading, !container.organizationLoader.state.isLoading,
      !container.repositoriesLoader.state.isLoading
    else { return }
    if case .initial = merged { return }
    if round < options.rounds {
      round += 1
      DispatchQueue.main.async { [weak self] in self?.fetch() }
    } else {
      // With --trace, the summary waits for the last request's end line.
      DispatchQueue.main.async { [weak self] in
        guard let self else { return }
        guard let tracer = self.tracer else { return self.finish(code: nil) }
        tracer.afterInFlight { [weak self] in self?.finish(code: nil) }
      }
    }
  }

  private func emitMerged(_ merged: LoadingState<OrganizationRepositories>) {
    var line = transition(merged, .merged) {
      ($0.organization.rawDisplayName, $0.repositories.map(\.rawName))
    }
    if case .success = merged {
      line.notModified =
        container.organizationLoader.freshness.wasNotModified
        && container.repositoriesLoader.freshness.wasNotModified
    }
    let key = MergedKey(
      stateCase: line.stateCase, notModified: line.notModified, error: line.error,
      organization: line.organization, repositories: line.repositories)
    guard key != lastMerged else { return }
    lastMerged = key
    print(line)
  }

  private func emit<T>(
    _ state: LoadingState<T>, _ subject: TransitionSubject, loader: WebLoader<T>,
    describe: (T) -> (String?, [String]?)
  ) {
    var line = transition(state, subject, describe: describe)
    if case .success = state { line.notModified = loader.freshness.wasNotModified }
    line.rateLimit = loader.lastResponse?.rateLimit
    if let retry = loader.retryStatus, state.isLoading {
      line.retry = TransitionRetry(
        retry: retry.retry, maxRetries: retry.maxRetries,
        wait: retry.secondsLeft(at: loader.scheduler.now), error: errorLine(retry.error))
    }
    print(line)
  }

  private func errorLine(_ error: Error) -> String {
    ErrorMessage.line(
      for: error, host: container.hostDescription, timeout: container.configuration.timeout,
      advice: CommandLineAdvice.errors.callAsFunction)
  }

  private func transition<T>(
    _ state: LoadingState<T>, _ subject: TransitionSubject, describe: (T) -> (String?, [String]?)
  ) -> Transition {
    TransitionFormatter.transition(
      state, subject: subject, time: Date().timeIntervalSince(start), round: round,
      errorLine: { [container] in
        ErrorMessage.line(
          for: $0, host: container.hostDescription, timeout: container.configuration.timeout,
          advice: CommandLineAdvice.errors.callAsFunction)
      }, describe: describe)
  }

  /// Prints a transition (text sanitized for display, JSON exact and escaped); a line that
  /// cannot be written ends the run.
  private func print(_ transition: Transition) {
    guard exitCode == nil else { return }
    let line =
      options.json
      ? TransitionFormatter.json(transition, timestamps: options.timestamps)
      : localized(TransitionFormatter.text(transition, timestamps: options.timestamps))
    do {
      try StandardOutput.line(line)
    } catch {
      finish(code: error.report())
    }
    lines += 1
  }

  /// Prints a `--trace` request line, as transitions are printed.
  private func print(request: RequestRecord) {
    guard exitCode == nil else { return }
    let time = Date().timeIntervalSince(start)
    let line =
      options.json
      ? RequestTraceFormatter.json(request, time: time, timestamps: options.timestamps)
      : localized(
        RequestTraceFormatter.text(request, time: time, timestamps: options.timestamps))
    do {
      try StandardOutput.line(line)
    } catch {
      finish(code: error.report())
    }
  }

  private func finish(code: Int32?) {
    guard exitCode == nil, let code = code ?? finalCode() else { return }
    exitCode = code
    finished?.resume(returning: code)
    finished = nil
  }

  private func finalCode() -> Int32? {
    let summary = HeadlessSummary(
      merged: container.pair.mergedState, options: options,
      elapsed: Date().timeIntervalSince(start), errorLine: errorLine)
    let line = options.json ? summary.json : localized(summary.text)
    do {
      try StandardOutput.line(line)
    } catch {
      return error.report()
    }
    if let error = summary.error { StandardOutput.error("loader-tui: \(localized(error))") }
    return summary.ok ? 0 : 1
  }
}

/// What a merged line says, to print it only when that changes.
private struct MergedKey: Equatable {
  let stateCase: StateCase
  let notModified: Bool
  let error: String?
  let organization: String?
  let repositories: [String]?
}
