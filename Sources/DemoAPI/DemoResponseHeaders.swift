import DemoOptions
import Foundation
import Locking
import LoopbackHTTP

/// What the built-in server adds to each answer as GitHub does: an `ETag` on every `200`, a
/// bodiless `304 Not Modified` when `If-None-Match` names it, and one set of rate-limit headers,
/// with GitHub's `403` once the window's requests are used up.
final class DemoResponseHeaders: Sendable {
  /// The length of a rate-limit window, in seconds: an hour, as GitHub's.
  static let window = 3_600

  /// The requests allowed in the window.
  let limit: Int
  /// The requests that spent the limit so far.
  private let used = Locked(0)
  private let reset: Int

  /// Starts a rate-limit window of an hour from `now`, allowing `limit` requests.
  init(limit: Int = DemoServerOptions.defaultRateLimit, now: Date = Date()) {
    self.limit = limit
    reset = Int(now.timeIntervalSince1970) + Self.window
  }

  /// `reply` answering `request`: a `200` gains its `ETag`, or becomes a `304` without a body
  /// when the request already holds that `ETag`.
  func tagged(_ reply: HTTPReply, for request: HTTPRequest) -> HTTPReply {
    guard case .respond(var response) = reply, response.status == 200 else { return reply }
    // The links are part of what a page says: a page whose body is the same but whose links
    // changed is a changed page. The server's own origin is left out of the tag: it listens
    // on a new port at every start, and an unchanged answer keeps its tag.
    var representation = response.body
    for header in response.headers where header.name == "Link" {
      representation.append(Data(header.value.utf8))
    }
    let origin = Data("http://\(request.headers["host"] ?? "127.0.0.1")".utf8)
    let tag = Self.etag(of: representation, leavingOut: origin)
    response.headers.append(("ETag", tag))
    if Self.matches(request.headers["if-none-match"], tag) {
      response.status = 304
      response.body = Data()
    }
    return .respond(response)
  }

  /// `reply` spending the rate limit, as the last step of every answer: an answer that is not
  /// a `304` spends one request, and once none is left every request but those is answered
  /// with GitHub's `403` instead. Each answer states the limit once: the window's limit, reset
  /// and the requests left, or fewer if the reply says so (a rate-limit failure says 0).
  func counted(_ reply: HTTPReply) -> HTTPReply {
    var response: HTTPResponse?
    if case .respond(let answer) = reply { response = answer }
    let (left, usedUp) = used.withLock { used -> (Int, Bool) in
      if response?.status == 304 { return (max(0, limit - used), false) }
      if used >= limit { return (0, true) }
      if response != nil { used += 1 }
      return (limit - used, false)
    }
    if usedUp,
      case .respond(var exceeded) = DemoFailureReply.rateLimitExceeded(
        limit: limit, reset: reset)
    {
      exceeded.delay = response?.delay ?? 0
      response = exceeded
    }
    guard var response else { return reply }
    let stated = response.headers.last { $0.name.lowercased() == "x-ratelimit-remaining" }
    response.headers.removeAll { $0.name.lowercased().hasPrefix("x-ratelimit-") }
    let remaining = min(left, stated.flatMap { Int($0.value) } ?? left)
    response.headers += [
      ("x-ratelimit-limit", "\(limit)"), ("x-ratelimit-remaining", "\(remaining)"),
      ("x-ratelimit-reset", "\(reset)"), ("x-ratelimit-resource", "core"),
    ]
    return .respond(response)
  }

  /// A quoted 64-bit FNV-1a hash of `body`, every occurrence of `origin` left out, as a strong
  /// `ETag`.
  static func etag(of body: Data, leavingOut origin: Data = Data()) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let skip = [UInt8](origin)
    let lead = skip.first
    body.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
      var index = 0
      while index < raw.count {
        if let lead, raw[index] == lead, raw.count - index >= skip.count,
          memcmp(raw.baseAddress! + index, skip, skip.count) == 0
        {
          index += skip.count
          continue
        }
        hash ^= UInt64(raw[index])
        hash = hash &* 0x100_0000_01b3
        index += 1
      }
    }
    return "\"\(String(hash, radix: 16))\""
  }

  /// Whether an `If-None-Match` value (a list of tags, weak ones too, or `*`) names `tag`.
  static func matches(_ header: String?, _ tag: String) -> Bool {
    guard let header else { return false }
    return header.split(separator: ",").contains { candidate in
      var value = candidate.trimmingCharacters(in: .whitespaces)
      if value.hasPrefix("W/") { value.removeFirst(2) }
      return value == "*" || value == tag
    }
  }
}
