import DemoOptions
import Foundation

/// What an owner's profile says besides its login, id, kind and repository count.
struct DemoProfile: Sendable {
  /// The `name` field.
  let name: String
  /// An organization's `description`; `nil` for a user.
  var description: String?
  /// The `company` field.
  var company: String?
  /// The `blog` field.
  let blog: String
  /// The `location` field.
  var location: String?
  /// A user's `bio`; `nil` for an organization.
  var bio: String?
  /// The `followers` field.
  let followers: Int
  /// The `following` field.
  var following = 0
  /// The `created_at` field.
  let createdAt: String

  /// The `updated_at` field of every owner.
  static let updatedAt = "2026-10-02T09:41:11Z"

  /// The profile of `owner`, by its id (the main organization's under any login).
  static func of(_ owner: DemoOwner) -> DemoProfile {
    profiles[owner.id]
      ?? DemoProfile(
        name: owner.login, blog: "", followers: 0, createdAt: "2020-01-01T00:00:00Z")
  }

  private static let profiles: [Int: DemoProfile] = [
    DemoOwners.main.id: DemoProfile(
      name: "Red Mad Robot", description: "Mobile and web development studio",
      blog: "https://redmadrobot.com", location: "Moscow", followers: 412,
      createdAt: "2012-05-31T07:12:29Z"),
    2_001: DemoProfile(
      name: "Swift Tools", description: "Command line tools and libraries written in Swift",
      blog: "https://swift-tools.example", location: "Cupertino", followers: 128,
      createdAt: "2016-02-11T10:20:30Z"),
    2_002: DemoProfile(
      name: "Tiny Org", description: "A very small organization", blog: "", followers: 3,
      createdAt: "2021-07-04T08:00:00Z"),
    1_001: DemoProfile(
      name: "Alice Liddell", company: "@swift-tools", blog: "https://alice.example",
      location: "Oxford", bio: "Swift on the server, and terminals.", followers: 57,
      following: 12, createdAt: "2013-11-26T15:04:05Z"),
    1_002: DemoProfile(
      name: "Bob Builder", blog: "", location: "Bristol",
      bio: "Can we fix it? Formerly known as old-bob.", followers: 21, following: 40,
      createdAt: "2014-06-09T09:30:00Z"),
    1_003: DemoProfile(
      name: "Carol", blog: "", bio: "No public repositories yet.", followers: 1, following: 2,
      createdAt: "2024-01-15T12:00:00Z"),
  ]
}

extension DemoFixtures {
  /// The JSON object of `owner`, organization or user, shaped like GitHub's
  /// `GET /users/{username}`.
  public static func userJSON(_ owner: DemoOwner, repositoryCount: Int, base: String)
    -> [String: Any]
  {
    let profile = DemoProfile.of(owner)
    var object = ownerJSON(owner, base: base)
    let fields: [String: Any] = [
      "name": profile.name, "company": profile.company ?? NSNull(), "blog": profile.blog,
      "location": profile.location ?? NSNull(), "email": NSNull(), "hireable": NSNull(),
      "bio": profile.bio ?? NSNull(), "twitter_username": NSNull(),
      "public_repos": repositoryCount, "public_gists": 0, "followers": profile.followers,
      "following": profile.following, "created_at": profile.createdAt,
      "updated_at": DemoProfile.updatedAt,
    ]
    object.merge(fields) { _, new in new }
    return object
  }

  /// The name of the repository at `index` (from 0) of an owner other than the main
  /// organization: `{login}-repo-01`, `{login}-repo-02`, …
  public static func generatedRepositoryName(owner login: String, index: Int) -> String {
    let number = String(index + 1)
    return "\(login)-repo-" + String(repeating: "0", count: max(0, 2 - number.count)) + number
  }

  /// GitHub's legacy `node_id` of an account: base64 of `0{length}:{type}{id}`.
  static func nodeID(_ owner: DemoOwner) -> String {
    let type = owner.kind.rawValue
    return Data("0\(type.count):\(type)\(owner.id)".utf8).base64EncodedString()
  }

  /// The avatar address of an account, by its id.
  static func avatarURL(_ owner: DemoOwner) -> String {
    "https://avatars.githubusercontent.com/u/\(owner.id)?v=4"
  }
}
