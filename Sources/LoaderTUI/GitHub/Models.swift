import Foundation

/// A GitHub organization as the app shows it.
struct Organization: Sendable, Equatable, Decodable {
  /// The login used in URLs, for example `RedMadRobot`.
  var login: String
  /// The display name, when the organization set one.
  var name: String?
  /// The short description, when there is one.
  var description: String?
  /// How many public repositories GitHub counts.
  var publicRepos: Int?

  /// The name to show: the display name, else the login.
  var displayName: String { (name?.isEmpty == false ? name : nil) ?? login }

  enum CodingKeys: String, CodingKey {
    case login, name, description
    case publicRepos = "public_repos"
  }

  init(login: String, name: String?, description: String? = nil, publicRepos: Int? = nil) {
    self.login = TextSanitizer.clean(login)
    self.name = name.map(TextSanitizer.clean)
    self.description = description.map(TextSanitizer.clean)
    self.publicRepos = publicRepos
  }

  init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      login: try container.decode(String.self, forKey: .login),
      name: try container.decodeIfPresent(String.self, forKey: .name),
      description: try container.decodeIfPresent(String.self, forKey: .description),
      publicRepos: try container.decodeIfPresent(Int.self, forKey: .publicRepos))
  }
}

/// A repository as the app shows it.
struct Repository: Sendable, Equatable, Decodable {
  /// The repository name.
  var name: String
  /// The description, when there is one.
  var description: String?
  /// The main language, when GitHub detected one.
  var language: String?
  /// How many stars it has.
  var stargazersCount: Int
  /// Whether it is a fork.
  var fork: Bool

  enum CodingKeys: String, CodingKey {
    case name, description, language, fork
    case stargazersCount = "stargazers_count"
  }

  init(
    name: String, description: String? = nil, language: String? = nil, stargazersCount: Int = 0,
    fork: Bool = false
  ) {
    self.name = TextSanitizer.clean(name)
    self.description = description.map(TextSanitizer.clean)
    self.language = language.map(TextSanitizer.clean)
    self.stargazersCount = stargazersCount
    self.fork = fork
  }

  init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      name: try container.decode(String.self, forKey: .name),
      description: try container.decodeIfPresent(String.self, forKey: .description),
      language: try container.decodeIfPresent(String.self, forKey: .language),
      stargazersCount: try container.decodeIfPresent(Int.self, forKey: .stargazersCount) ?? 0,
      fork: try container.decodeIfPresent(Bool.self, forKey: .fork) ?? false)
  }
}

/// An organization together with its repositories: the Fetch pane's merged content.
struct OrganizationRepositories: Sendable, Equatable {
  /// The organization.
  var organization: Organization
  /// Its repositories, in the order GitHub listed them.
  var repositories: [Repository]
}
