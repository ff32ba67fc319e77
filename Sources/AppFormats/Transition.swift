import ApexyLoader
import AppModel
import Foundation

/// One state change, as headless mode prints it.
public struct Transition: Sendable {
  /// Seconds since start.
  public var time: TimeInterval
  /// The fetch round, from 1.
  public var round: Int
  /// Which state changed.
  public var subject: TransitionSubject
  /// Which of `LoadingState`'s four cases the state is in.
  public var stateCase: StateCase
  /// The one-line error, for failures.
  public var error: String?
  /// The organization's name, when the content (or cache) has one.
  public var organization: String?
  /// Repository names, when the content (or cache) has them.
  public var repositories: [String]?
  /// Whether the server confirmed the content unchanged (`304 Not Modified`).
  public var notModified = false
  /// The retry being waited for while loading, if any.
  public var retry: TransitionRetry?
  /// The rate limit the last response stated, if any.
  public var rateLimit: RateLimit?
  /// How long ago the content was last confirmed, when it was restored from the cache at start
  /// rather than fetched; `nil` for fetched content.
  public var cachedAge: TimeInterval?
  /// The pages of a list read page by page: on a line for a page read, a load that stopped
  /// part-way, or one that stopped at the page cap; `nil` on the other lines.
  public var pages: PageProgress?
  /// Whether the owner of an owner line is a user: the text line says `user` where it says
  /// `organization` for an organization (JSON keeps `organization`, as 0.2.0 printed it).
  public var ownerIsUser = false
  /// Whether its error is of a list read part-way, which says how much it read: the text line
  /// leaves out "nothing cached", which would deny those rows.
  public var readPartWay = false

  /// Creates a value from its parts.
  public init(
    time: TimeInterval, round: Int, subject: TransitionSubject, stateCase: StateCase,
    error: String? = nil,
    organization: String? = nil, repositories: [String]? = nil
  ) {
    self.time = time
    self.round = round
    self.subject = subject
    self.stateCase = stateCase
    self.error = error
    self.organization = organization
    self.repositories = repositories
  }
}

/// A retry a loader waits to make, as a transition line shows it.
public struct TransitionRetry: Sendable, Equatable {
  /// The retry this is, 1 for the first.
  public var retry: Int
  /// The most retries allowed.
  public var maxRetries: Int
  /// Seconds until it is sent.
  public var wait: TimeInterval
  /// The failure being retried, as one line.
  public var error: String

  /// Creates a value from its parts.
  public init(retry: Int, maxRetries: Int, wait: TimeInterval, error: String) {
    self.retry = retry
    self.maxRetries = maxRetries
    self.wait = wait
    self.error = error
  }
}
