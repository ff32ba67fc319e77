import ApexyLoader
import AppModel
import Foundation
import GitHubAPI
import JSONOutput

/// The last line of a headless run: how many rounds, how long, and how it ended.
public struct HeadlessSummary: Sendable {
  /// Whether the final merged state is a success.
  public let ok: Bool
  /// The one-line error, when it is not.
  public let error: String?
  /// The line as text, cleaned for display.
  public let text: String
  /// The line as one JSON object.
  public let json: String

  /// The summary of a run of `rounds` fetches whose merged state ended as `merged` after
  /// `elapsed` seconds; with `owner`, the JSON object names it.
  public init(
    merged: LoadingState<OwnerRepositories>, rounds count: Int, timestamps: Bool,
    elapsed: TimeInterval, errorLine: (Error) -> String, owner: String? = nil
  ) {
    let rounds = count == 1 ? "1 round" : "\(count) rounds"
    let time = timestamps ? " in " + String(format: "%.3fs", elapsed) : ""
    switch merged {
    case .success(let content):
      ok = true
      error = nil
      text = TextSanitizer.clean(
        "done: \(rounds)\(time), success: \(content.owner.displayName) with "
          + "\(PageNotes.grouped(content.repositories.count)) repositories")
    default:
      ok = false
      let line = merged.error.map(errorLine) ?? "the fetch did not finish"
      error = line
      text = TextSanitizer.clean("done: \(rounds)\(time), failure: \(line)")
    }
    var object: [String: JSONValue] = [
      "summary": .bool(true), "ok": .bool(ok), "rounds": .int(count),
      "error": error.map(JSONValue.string) ?? .null,
    ]
    if timestamps { object["time"] = .double(TransitionFormatter.milliseconds(elapsed)) }
    if let owner { object["owner"] = .string(owner) }
    json = JSONValue.object(object).line
  }

  /// The summary of a run that the signal named `signal` ended after `elapsed` seconds, in
  /// the middle of round `round`: what it had read by then, the owner's name (`organization`)
  /// and the number of repositories (`count`), each when it had one. The JSON object has
  /// `interrupted` (the signal's name), and `organization` and `count` when known.
  public init(
    interruptedBy signal: String, organization: String?, count: Int?, round: Int,
    timestamps: Bool, elapsed: TimeInterval, owner: String? = nil
  ) {
    ok = false
    error = nil
    let rounds = round == 1 ? "1 round" : "\(round) rounds"
    let time = timestamps ? " in " + String(format: "%.3fs", elapsed) : ""
    let noun = count == 1 ? "repository" : "repositories"
    let read = [organization, count.map { "\(PageNotes.grouped($0)) \(noun)" }].compactMap { $0 }
    text = TextSanitizer.clean(
      "done: \(rounds)\(time), interrupted by \(signal): "
        + (read.isEmpty ? "nothing read" : "read " + read.joined(separator: " with ")))
    var object: [String: JSONValue] = [
      "summary": .bool(true), "ok": .bool(false), "rounds": .int(round), "error": .null,
      "interrupted": .string(signal),
    ]
    if let organization { object["organization"] = .string(organization) }
    if let count { object["count"] = .int(count) }
    if timestamps { object["time"] = .double(TransitionFormatter.milliseconds(elapsed)) }
    if let owner { object["owner"] = .string(owner) }
    json = JSONValue.object(object).line
  }
}
