import AppModel
import Foundation
import GitHubAPI

/// The detail view of one repository, opened with Enter on a list row: a box over the panes.
public enum DetailView {
  /// It reads the open repository's detail loader.
  public static let loaderView = LoaderView(name: "detail view", reads: [.repository])

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
        for: error, host: state.host, timeout: state.timeout)
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

  /// Draws the open `detail` view over `area`, with a hint line at the bottom.
  public static func draw(
    _ detail: OpenDetail, _ state: AppState, in area: Rect, into grid: inout Grid
  ) {
    let repository = detail.repository
    let width = min(area.width, 72)
    var lines = lines(detail.shown, now: state.now, width: max(1, width - 4))
    if let line = requestLine(state) { lines.insert(line, at: 1) }
    let height = min(area.height, lines.count + 4)
    let box = Border.overlay(
      width: width, height: height, in: area, title: "Repository", into: &grid)
    let inner = box.content
    let visible = max(0, inner.height - 1)
    for (index, line) in lines.prefix(visible).enumerated() {
      grid.put(
        TextWidth.truncate(line.text, to: inner.width), x: inner.x, y: inner.y + index,
        style: line.style)
    }
    let hint = repository.htmlURL == nil ? "Esc closes" : "o opens  y copies the URL  Esc closes"
    grid.put(
      TextWidth.truncate(hint, to: inner.width), x: inner.x, y: inner.bottom, style: .dim)
  }
}
