import Foundation
import Locking
import LoopbackHTTP

/// What the built-in server adds to each answer as GitHub does: an `ETag` on every `200`, a
/// bodiless `304 Not Modified` when `If-None-Match` names it, and the rate-limit headers.
final class DemoResponseHeaders: Sendable {
  /// The requests allowed per hour, as GitHub allows a token.
  static let limit = 5_000

  /// The requests that spent the limit so far.
  private let used = Locked(0)
  private let reset: Int

  /// Starts a rate-limit window of an hour from `now`.
  init(now: Date = Date()) {
    reset = Int(now.timeIntervalSince1970) + 3_600
  }

  /// `reply` answering `request`: a `200` gains its `ETag`, or becomes a `304` without a body
  /// when the request already holds that `ETag`; every answer states the rate limit, and only
  /// answers that are not `304` spend it.
  func finish(_ reply: HTTPReply, for request: HTTPRequest) -> HTTPReply {
    guard case .respond(var response) = reply else { return reply }
    if response.status == 200 {
      // The links are part of what a page says: a page whose body is the same but whose
      // links changed is a changed page. The server's own origin is left out of the tag: it
      // listens on a new port at every start, and an unchanged answer keeps its tag.
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
    }
    let status = response.status
    let remaining = used.withLock { used in
      if status != 304 { used += 1 }
      return max(0, Self.limit - used)
    }
    response.headers += [
      ("x-ratelimit-limit", "\(Self.limit)"), ("x-ratelimit-remaining", "\(remaining)"),
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
