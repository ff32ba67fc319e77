import ApexyLoader
import AppModel
import Foundation

/// What headless mode prints, from the same successive states the terminal draws: a line for
/// every change of each loader and of their merge and for each page of a list read, each
/// request's start and end with `--trace`, the cache's problems and the page cap's notice on
/// stderr, and a summary at the end. Text lines are
/// sanitized for display (in ASCII where the state draws in ASCII); JSON Lines keep every
/// string exact.
public struct Transcript: Sendable {
  /// How the lines are written.
  public struct Options: Sendable, Equatable {
    /// JSON Lines instead of text.
    public var json: Bool
    /// Each line starts with the time since start.
    public var timestamps: Bool
    /// Each request's start and end is a line too.
    public var trace: Bool
    /// The owner every line names (a login: letters, digits and hyphens), when headless loads
    /// several at once: `[login] ` before a text line, an `owner` member in a JSON object.
    public var owner: String?

    /// Options from their parts.
    public init(
      json: Bool = false, timestamps: Bool = true, trace: Bool = false, owner: String? = nil
    ) {
      self.owner = owner
      self.json = json
      self.timestamps = timestamps
      self.trace = trace
    }
  }

  /// Lines for standard output and for standard error.
  public struct Lines: Sendable, Equatable {
    /// For standard output.
    public var output: [String] = []
    /// For standard error.
    public var errors: [String] = []
  }

  /// How the lines are written.
  public let options: Options
  private var seen = Seen()

  /// A transcript that has printed nothing yet.
  public init(options: Options) {
    self.options = options
  }

  /// The lines for what changed between the state printed last and `state`, `time` seconds
  /// after start.
  public mutating func lines(for state: AppState, time: TimeInterval) -> Lines {
    var lines = Lines()
    let now = Seen(state)
    if now.cacheProblem != seen.cacheProblem, let problem = now.cacheProblem {
      lines.errors.append("loader-tui: " + named(localized(problem, state)))
    }
    // A line is about the change that led to `state`, in the round that change belongs to:
    // the one before a fetch this step started (its loads show up in later states).
    let describe = Describe(state: state, time: time, round: seen.round)
    if now.organization != seen.organization, !now.organization.isRetryEnd(after: seen.organization)
    {
      lines.output.append(
        format(
          describe.loader(state.owner, .owner) { ($0.rawDisplayName, nil) }, state))
    }
    if now.repositories.isPage(after: seen.repositories), let pages = now.repositories.pages {
      lines.output.append(format(describe.page(pages), state))
    } else if now.repositories != seen.repositories,
      !now.repositories.isRetryEnd(after: seen.repositories)
    {
      lines.output.append(
        format(
          describe.loader(state.repositories, .repositories) { (nil, $0.map(\.rawName)) }, state))
    }
    if now.capNotice != seen.capNotice, let notice = now.capNotice {
      lines.errors.append("loader-tui: " + named(localized(notice, state)))
    }
    if now.merged != seen.merged { lines.output.append(format(describe.merged(), state)) }
    if options.trace, now.records != seen.records, let record = state.inspector.latestRecord {
      lines.output.append(
        options.json
          ? RequestTraceFormatter.json(
            record, time: time, timestamps: options.timestamps, owner: options.owner)
          : named(
            localized(
              RequestTraceFormatter.text(record, time: time, timestamps: options.timestamps),
              state)))
    }
    seen = now
    return lines
  }

  /// The last lines of a run that ended after its planned rounds, `time` seconds after start:
  /// the summary, and the failure on standard error.
  public func summary(for state: AppState, time: TimeInterval) -> Lines {
    let summary = HeadlessSummary(
      merged: state.merged, rounds: state.rounds.planned ?? state.rounds.fetches,
      timestamps: options.timestamps, elapsed: time, errorLine: Describe.errorLine(state),
      owner: options.owner)
    var lines = Lines(
      output: [options.json ? summary.json : named(localized(summary.text, state))])
    if let error = summary.error {
      lines.errors.append("loader-tui: " + named(localized(error, state)))
    }
    return lines
  }

  /// The last line of a run the signal named `signal` ended before its planned rounds did,
  /// `time` seconds after start: that it was interrupted, and what it had read.
  public func summary(for state: AppState, time: TimeInterval, interruptedBy signal: String)
    -> Lines
  {
    let content = state.shownMerged.content
    let summary = HeadlessSummary(
      interruptedBy: signal,
      organization: (content?.owner ?? state.owner.state.content)?.rawDisplayName,
      count: (content?.repositories ?? state.shownRepositories.content)?.count,
      round: state.rounds.round, timestamps: options.timestamps, elapsed: time,
      owner: options.owner)
    return Lines(output: [options.json ? summary.json : named(localized(summary.text, state))])
  }

  private func format(_ transition: Transition, _ state: AppState) -> String {
    options.json
      ? TransitionFormatter.json(transition, timestamps: options.timestamps, owner: options.owner)
      : named(
        localized(TransitionFormatter.text(transition, timestamps: options.timestamps), state))
  }

  /// A text line naming the owner, when the options name one.
  private func named(_ line: String) -> String {
    options.owner.map { "[\($0)] " + line } ?? line
  }

  /// A text line as the state's locale can show it; JSON is always UTF-8.
  private func localized(_ line: String, _ state: AppState) -> String {
    state.asciiOnly ? ASCIIFallback.text(line) : line
  }
}

/// What the transcript printed last, in the terms that decide whether a line is due.
private struct Seen: Equatable {
  /// A loader's line is due when its state was assigned again or its retry changed.
  struct Facet: Equatable {
    var changeCount = 0
    var retry: RetryCountdown?
    /// The pages of a load under way: a new page read is a line of its own.
    var pages: PageProgress?

    /// Whether this differs from `before` by a page read alone.
    func isPage(after before: Facet) -> Bool {
      changeCount == before.changeCount && retry == before.retry && pages != before.pages
    }

    /// Whether this differs from `before` by the end of a retry alone: its answer came, and
    /// the change it brings (the load's end, a page read) is the line that says so. A line
    /// here would say `Loading` after the last try had failed.
    func isRetryEnd(after before: Facet) -> Bool {
      changeCount == before.changeCount && before.retry != nil && retry == nil
        && pages == before.pages
    }
  }

  var organization = Facet()
  var repositories = Facet()
  var merged = MergedKey()
  var cacheProblem: String?
  var capNotice: String?
  var records = 0
  var round = 1

  init() {}

  init(_ state: AppState) {
    organization = Facet(
      changeCount: state.owner.snapshot.changeCount, retry: state.owner.status.retry)
    repositories = Facet(
      changeCount: state.repositories.snapshot.changeCount, retry: state.repositories.status.retry,
      pages: state.pagesLoading)
    capNotice = state.capNotice
    merged = MergedKey(Describe(state: state, time: 0, round: state.rounds.round).merged())
    cacheProblem = state.cache.problem
    records = state.inspector.recordedCount
    round = state.rounds.round
  }
}

/// What a merged line says, to print it only when that changes.
private struct MergedKey: Equatable {
  var stateCase = StateCase.initial
  var notModified = false
  var error: String?
  var organization: String?
  var repositories: [String]?

  init() {}

  init(_ transition: Transition) {
    stateCase = transition.stateCase
    notModified = transition.notModified
    error = transition.error
    organization = transition.organization
    repositories = transition.repositories
  }
}
