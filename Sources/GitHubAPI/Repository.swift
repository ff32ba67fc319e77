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

  /// A repository; every text is cleaned for display, and the name is also kept as sent.
  public init(
    name: String, description: String? = nil, language: String? = nil, stargazersCount: Int = 0,
    fork: Bool = false
  ) {
    self.rawName = RawText.redacted(name)
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
  public init(json reader: inout JSONReader) throws(JSONReader.SyntaxError) {
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
