import ApexyLoader
import AppCore
import Foundation
import GitHubAPI

/// The last line of a headless run: how many rounds, how long, and how it ended.
struct HeadlessSummary {
  /// Whether the final merged state is a success.
  let ok: Bool
  /// The one-line error, when it is not.
  let error: String?
  /// The line as text, cleaned for display.
  let text: String
  /// The line as one JSON object.
  let json: String

  /// The summary of a run whose merged state ended as `merged` after `elapsed` seconds.
  init(
    merged: LoadingState<OrganizationRepositories>, options: Options, elapsed: TimeInterval,
    errorLine: (Error) -> String
  ) {
    let rounds = options.rounds == 1 ? "1 round" : "\(options.rounds) rounds"
    let time = options.timestamps ? " in " + String(format: "%.3fs", elapsed) : ""
    switch merged {
    case .success(let content):
      ok = true
      error = nil
      text = TextSanitizer.clean(
        "done: \(rounds)\(time), success: \(content.organization.displayName) with "
          + "\(content.repositories.count) repositories")
    default:
      ok = false
      let line = merged.error.map(errorLine) ?? "the fetch did not finish"
      error = line
      text = TextSanitizer.clean("done: \(rounds)\(time), failure: \(line)")
    }
    var object: [String: JSONValue] = [
      "summary": .bool(true), "ok": .bool(ok), "rounds": .int(options.rounds),
      "error": error.map(JSONValue.string) ?? .null,
    ]
    if options.timestamps { object["time"] = .double(TransitionFormatter.milliseconds(elapsed)) }
    json = JSONValue.object(object).line
  }
}
