/// Every way the built-in server can misbehave, chosen with `--fail-mode`.
public enum DemoFailureMode: String, Sendable, CaseIterable {
  /// `503 Service Unavailable` (the default, and what `x` shows).
  case unavailable = "503"
  /// `500 Internal Server Error`.
  case internalError = "500"
  /// `502 Bad Gateway`.
  case badGateway = "502"
  /// `404 Not Found`.
  case notFound = "404"
  /// `401 Bad credentials` with a `WWW-Authenticate: Basic` challenge.
  case unauthorized = "401"
  /// `403` with `x-ratelimit-remaining: 0` and a reset time: the primary rate limit used up.
  case rateLimit = "rate-limit"
  /// `403` with GitHub's secondary rate limit message, no `Retry-After`, and requests left
  /// (`x-ratelimit-remaining` not 0).
  case secondaryRateLimit = "secondary-rate-limit"
  /// The first requests of each owner's route (`DemoServerOptions.failureCount`) answer `429`
  /// with `Retry-After` (`DemoServerOptions.retryAfterSeconds`); later ones succeed.
  case retryAfter = "retry-after"
  /// The first requests of each owner's route (`DemoServerOptions.failureCount`) answer
  /// `503`; later ones succeed.
  case flaky
  /// `200` with an HTML page.
  case html
  /// `200` with JSON cut off in the middle.
  case truncated
  /// `200` with JSON whose fields have the wrong types.
  case wrongTypes = "wrong-types"
  /// `200` with an empty body.
  case empty
  /// `200` with bytes that are not UTF-8.
  case invalidUTF8 = "invalid-utf8"
  /// The connection is closed without a response.
  case drop
  /// The request is accepted and never answered.
  case hang
  /// The body arrives a byte every 200 ms.
  case slowBody = "slow-body"
  /// The connection is closed in the middle of the body.
  case reset
  /// A 12 MiB body, over the default response limit.
  case huge
  /// Repositories: `Link: rel="next"` points back to the first page.
  case linkLoop = "link-loop"
  /// Repositories: every page links to another one, past any cap.
  case endlessPages = "endless-pages"
  /// A 301 to another path on the same host; followed, and it works.
  case redirect
  /// A 302 to another origin (another port); followed without `Authorization`.
  case crossOrigin = "cross-origin"
  /// Success, with control characters, bidi overrides and very long text in every name.
  case hostileText = "hostile-text"
  /// Success, with names whose width terminals disagree on: flags, emoji sequences, Thai,
  /// Devanagari, stacked marks, CJK.
  case wideText = "wide-text"

  /// Whether only the first requests of each owner's route fail, and the later ones succeed.
  public var recovers: Bool { self == .flaky || self == .retryAfter }

  /// The names `--fail-mode` accepts, for help and errors.
  public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
