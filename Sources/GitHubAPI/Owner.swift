/// A GitHub owner as the app shows it: an organization, or a user (``kind``).
public struct Owner: Sendable, Equatable {
  /// The login used in URLs, for example `RedMadRobot`.
  public var login: String
  /// The display name, when the owner set one.
  public var name: String?
  /// The short description, when there is one.
  public var description: String?
  /// How many public repositories GitHub counts.
  public var publicRepos: Int?
  /// Whether it is an organization or a user; `nil` when the answer did not say.
  public var kind: OwnerKind?
  /// The login exactly as the server sent it (secrets redacted); not safe to draw.
  public var rawLogin: String
  /// The display name exactly as the server sent it (secrets redacted); not safe to draw.
  public var rawName: String?

  /// The name to show: the display name, else the login.
  public var displayName: String { (name?.isEmpty == false ? name : nil) ?? login }

  /// `displayName` exactly as the server sent it (secrets redacted), for headless JSON.
  public var rawDisplayName: String { (rawName?.isEmpty == false ? rawName : nil) ?? rawLogin }

  /// An owner; every text is cleaned for display with `sanitizer`, and the login and
  /// name are also kept as sent, with only the secrets replaced.
  ///
  /// - Parameters:
  ///   - login: The login.
  ///   - name: The display name.
  ///   - description: The description.
  ///   - publicRepos: How many public repositories GitHub counts.
  ///   - kind: Organization or user.
  ///   - sanitizer: Cleans the text for display.
  public init(
    login: String, name: String?, description: String? = nil, publicRepos: Int? = nil,
    kind: OwnerKind? = nil, sanitizer: TextSanitizer = TextSanitizer()
  ) {
    self.kind = kind
    self.rawLogin = sanitizer.redacted(login)
    self.rawName = name.map(sanitizer.redacted)
    self.login = sanitizer.clean(login)
    self.name = name.map(sanitizer.clean)
    self.description = description.map(sanitizer.clean)
    self.publicRepos = publicRepos
  }
}

extension Owner: Decodable {
  private enum CodingKeys: String, CodingKey {
    case login, name, description, bio, type
    case publicRepos = "public_repos"
  }

  /// Reads `login`, `name`, `description` (a user's `bio` when there is none), `public_repos`
  /// and `type`, cleaned with the sanitizer `GitHubJSON` decodes with; other fields are
  /// ignored.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when `login` is missing or a field has another type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      login: container.decode(String.self, forKey: .login),
      name: container.decodeIfPresent(String.self, forKey: .name),
      description: container.decodeIfPresent(String.self, forKey: .description)
        ?? container.decodeIfPresent(String.self, forKey: .bio),
      publicRepos: container.decodeIfPresent(WholeNumber.self, forKey: .publicRepos)?.value,
      kind: container.decodeIfPresent(String.self, forKey: .type).flatMap(OwnerKind.init(type:)),
      sanitizer: decoder.textSanitizer)
  }
}
