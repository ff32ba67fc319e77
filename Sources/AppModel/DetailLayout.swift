import Foundation
import GitHubAPI

/// What the detail view shows and how far it scrolls: its lines (the repository's fields and
/// a line about the detail request), in a box over everything but the status bar.
public enum DetailLayout {
  /// The lines of the view for an inner width: full name, description, then labelled fields.
  public static func lines(_ repository: Repository, now: Date, width: Int) -> [PaneLine] {
    var lines = [PaneLine(text: repository.fullName ?? repository.name, style: .heading)]
    if let description = repository.description, !description.isEmpty {
      for line in TextWrap.wrap(description, width: width, maxLines: 3) {
        lines.append(PaneLine(text: line, style: .plain))
      }
    }
    lines.append(PaneLine(text: "", style: .plain))
    let fields: [(String, String?)] = [
      ("Language", repository.language),
      ("Stars", PageNotes.grouped(repository.stargazersCount)),
      ("Forks", repository.forksCount.map(PageNotes.grouped)),
      ("Open issues", repository.openIssuesCount.map(PageNotes.grouped)),
      ("License", repository.license),
      ("Topics", repository.topics.isEmpty ? nil : repository.topics.joined(separator: ", ")),
      ("Last push", repository.pushedAt.map { lastPush($0, now: now) }),
      ("URL", repository.htmlURL?.absoluteString),
      ("Fork", repository.fork ? "yes" : "no"),
      ("Watchers", repository.subscribersCount.map(PageNotes.grouped)),
      ("Network", repository.networkCount.map(PageNotes.grouped)),
    ]
    for (label, value) in fields {
      lines.append(
        PaneLine(text: TextWidth.pad(label, to: 12) + (value ?? "–"), style: .plain))
    }
    return lines
  }

  /// The line about the detail request: a spinner while it loads, one error line when it
  /// failed (the list data stays), `nil` otherwise.
  public static func requestLine(_ state: AppState) -> PaneLine? {
    guard let load = state.lists.detail?.loader else { return nil }
    if load.state.isLoading {
      let retry = load.status.retry.map { ", " + $0.text(at: state.now) } ?? ""
      let spinner = Spinner.frame(state.spinnerFrame, ascii: state.asciiOnly)
      return PaneLine(text: "\(spinner) Loading details…\(retry)", style: .spinner)
    }
    if let error = load.state.error {
      let message = ErrorMessage.line(
        for: error, host: state.host, timeout: state.timeout, context: state.advice,
        now: state.now)
      return PaneLine(text: "✗ Details: " + message, style: .error)
    }
    return nil
  }

  /// "2024-03-05 10:20 UTC (3d ago)".
  static func lastPush(_ date: Date, now: Date) -> String {
    let stamp = date.formatted(.iso8601)
    let minutes = String(stamp.prefix(16)).replacingOccurrences(of: "T", with: " ")
    let seconds = now.timeIntervalSince(date)
    let age =
      seconds < 2 * 86_400
      ? AgeLabel.text(since: date, now: now) : "\(Int(seconds / 86_400)) days ago"
    return minutes + " UTC (" + age + ")"
  }

  /// Every line of the open detail view of `state`, the request's line second.
  public static func lines(_ state: AppState) -> [PaneLine] {
    guard let detail = state.lists.detail else { return [] }
    let width = boxWidth(state.size)
    var lines = lines(detail.shown, now: state.now, width: max(1, width - 4))
    if let line = requestLine(state) { lines.insert(line, at: 1) }
    return lines
  }

  /// The box's width for a terminal size.
  public static func boxWidth(_ size: Size) -> Int { min(HelpLayout.area(size).width, 72) }

  /// The open detail view's scroll offset moved by `step` (lines, and pages of what the box
  /// shows), kept between its first line and the offset that shows its last.
  static func scrolled(_ state: AppState, by step: (lines: Int, pages: Int)) -> Int {
    let count = lines(state).count
    let page = HelpLayout.visibleRows(state.size, of: count)
    let scroll = (state.lists.detail?.scroll ?? 0) + step.lines + step.pages * page
    return min(HelpLayout.maximumScroll(state.size, of: count), max(0, scroll))
  }
}
