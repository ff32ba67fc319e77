import DemoOptions
import Foundation
import LoopbackHTTP

/// Builds the misbehaving replies.
public enum DemoFailureReply {
  /// The headers of every JSON answer.
  public static let jsonHeaders = [
    (name: "Content-Type", value: "application/json; charset=utf-8"),
    (name: "X-GitHub-Api-Version-Selected", value: "2022-11-28"),
  ]

  /// The reply for a failing request in `mode`, or `nil` when the mode changes the content
  /// rather than the reply (pagination, redirects, hostile text) and the route serves normally;
  /// a used-up rate limit states `rateLimit` requests an hour, as every other answer does.
  public static func reply(
    _ mode: DemoFailureMode, route: DemoServer.Route, now: Date, retryAfter: Int = 30,
    rateLimit: Int = DemoServerOptions.defaultRateLimit
  ) -> HTTPReply? {
    statusReply(mode, now: now, retryAfter: retryAfter, rateLimit: rateLimit)
      ?? bodyReply(mode, route: route)
  }

  /// The error answers: a status and GitHub's JSON error; `nil` for the other modes.
  private static func statusReply(
    _ mode: DemoFailureMode, now: Date, retryAfter: Int, rateLimit: Int
  ) -> HTTPReply? {
    switch mode {
    case .unavailable:
      return status(503, "Service Unavailable (simulated outage)")
    case .internalError:
      return status(500, "Server Error")
    case .badGateway:
      return status(502, "Bad Gateway")
    case .notFound:
      return status(404, "Not Found")
    case .unauthorized:
      // The challenge matters: Foundation on Linux holds such a 401 until the deadline unless
      // the client answers it (see SessionDelegate).
      return status(
        401, "Bad credentials", headers: [("WWW-Authenticate", #"Basic realm="GitHub""#)])
    case .rateLimit:
      return rateLimitExceeded(
        limit: rateLimit,
        reset: Int(now.timeIntervalSince1970) + DemoResponseHeaders.window)
    case .secondaryRateLimit:
      return secondaryRateLimit(now: now)
    case .retryAfter:
      return status(
        429, "You have exceeded a secondary rate limit.",
        headers: [("retry-after", "\(retryAfter)")])
    case .flaky:
      return status(503, "Service Unavailable (flaky)")
    default:
      return nil
    }
  }

  /// The answers that go wrong in their body or their connection; `nil` for the modes that
  /// change the content rather than the reply.
  private static func bodyReply(_ mode: DemoFailureMode, route: DemoServer.Route) -> HTTPReply? {
    switch mode {
    case .html:
      return body(
        "<!DOCTYPE html><html><body><h1>Unicorn! We're having a problem.</h1></body></html>",
        type: "text/html; charset=utf-8")
    case .truncated:
      return body(#"[{"name":"Apexy","description":"The library for organizing a net"#)
    case .wrongTypes:
      return body(
        route == .organization ? #"{"login":42,"name":["Red Mad Robot"]}"# : #"[{"name":42}]"#)
    case .empty:
      return .respond(HTTPResponse(status: 200, headers: jsonHeaders, body: Data()))
    case .invalidUTF8:
      var data = Data(#"[{"name":"Ape"#.utf8)
      data.append(contentsOf: [0xC3, 0x28, 0xFF])
      data.append(contentsOf: Data(#"xy","stargazers_count":1,"fork":false}]"#.utf8))
      return .respond(HTTPResponse(status: 200, headers: jsonHeaders, body: data))
    case .drop:
      return .drop
    case .hang:
      return .neverAnswer
    case .slowBody:
      let data = Data(repeating: UInt8(ascii: " "), count: 4_096)
      return .respond(
        HTTPResponse(headers: jsonHeaders, body: data, chunkSize: 1, chunkPause: 0.2))
    case .reset:
      let data = Data(repeating: UInt8(ascii: " "), count: 64 * 1024)
      return .respond(HTTPResponse(headers: jsonHeaders, body: data, cutAfter: 1_000))
    case .huge:
      let data = Data(repeating: UInt8(ascii: " "), count: 12 * 1024 * 1024)
      return .respond(HTTPResponse(headers: jsonHeaders, body: data))
    default:
      return nil
    }
  }

  /// GitHub's answer when the primary rate limit is used up: `403`, its message for a client
  /// without a token, and the rate-limit headers with `x-ratelimit-remaining: 0`. The server
  /// states its own window's limit and reset over these, and keeps the 0.
  public static func rateLimitExceeded(limit: Int, reset: Int) -> HTTPReply {
    let text =
      #"{"message":"API rate limit exceeded for 127.0.0.1. (But here's the good news:"#
      + #" Authenticated requests get a higher rate limit. Check out the documentation for"#
      + #" more details.)","documentation_url":"https://docs.github.com/rest/overview/"#
      + #"resources-in-the-rest-api#rate-limiting"}"#
    let headers = [
      ("x-ratelimit-limit", "\(limit)"), ("x-ratelimit-remaining", "0"),
      ("x-ratelimit-reset", "\(reset)"), ("x-ratelimit-resource", "core"),
    ]
    return .respond(
      HTTPResponse(status: 403, headers: jsonHeaders + headers, body: Data(text.utf8)))
  }

  /// GitHub's answer to too many requests at once: `403` naming the secondary rate limit and a
  /// request ID (also in `x-github-request-id`), without `Retry-After`; the primary limit is
  /// not used up, so the server states the requests left as usual.
  static func secondaryRateLimit(now: Date) -> HTTPReply {
    let stamp = UInt32(truncatingIfNeeded: Int(now.timeIntervalSince1970))
    let id = "0000:0000:0000000:0000000:" + String(format: "%08X", stamp)
    let text =
      #"{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before"#
      + #" you try again. If you reach out to GitHub Support for help, please include the"#
      + #" request ID \#(id).","documentation_url":"https://docs.github.com/rest/overview/"#
      + #"rate-limits-for-the-rest-api#about-secondary-rate-limits"}"#
    return .respond(
      HTTPResponse(
        status: 403, headers: jsonHeaders + [("x-github-request-id", id)],
        body: Data(text.utf8)))
  }

  /// A GitHub-style JSON error.
  public static func status(
    _ code: Int, _ message: String, headers: [(name: String, value: String)] = []
  ) -> HTTPReply {
    let text =
      #"{"message":"\#(message)","documentation_url":"https://docs.github.com/rest","status":"\#(code)"}"#
    return .respond(
      HTTPResponse(status: code, headers: jsonHeaders + headers, body: Data(text.utf8)))
  }

  private static func body(_ text: String, type: String? = nil) -> HTTPReply {
    var headers = jsonHeaders
    if let type { headers[0] = (name: "Content-Type", value: type) }
    return .respond(HTTPResponse(headers: headers, body: Data(text.utf8)))
  }

  /// Names whose width terminals and width tables disagree on, one per index, in turn.
  public static let wideNames = [
    "flag-🇯🇵-jp", "heart-❤️-vs16", "thumb-👍🏽-tone", "family-👨‍👩‍👧-zwj", "thai-น้ำ-water",
    "hindi-नमस्ते-hello", "marks-e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}-six", "cjk-日本語-jp",
    "keycap-1️⃣-one", "rocket-🚀-wide",
  ]

  /// Text with every kind of control a hostile server might send, and some length.
  public static func hostile(_ base: String, index: Int) -> String {
    let kinds = [
      "\u{1B}[2J\u{1B}[31m", "\u{1B}]0;pwned\u{07}", "\u{1B}]8;;https://evil.example\u{1B}\\",
      "\u{07}\u{08}\u{7F}", "\u{9B}1m\u{85}", "\u{202E}", "\u{2066}\u{2069}", "\u{200B}\u{FEFF}",
    ]
    let kind = kinds[index % kinds.count]
    return base + kind + "-" + String(index)
      + (index == 0 ? String(repeating: "x", count: 2_000) : "")
  }
}
