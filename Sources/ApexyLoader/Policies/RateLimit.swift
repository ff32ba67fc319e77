import ApexyHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An API rate limit as a response states it in `x-ratelimit-*` headers (GitHub's names).
public struct RateLimit: Sendable, Equatable {
  /// The requests allowed per window (`x-ratelimit-limit`).
  public var limit: Int
  /// The requests left in this window (`x-ratelimit-remaining`).
  public var remaining: Int
  /// When the window resets (`x-ratelimit-reset`, epoch seconds).
  public var reset: Date
  /// The bucket the limit applies to, for example `core` or `search` (`x-ratelimit-resource`).
  public var resource: String?

  /// Creates a rate limit.
  ///
  /// - Parameters:
  ///   - limit: The requests allowed per window.
  ///   - remaining: The requests left in this window.
  ///   - reset: When the window resets.
  ///   - resource: The bucket the limit applies to.
  public init(limit: Int, remaining: Int, reset: Date, resource: String? = nil) {
    self.limit = limit
    self.remaining = remaining
    self.reset = reset
    self.resource = resource
  }

  /// Reads the limit from header fields (names in any case); `nil` unless `limit`, `remaining`
  /// and `reset` are all present and numeric.
  ///
  /// - Parameter headers: Response header fields.
  public init?(headers: [String: String]) {
    var lowercased: [String: String] = [:]
    for (name, value) in headers { lowercased[name.lowercased()] = value }
    func number(_ name: String) -> Int? {
      lowercased["x-ratelimit-\(name)"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
    guard let limit = number("limit"), let remaining = number("remaining"),
      let reset = number("reset")
    else { return nil }
    self.init(
      limit: limit, remaining: remaining, reset: Date(timeIntervalSince1970: TimeInterval(reset)),
      resource: lowercased["x-ratelimit-resource"])
  }

  /// Reads the limit from a response's headers.
  ///
  /// - Parameter response: The response whose `x-ratelimit-*` fields are read.
  public init?(response: HTTPURLResponse) {
    self.init(headers: response.headerFields)
  }

  /// Whether no request is left and the window has not reset at `now`.
  ///
  /// - Parameter now: The current time.
  /// - Returns: `true` while requests would be refused.
  public func isExhausted(at now: Date) -> Bool {
    remaining <= 0 && now < reset
  }
}
