import Foundation

/// The fields of a repository the list does not need and the detail view shows, as the
/// server sent them (`Repository` cleans them).
public struct RepositoryDetails: Sendable, Equatable {
  /// `owner/name`.
  public var fullName: String?
  /// How many forks it has.
  public var forksCount: Int?
  /// How many issues are open.
  public var openIssuesCount: Int?
  /// The license's SPDX id, or its name.
  public var license: String?
  /// The topics.
  public var topics: [String]
  /// When something was last pushed.
  public var pushedAt: Date?
  /// The web page address, as text.
  public var htmlURL: String?
  /// How many people watch it (only the single-repository answer says).
  public var subscribersCount: Int?
  /// How many repositories its fork network holds (only the single-repository answer says).
  public var networkCount: Int?

  /// Creates a value from its parts; every one is optional.
  ///
  /// - Parameters:
  ///   - fullName: `owner/name`.
  ///   - forksCount: The forks.
  ///   - openIssuesCount: The open issues.
  ///   - license: The license's name.
  ///   - topics: The topics.
  ///   - pushedAt: The last push.
  ///   - htmlURL: The web page.
  ///   - subscribersCount: The watchers.
  ///   - networkCount: The network.
  public init(
    fullName: String? = nil, forksCount: Int? = nil, openIssuesCount: Int? = nil,
    license: String? = nil, topics: [String] = [], pushedAt: Date? = nil, htmlURL: String? = nil,
    subscribersCount: Int? = nil, networkCount: Int? = nil
  ) {
    self.fullName = fullName
    self.forksCount = forksCount
    self.openIssuesCount = openIssuesCount
    self.license = license
    self.topics = topics
    self.pushedAt = pushedAt
    self.htmlURL = htmlURL
    self.subscribersCount = subscribersCount
    self.networkCount = networkCount
  }
}
