import Foundation

/// A GitHub organization as the app shows it.
public struct Organization: Sendable, Equatable {
  /// The login used in URLs, for example `RedMadRobot`.
  public var login: String
  /// The display name, when the organization set one.
  public var name: String?
  /// The short description, when there is one.
  public var description: String?
  /// How many public repositories GitHub counts.
  public var publicRepos: Int?

  /// The name to show: the display name, else the login.
  public var displayName: String { (name?.isEmpty == false ? name : nil) ?? login }

  /// An organization; every text is cleaned for display with `sanitizer`.
  public init(
    login: String, name: String?, description: String? = nil, publicRepos: Int? = nil,
    sanitizer: TextSanitizer = TextSanitizer()
  ) {
    self.login = sanitizer.clean(login)
    self.name = name.map(sanitizer.clean)
    self.description = description.map(sanitizer.clean)
    self.publicRepos = publicRepos
  }
}

extension Organization: Decodable {
  private enum CodingKeys: String, CodingKey {
    case login, name, description
    case publicRepos = "public_repos"
  }

  /// Reads `login`, `name`, `description` and `public_repos`, cleaned with the sanitizer
  /// `GitHubJSON` decodes with; other fields are ignored.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      login: container.decode(String.self, forKey: .login),
      name: container.decodeIfPresent(String.self, forKey: .name),
      description: container.decodeIfPresent(String.self, forKey: .description),
      publicRepos: container.decodeIfPresent(WholeNumber.self, forKey: .publicRepos)?.value,
      sanitizer: decoder.textSanitizer)
  }
}
