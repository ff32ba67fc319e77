import AppModel

/// A request as one line of text, as the inspector's log and `--trace` show it.
public enum RequestLine {
  /// One request log line: "#3 GET /orgs/x/repos?page=1  200  312 ms  38.1 kB", with
  /// "↻2" after the path for a retry's second attempt and "= not modified" after a 304.
  public static func text(_ record: RequestRecord) -> String {
    let retry = record.attempt.map { " ↻\($0)" } ?? ""
    let start = "#\(record.id) \(record.method) \(record.path)" + retry
    let status = record.status.map(String.init) ?? "…"
    let time = record.duration.map { "\(Int(($0 * 1000).rounded())) ms" } ?? "…"
    switch record.phase {
    case .sent:
      return start + "  in flight"
    case .finished:
      let kept = record.status == 304 ? "  = not modified" : ""
      return start + "  \(status)  \(time)  \(bytes(record.bytes))" + kept
    case .failed(let reason):
      return start + "  \(status)  \(time)  ✗ \(reason)"
    }
  }

  /// "0 B", "980 B", "38.1 kB", "1.2 MB".
  public static func bytes(_ count: Int64) -> String {
    if count < 1000 { return "\(count) B" }
    if count < 1_000_000 { return String(format: "%.1f kB", Double(count) / 1000) }
    return String(format: "%.1f MB", Double(count) / 1_000_000)
  }
}
