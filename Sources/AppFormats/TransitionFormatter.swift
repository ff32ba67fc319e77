import ApexyLoader
import AppModel
import Foundation
import GitHubAPI
import JSONOutput

/// Formats transitions as text lines close to `LoadingState`'s description, sanitized for
/// display, or as JSON Lines that keep every string exact.
public enum TransitionFormatter {
  /// How many repository names a text line lists before "…".
  public static let namesShown = 3

  /// Builds the transition for a loader state.
  public static func transition<T>(
    _ state: LoadingState<T>, subject: TransitionSubject, time: TimeInterval, round: Int,
    errorLine: (Error) -> String, describe: (T) -> (String?, [String]?)
  ) -> Transition {
    let content = state.content.map(describe)
    return Transition(
      time: time, round: round, subject: subject, stateCase: StateCase(state),
      error: state.error.map(errorLine),
      organization: content?.0, repositories: content?.1)
  }

  /// `[  0.503s] repositories  Loading: showing 36 cached repositories (Apexy, …)`, as the
  /// panes show the rows kept while they load; a page read:
  /// `[  0.503s] repositories  Loading: page 12/50, 1,200 so far`. Without content, words:
  /// `Loading: nothing cached`, `Failure: …; nothing cached`, `Success: nothing`.
  public static func text(_ transition: Transition, timestamps: Bool) -> String {
    let time = timestamps ? String(format: "[%8.3fs] ", transition.time) : ""
    let name = transition.ownerIsUser ? "user" : transition.subject.rawValue
    let subject = name.padding(toLength: 13, withPad: " ", startingAt: 0)
    let content = describeContent(transition)
    let kept = describeContent(transition, cached: true)
    let body: String
    switch transition.stateCase {
    case .initial: body = "Initial"
    case .loading:
      if let retry = transition.retry {
        var error = retry.error
        if error.hasSuffix(".") { error.removeLast() }
        body =
          "Retrying: \(retry.retry) of \(retry.maxRetries) in "
          + String(format: "%.3fs", retry.wait) + "; the request failed: \(error)"
          + showing(kept)
      } else if let pages = transition.pages, content == nil {
        body =
          "Loading: " + PageNotes.page(pages) + ", \(PageNotes.grouped(pages.itemCount)) so far"
      } else {
        body = "Loading: " + (kept.map { "showing " + $0 } ?? "nothing cached")
      }
    case .success:
      let age = transition.cachedAge.map {
        " (cached \(AgeLabel.text(age: $0)))"
      }
      let label = transition.notModified ? "Success (not modified)" : "Success\(age ?? "")"
      body = label + ": " + (content ?? "nothing")
    case .failure:
      var error = transition.error ?? "unknown error"
      if error.hasSuffix(".") { error.removeLast() }
      let partWay = content == nil && transition.readPartWay
      body = "Failure: \(error)" + (partWay ? "" : showing(kept))
    }
    return TextSanitizer.clean(time + subject + body)
  }

  /// One JSON object per line: time, round, state, case, error and content, and the counts of
  /// a list read page by page (`pages_read`, `page_count`, `so_far`, `stopped_at_cap`,
  /// `stopped_at_limit`). Names
  /// are exact (`JSONValue` escapes every control and format character); nothing is cut.
  public static func json(_ transition: Transition, timestamps: Bool, owner: String? = nil)
    -> String
  {
    var object: [String: JSONValue] = [
      "round": .int(transition.round), "state": .string(transition.subject.rawValue),
      "case": .string(transition.stateCase.rawValue),
      "error": transition.error.map(JSONValue.string) ?? .null,
    ]
    if timestamps { object["time"] = .double(milliseconds(transition.time)) }
    if let age = transition.cachedAge {
      object["source"] = .string("cache")
      object["age"] = .double(milliseconds(age))
    }
    if let organization = transition.organization { object["organization"] = .string(organization) }
    if let repositories = transition.repositories {
      object["repositories"] = .array(repositories.map(JSONValue.string))
      object["count"] = .int(repositories.count)
    }
    if transition.subject != .merged || transition.notModified {
      object["not_modified"] = .bool(transition.notModified)
    }
    if let retry = transition.retry {
      object["retry"] = .object([
        "retry": .int(retry.retry), "max_retries": .int(retry.maxRetries),
        "wait": .double(milliseconds(retry.wait)), "error": .string(retry.error),
      ])
    }
    if let limit = transition.rateLimit {
      object["rate_limit"] = .object([
        "limit": .int(limit.limit), "remaining": .int(limit.remaining),
        "reset": .int(Int(limit.reset.timeIntervalSince1970)),
      ])
    }
    if let pages = transition.pages {
      object["pages_read"] = .int(pages.pagesRead)
      object["page_count"] = pages.pageCount.map(JSONValue.int) ?? .null
      object["so_far"] = .int(pages.itemCount)
      if let cap = pages.stoppedAtCap { object["stopped_at_cap"] = .int(cap) }
      if let limit = pages.stoppedAtLimit { object["stopped_at_limit"] = .int(limit) }
    }
    if let owner { object["owner"] = .string(owner) }
    return JSONValue.object(object).line
  }

  /// Seconds rounded to the millisecond, as JSON lines print times.
  public static func milliseconds(_ seconds: TimeInterval) -> Double {
    (seconds * 1000).rounded() / 1000
  }

  /// What a failure or a retry keeps on screen, after its error: "; showing 36 cached
  /// repositories (…)", or "; nothing cached".
  private static func showing(_ kept: String?) -> String {
    "; " + (kept.map { "showing " + $0 } ?? "nothing cached")
  }

  /// "Red Mad Robot: 36 repositories (Apexy, …)"; `cached`, content kept from before:
  /// "Red Mad Robot (cached)", "36 cached repositories (…)", "Red Mad Robot: 36 cached
  /// repositories (…)".
  private static func describeContent(_ transition: Transition, cached: Bool = false) -> String? {
    let adjective = cached ? "cached " : ""
    let names = transition.repositories.map { names -> String in
      let shown = names.prefix(namesShown).map(TextSanitizer.clean).joined(separator: ", ")
      let more = names.count > namesShown ? ", …" : ""
      let noun = adjective + (names.count == 1 ? "repository" : "repositories")
      return names.isEmpty
        ? "0 \(noun)" : "\(PageNotes.grouped(names.count)) \(noun) (\(shown)\(more))"
    }
    switch (transition.organization, names) {
    case (let organization?, let names?): return "\(TextSanitizer.clean(organization)): \(names)"
    case (let organization?, nil):
      return TextSanitizer.clean(organization) + (cached ? " (cached)" : "")
    case (nil, let names?): return names
    case (nil, nil): return nil
    }
  }
}
