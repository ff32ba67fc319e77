import Foundation

/// A repository as the app shows it.
public struct Repository: Sendable, Equatable {
  /// The repository name.
  public var name: String
  /// The description, when there is one.
  public var description: String?
  /// The main language, when GitHub detected one.
  public var language: String?
  /// How many stars it has.
  public var stargazersCount: Int
  /// Whether it is a fork.
  public var fork: Bool
  /// The name exactly as the server sent it (secrets redacted); not safe to draw.
  public var rawName: String

  /// A repository; every text is cleaned for display with `sanitizer`, and the name is also
  /// kept as sent, with only the secrets replaced.
  public init(
    name: String, description: String? = nil, language: String? = nil, stargazersCount: Int = 0,
    fork: Bool = false, sanitizer: TextSanitizer = TextSanitizer()
  ) {
    self.rawName = sanitizer.redacted(name)
    self.name = sanitizer.clean(name)
    self.description = description.map(sanitizer.clean)
    self.language = language.map(sanitizer.clean)
    self.stargazersCount = stargazersCount
    self.fork = fork
  }
}

extension Repository: Decodable {
  private enum CodingKeys: String, CodingKey {
    case name, description, language, fork
    case stargazersCount = "stargazers_count"
  }

  /// Reads `name`, `description`, `language`, `stargazers_count` and `fork`, cleaned with the
  /// sanitizer `GitHubJSON` decodes with; other fields are ignored.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      name: container.decode(String.self, forKey: .name),
      description: container.decodeIfPresent(String.self, forKey: .description),
      language: container.decodeIfPresent(String.self, forKey: .language),
      stargazersCount: container.decodeIfPresent(WholeNumber.self, forKey: .stargazersCount)?
        .value ?? 0,
      fork: container.decodeIfPresent(Bool.self, forKey: .fork) ?? false,
      sanitizer: decoder.textSanitizer)
  }
}
