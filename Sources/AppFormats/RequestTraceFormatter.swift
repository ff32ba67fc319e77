import AppModel
import Foundation
import GitHubAPI
import JSONOutput

/// Formats the request lines headless `--trace` prints between the transitions: text like the
/// inspector's log, or one JSON object per line.
public enum RequestTraceFormatter {
  /// `[  0.312s] request      #1 GET /orgs/x/repos?page=1  200  312 ms  38.1 kB`.
  public static func text(_ record: RequestRecord, time: TimeInterval, timestamps: Bool)
    -> String
  {
    let stamp = timestamps ? String(format: "[%8.3fs] ", time) : ""
    let subject = "request".padding(toLength: 13, withPad: " ", startingAt: 0)
    return TextSanitizer.clean(stamp + subject + RequestLine.text(record))
  }

  /// `{"request":1,"method":"GET","path":"/orgs/x","phase":"finished","status":200,…}`, with
  /// `"attempt":2` on a retry's request.
  public static func json(
    _ record: RequestRecord, time: TimeInterval, timestamps: Bool, owner: String? = nil
  )
    -> String
  {
    var object: [String: JSONValue] = [
      "request": .int(record.id), "method": .string(record.method), "path": .string(record.path),
      "loader": .string(record.loader?.rawValue ?? "other"),
      "status": record.status.map(JSONValue.int) ?? .null,
      "bytes": .int(Int(record.bytes)),
      "duration": record.duration.map { .double(TransitionFormatter.milliseconds($0)) } ?? .null,
    ]
    switch record.phase {
    case .sent:
      object["phase"] = .string("sent")
    case .finished:
      object["phase"] = .string("finished")
    case .failed(let reason):
      object["phase"] = .string("failed")
      object["error"] = .string(reason)
    }
    if let attempt = record.attempt { object["attempt"] = .int(attempt) }
    if timestamps { object["time"] = .double(TransitionFormatter.milliseconds(time)) }
    if let owner { object["owner"] = .string(owner) }
    return JSONValue.object(object).line
  }
}
