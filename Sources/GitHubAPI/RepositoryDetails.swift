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

extension Repository: Decodable {
  private enum CodingKeys: String, CodingKey {
    case name, description, language, fork, license, topics
    case stargazersCount = "stargazers_count"
    case fullName = "full_name"
    case forksCount = "forks_count"
    case openIssuesCount = "open_issues_count"
    case pushedAt = "pushed_at"
    case htmlURL = "html_url"
    case subscribersCount = "subscribers_count"
    case networkCount = "network_count"
  }

  private struct License: Decodable {
    var spdxID: String?
    var name: String?
    private enum CodingKeys: String, CodingKey {
      case name
      case spdxID = "spdx_id"
    }
  }

  /// Reads the list fields (`name`, `description`, `language`, `stargazers_count`, `fork`) and
  /// the optional detail fields, cleaned with the sanitizer `GitHubJSON` decodes with; a
  /// detail field of the wrong type is left out rather than failing the list.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when `name` is missing or a field has another type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let license = (try? container.decodeIfPresent(License.self, forKey: .license)) ?? nil
    let spdx = license?.spdxID.flatMap { $0 == "NOASSERTION" || $0.isEmpty ? nil : $0 }
    let pushed = (try? container.decodeIfPresent(String.self, forKey: .pushedAt)) ?? nil
    func count(_ key: CodingKeys) -> Int? {
      ((try? container.decodeIfPresent(WholeNumber.self, forKey: key)) ?? nil)?.value
    }
    let details = RepositoryDetails(
      fullName: (try? container.decodeIfPresent(String.self, forKey: .fullName)) ?? nil,
      forksCount: count(.forksCount), openIssuesCount: count(.openIssuesCount),
      license: spdx ?? license?.name,
      topics: ((try? container.decodeIfPresent([String].self, forKey: .topics)) ?? nil) ?? [],
      pushedAt: pushed.flatMap(GitHubDate.parse),
      htmlURL: (try? container.decodeIfPresent(String.self, forKey: .htmlURL)) ?? nil,
      subscribersCount: count(.subscribersCount), networkCount: count(.networkCount))
    try self.init(
      name: container.decode(String.self, forKey: .name),
      description: container.decodeIfPresent(String.self, forKey: .description),
      language: container.decodeIfPresent(String.self, forKey: .language),
      stargazersCount: container.decodeIfPresent(WholeNumber.self, forKey: .stargazersCount)?
        .value ?? 0,
      fork: container.decodeIfPresent(Bool.self, forKey: .fork) ?? false,
      sanitizer: decoder.textSanitizer, details: details)
  }
}
