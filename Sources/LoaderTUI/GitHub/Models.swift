import Foundation

/// A GitHub organization as the app shows it.
struct Organization: Sendable, Equatable {
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

  init(login: String, name: String?, description: String? = nil, publicRepos: Int? = nil) {
    self.login = TextSanitizer.clean(login)
    self.name = name.map(TextSanitizer.clean)
    self.description = description.map(TextSanitizer.clean)
    self.publicRepos = publicRepos
  }

}

extension Organization: JSONReadable {
  /// Reads `login`, `name`, `description` and `public_repos`; other fields are skipped.
  init(json reader: inout JSONReader) throws(JSONReader.SyntaxError) {
    var login: String?
    var sawLogin = false
    var name: String?
    var description: String?
    var publicRepos: Int?
    if try reader.readObject({ (key, reader) throws(JSONReader.SyntaxError) in
      switch key {
      case "login":
        sawLogin = true
        login = try reader.readString()
      case "name": name = try reader.readString()
      case "description": description = try reader.readString()
      case "public_repos": publicRepos = try reader.readInt()
      default: try reader.skipValue()
      }
    }), login == nil {
      reader.missing("login", expected: "a string", wasNull: sawLogin)
    }
    self.init(login: login ?? "", name: name, description: description, publicRepos: publicRepos)
  }
}

/// A repository as the app shows it.
struct Repository: Sendable, Equatable {
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

}

extension Repository: JSONReadable {
  /// Reads `name`, `description`, `language`, `stargazers_count` and `fork`; other fields are
  /// skipped.
  init(json reader: inout JSONReader) throws(JSONReader.SyntaxError) {
    var name: String?
    var sawName = false
    var description: String?
    var language: String?
    var stars: Int?
    var fork: Bool?
    if try reader.readObject({ (key, reader) throws(JSONReader.SyntaxError) in
      switch key {
      case "name":
        sawName = true
        name = try reader.readString()
      case "description": description = try reader.readString()
      case "language": language = try reader.readString()
      case "stargazers_count": stars = try reader.readInt()
      case "fork": fork = try reader.readBool()
      default: try reader.skipValue()
      }
    }), name == nil {
      reader.missing("name", expected: "a string", wasNull: sawName)
    }
    self.init(
      name: name ?? "", description: description, language: language,
      stargazersCount: stars ?? 0, fork: fork ?? false)
  }
}

/// An organization together with its repositories: the Fetch pane's merged content.
struct OrganizationRepositories: Sendable, Equatable {
  /// The organization.
  var organization: Organization
  /// Its repositories, in the order GitHub listed them.
  var repositories: [Repository]
}
