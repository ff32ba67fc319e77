import DemoOptions
import Foundation

/// The organization and repositories the built-in server serves.
public enum DemoFixtures {
  /// The organization login served by default.
  public static let login = DemoServerOptions.defaultLogin

  /// The organization's JSON object, shaped like GitHub's `GET /orgs/{org}`.
  public static func organizationJSON(login: String, repositoryCount: Int, base: String) -> [String:
    Any]
  {
    [
      "login": login, "id": 1_791_236, "node_id": "MDEyOk9yZ2FuaXphdGlvbjE3OTEyMzY=",
      "url": "\(base)/orgs/\(login)", "repos_url": "\(base)/orgs/\(login)/repos",
      "events_url": "\(base)/orgs/\(login)/events", "hooks_url": "\(base)/orgs/\(login)/hooks",
      "issues_url": "\(base)/orgs/\(login)/issues",
      "members_url": "\(base)/orgs/\(login)/members{/member}",
      "public_members_url": "\(base)/orgs/\(login)/public_members{/member}",
      "avatar_url": "https://avatars.githubusercontent.com/u/1791236?v=4",
      "description": "Mobile and web development studio", "name": "Red Mad Robot",
      "company": NSNull(), "blog": "https://redmadrobot.com", "location": "Moscow",
      "email": NSNull(), "twitter_username": NSNull(), "is_verified": false,
      "has_organization_projects": true, "has_repository_projects": true,
      "public_repos": repositoryCount, "public_gists": 0, "followers": 412, "following": 0,
      "html_url": "https://github.com/\(login)", "created_at": "2012-05-31T07:12:29Z",
      "updated_at": "2026-10-02T09:41:11Z", "type": "Organization",
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

  /// The `owner` object of every repository, shaped like GitHub's.
  public static func ownerJSON(login: String, base: String) -> [String: Any] {
    [
      "login": login, "id": 1_791_236, "node_id": "MDEyOk9yZ2FuaXphdGlvbjE3OTEyMzY=",
      "avatar_url": "https://avatars.githubusercontent.com/u/1791236?v=4", "gravatar_id": "",
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
      "type": "Organization", "site_admin": false,
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
