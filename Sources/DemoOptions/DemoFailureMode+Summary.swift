extension DemoFailureMode {
  /// What the server answers and what the app then shows, as a short sentence without a final
  /// stop: the docs' table of failure modes is rendered from it (`loader-tui doc-table
  /// fail-modes`).
  public var summary: String {
    let first = "the first \(DemoServerOptions.defaultFailureCount) requests of a route"
    let unreadable = "the body could not be read"
    let timedOut = "; timed out after --timeout"
    return switch self {
    case .unavailable: "503 Service Unavailable; the default, and what x shows"
    case .internalError: "500 Internal Server Error"
    case .badGateway: "502 Bad Gateway"
    case .notFound: "404 Not Found"
    case .unauthorized: "401 Bad credentials, with a WWW-Authenticate: Basic challenge"
    case .rateLimit: "403 with x-ratelimit-remaining: 0; says when it resets, local time"
    case .secondaryRateLimit:
      "403 with GitHub's secondary rate limit message and a request ID, no Retry-After,"
        + " requests still left; shown with the message, not retried"
    case .retryAfter:
      "429 with Retry-After: \(DemoServerOptions.defaultRetryAfterSeconds) for \(first),"
        + " then an answer"
    case .flaky: "503 for \(first), then an answer"
    case .html: "200 with an HTML page; \(unreadable)"
    case .truncated: "200 with JSON cut off in the middle; \(unreadable), and where"
    case .wrongTypes:
      "200 with JSON whose fields have the wrong types; \(unreadable), and which field"
    case .empty: "200 with an empty body; \(unreadable)"
    case .invalidUTF8: "200 with bytes that are not UTF-8; \(unreadable), and which byte"
    case .drop: "the connection closed without a response; says so"
    case .hang: "the request accepted and never answered" + timedOut
    case .slowBody: "the body a byte every 200 ms" + timedOut
    case .reset: "the connection closed in the middle of the body: connection lost"
    case .huge: "a 12 MiB body, over --max-response-size"
    case .linkLoop:
      "repositories: Link rel=\"next\" back to the first page; pagination stopped, and why"
    case .endlessPages:
      "repositories: every page links to another one, past any cap; pagination stopped, and why"
    case .redirect: "a 301 to another path on the same host; followed"
    case .crossOrigin:
      "a 302 to another origin (another port); followed, Authorization only to the same origin"
    case .hostileText:
      "success, with names full of escape sequences, bidi overrides and zero-width characters"
    case .wideText:
      "success, with names whose width terminals disagree on: flags, emoji sequences, Thai,"
        + " Devanagari, stacked marks and CJK"
    }
  }
}
