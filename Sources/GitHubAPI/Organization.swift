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
  /// The login exactly as the server sent it (secrets redacted); not safe to draw.
  public var rawLogin: String
  /// The display name exactly as the server sent it (secrets redacted); not safe to draw.
  public var rawName: String?

  /// The name to show: the display name, else the login.
  public var displayName: String { (name?.isEmpty == false ? name : nil) ?? login }

  /// `displayName` exactly as the server sent it, for headless JSON.
  public var rawDisplayName: String { (rawName?.isEmpty == false ? rawName : nil) ?? rawLogin }

  /// An organization; every text is cleaned for display, and the login and name are also kept
  /// as sent.
  public init(login: String, name: String?, description: String? = nil, publicRepos: Int? = nil) {
    self.rawLogin = RawText.redacted(login)
    self.rawName = name.map(RawText.redacted)
    self.login = TextSanitizer.clean(login)
    self.name = name.map(TextSanitizer.clean)
    self.description = description.map(TextSanitizer.clean)
    self.publicRepos = publicRepos
  }

}

extension Organization: JSONReadable {
  /// Reads `login`, `name`, `description` and `public_repos`; other fields are skipped.
  public init(json reader: inout JSONReader) throws(JSONReader.SyntaxError) {
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
