import Foundation

/// When a loader's content was last confirmed by the server, and how.
public struct Freshness: Sendable, Equatable {
  /// When the server last sent or confirmed the content, `nil` before it ever did.
  public var lastConfirmed: Date?
  /// Whether that confirmation was a `304 Not Modified` (the content was kept, not rebuilt).
  public var wasNotModified: Bool
  /// Whether the content was restored from `WebLoader.cache` and the server has not confirmed
  /// it since this process started; `lastConfirmed` is then the stored confirmation time.
  public var isRestored: Bool

  /// Creates a freshness record.
  ///
  /// - Parameters:
  ///   - lastConfirmed: When the server last sent or confirmed the content.
  ///   - wasNotModified: Whether that was a `304 Not Modified`.
  ///   - isRestored: Whether the content came from the loader's cache.
  public init(lastConfirmed: Date? = nil, wasNotModified: Bool = false, isRestored: Bool = false) {
    self.lastConfirmed = lastConfirmed
    self.wasNotModified = wasNotModified
    self.isRestored = isRestored
  }

  /// Seconds since the last confirmation, `nil` before the first.
  ///
  /// - Parameter now: The current time.
  /// - Returns: The content's age in seconds, never negative; `nil` before the first
  ///   confirmation.
  public func age(at now: Date) -> TimeInterval? {
    lastConfirmed.map { max(0, now.timeIntervalSince($0)) }
  }

  /// Whether the content is older than `staleAfter` seconds at `now`; never true without a
  /// `staleAfter` or before the first confirmation.
  ///
  /// - Parameters:
  ///   - now: The current time.
  ///   - staleAfter: Seconds after which content is stale; `nil` for never.
  /// - Returns: `true` when the content's age is `staleAfter` or more.
  public func isStale(at now: Date, staleAfter: TimeInterval?) -> Bool {
    guard let staleAfter, let age = age(at: now) else { return false }
    return age >= staleAfter
  }
}

/// What a loader learnt from the last response it received.
public struct ResponseMetadata: Sendable, Equatable {
  /// The status code.
  public var statusCode: Int
  /// When the response arrived, on the loader's scheduler clock.
  public var receivedAt: Date
  /// The rate limit it stated, if any.
  public var rateLimit: RateLimit?
  /// The least seconds between polls it asked for (`X-Poll-Interval`), if any.
  public var pollInterval: TimeInterval?

  /// Creates metadata.
  ///
  /// - Parameters:
  ///   - statusCode: The response's status code.
  ///   - receivedAt: When it arrived.
  ///   - rateLimit: The rate limit it stated.
  ///   - pollInterval: The least seconds between polls it asked for.
  public init(
    statusCode: Int, receivedAt: Date, rateLimit: RateLimit? = nil,
    pollInterval: TimeInterval? = nil
  ) {
    self.statusCode = statusCode
    self.receivedAt = receivedAt
    self.rateLimit = rateLimit
    self.pollInterval = pollInterval
  }

  /// Whether it was a `304 Not Modified`.
  public var isNotModified: Bool { statusCode == 304 }
}
