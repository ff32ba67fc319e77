import DemoOptions
import Foundation

/// The owners and repositories the built-in server serves.
public enum DemoFixtures {
  /// The organization login served by default.
  public static let login = DemoServerOptions.defaultLogin

  /// The main organization's JSON object under `login`, shaped like GitHub's `GET /orgs/{org}`.
  public static func organizationJSON(login: String, repositoryCount: Int, base: String) -> [String:
    Any]
  {
    var owner = DemoOwners.main
    owner.login = login
    return organizationJSON(owner, repositoryCount: repositoryCount, base: base)
  }

  /// The JSON object of the organization `owner`, shaped like GitHub's `GET /orgs/{org}`.
  public static func organizationJSON(_ owner: DemoOwner, repositoryCount: Int, base: String)
    -> [String: Any]
  {
    let (login, profile) = (owner.login, DemoProfile.of(owner))
    return [
      "login": login, "id": owner.id, "node_id": nodeID(owner),
      "url": "\(base)/orgs/\(login)", "repos_url": "\(base)/orgs/\(login)/repos",
      "events_url": "\(base)/orgs/\(login)/events", "hooks_url": "\(base)/orgs/\(login)/hooks",
      "issues_url": "\(base)/orgs/\(login)/issues",
      "members_url": "\(base)/orgs/\(login)/members{/member}",
      "public_members_url": "\(base)/orgs/\(login)/public_members{/member}",
      "avatar_url": avatarURL(owner), "description": profile.description ?? NSNull(),
      "name": profile.name, "company": profile.company ?? NSNull(), "blog": profile.blog,
      "location": profile.location ?? NSNull(), "email": NSNull(),
      "twitter_username": NSNull(), "is_verified": false, "has_organization_projects": true,
      "has_repository_projects": true, "public_repos": repositoryCount, "public_gists": 0,
      "followers": profile.followers, "following": profile.following,
      "html_url": "https://github.com/\(login)", "created_at": profile.createdAt,
      "updated_at": DemoProfile.updatedAt, "type": owner.kind.rawValue,
    ]
  }

  /// Repository names, descriptions and languages of the default organization.
  public static let repositories:
    [(name: String, description: String, language: String, stars: Int)] = [
      ("Apexy", "The library for organizing a network layer in a project", "Swift", 207),
      ("input-mask-ios", "User input masking library repo", "Swift", 598),
      ("input-mask-android", "User input masking library repo", "Kotlin", 1232),
      ("PSCodeScanner", "QR and barcode scanner for iOS", "Swift", 24),
      (
        "gradle-infrastructure", "Small plugins to reduce boilerplate in Gradle scripts", "Kotlin",
        112
      ),
      ("android-ktx", "Missing Android KTX extensions", "Kotlin", 101),
      ("flipper-network-plugin", "Network inspector for Flipper", "Kotlin", 18),
      ("TouchInstinct", "Reusable iOS components", "Swift", 41),
      ("ios-interview", "Questions for iOS developer interviews", "Markdown", 356),
      ("android-interview", "Questions for Android developer interviews", "Markdown", 210),
      ("redmadrobot-uikit", "UIKit building blocks we use every day", "Swift", 33),
      ("KeyboardKit-RMR", "Keyboard handling for forms", "Swift", 12),
      ("itemsadapter", "Simple adapter for RecyclerView", "Kotlin", 57),
      ("mapmemory", "Simple in-memory storage for Android", "Kotlin", 79),
      ("gitlab-ci-templates", "Reusable GitLab CI configurations", "Shell", 9),
      ("detekt-config", "Shared detekt rules", "Kotlin", 14),
      ("SwiftLintConfig", "Shared SwiftLint configuration", "Swift", 11),
      ("build-kit", "Build scripts for mobile CI", "Ruby", 7),
      ("fastlane-plugins", "Fastlane actions for release trains", "Ruby", 16),
      ("design-tokens", "Figma tokens to code", "TypeScript", 45),
      ("web-starter", "Next.js starter for client projects", "TypeScript", 22),
      ("figma-export", "Export colors, typography and icons from Figma", "Swift", 588),
      ("ecdh-kit", "Key agreement helpers", "Swift", 5),
      ("LocalizationKit", "Type-safe localized strings", "Swift", 19),
      ("ViewStateCoordinator", "Screen state machine for UIKit", "Swift", 8),
      ("android-security", "Security checklist and helpers", "Kotlin", 64),
      ("compose-showcase", "Jetpack Compose component gallery", "Kotlin", 27),
      ("scrum-poker", "Planning poker bot", "Go", 6),
      ("infra-terraform", "Terraform modules", "HCL", 4),
      ("python-tools", "Scripts our QA team uses", "Python", 3),
      ("openapi-generators", "Templates for OpenAPI client generation", "Mustache", 13),
      ("adr", "Architecture decision records", "Markdown", 10),
      ("ApexyLoader", "Observable in-memory loaders built on Apexy", "Swift", 38),
      ("kotlin-style-guide", "Kotlin style guide", "Markdown", 71),
      ("swift-style-guide", "Swift style guide", "Markdown", 66),
      ("robot-gpt", "Internal assistant experiments", "Python", 2),
    ]

  /// The `owner` object of the main organization's repositories under `login`, shaped like
  /// GitHub's.
  public static func ownerJSON(login: String, base: String) -> [String: Any] {
    var owner = DemoOwners.main
    owner.login = login
    return ownerJSON(owner, base: base)
  }

  /// The `owner` object of the repositories of `owner`, shaped like GitHub's: the fields every
  /// account has, which its `GET /users/{username}` answer starts from.
  public static func ownerJSON(_ owner: DemoOwner, base: String) -> [String: Any] {
    let login = owner.login
    return [
      "login": login, "id": owner.id, "node_id": nodeID(owner),
      "avatar_url": avatarURL(owner), "gravatar_id": "",
      "url": "\(base)/users/\(login)", "html_url": "https://github.com/\(login)",
      "followers_url": "\(base)/users/\(login)/followers",
      "following_url": "\(base)/users/\(login)/following{/other_user}",
      "gists_url": "\(base)/users/\(login)/gists{/gist_id}",
      "starred_url": "\(base)/users/\(login)/starred{/owner}{/repo}",
      "subscriptions_url": "\(base)/users/\(login)/subscriptions",
      "organizations_url": "\(base)/users/\(login)/orgs",
      "repos_url": "\(base)/users/\(login)/repos",
      "events_url": "\(base)/users/\(login)/events{/privacy}",
      "received_events_url": "\(base)/users/\(login)/received_events",
      "type": owner.kind.rawValue, "site_admin": false,
    ]
  }

  /// The `license` object of every repository.
  public static func licenseJSON(base: String) -> [String: Any] {
    [
      "key": "mit", "name": "MIT License", "spdx_id": "MIT", "url": "\(base)/licenses/mit",
      "node_id": "MDc6TGljZW5zZTEz",
    ]
  }
}
