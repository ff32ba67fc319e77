import Foundation

/// The organization and repositories the built-in server serves.
public enum DemoFixtures {
  /// The organization login served by default.
  public static let login = "RedMadRobot"

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

  /// A repository JSON object with every field GitHub's list endpoint returns.
  public static func repositoryJSON(
    index: Int, name: String, description: String?, language: String?, stars: Int,
    owner: String, base: String
  ) -> [String: Any] {
    let full = "\(owner)/\(name)"
    let api = "\(base)/repos/\(full)"
    var object: [String: Any] = [
      "id": 10_000_000 + index, "node_id": "MDEwOlJlcG9zaXRvcnkx\(index)", "name": name,
      "full_name": full, "private": false, "html_url": "https://github.com/\(full)",
      "description": description ?? NSNull(), "fork": index % 9 == 4, "url": api,
      "homepage": NSNull(), "size": 1_000 + index * 37, "stargazers_count": stars,
      "watchers_count": stars, "language": language ?? NSNull(), "has_issues": true,
      "has_projects": true, "has_downloads": true, "has_wiki": false, "has_pages": false,
      "has_discussions": false, "forks_count": stars / 7, "mirror_url": NSNull(),
      "archived": false, "disabled": false, "open_issues_count": index % 13,
      "license": [
        "key": "mit", "name": "MIT License", "spdx_id": "MIT",
        "url": "\(base)/licenses/mit", "node_id": "MDc6TGljZW5zZTEz",
      ],
      "allow_forking": true, "is_template": false, "web_commit_signoff_required": false,
      "topics": ["ios", "android", "mobile"].prefix(index % 4).map { $0 },
      "visibility": "public", "forks": stars / 7, "open_issues": index % 13,
      "watchers": stars, "default_branch": "main",
      "permissions": [
        "admin": false, "maintain": false, "push": false, "triage": false, "pull": true,
      ],
      "created_at": "2015-03-1\(index % 10)T10:00:00Z",
      "updated_at": "2026-10-0\(index % 9 + 1)T12:00:00Z",
      "pushed_at": "2026-09-2\(index % 10)T08:30:00Z",
      "git_url": "git://github.com/\(full).git", "ssh_url": "git@github.com:\(full).git",
      "clone_url": "https://github.com/\(full).git", "svn_url": "https://github.com/\(full)",
      "owner": [
        "login": owner, "id": 1_791_236, "node_id": "MDEyOk9yZ2FuaXphdGlvbjE3OTEyMzY=",
        "avatar_url": "https://avatars.githubusercontent.com/u/1791236?v=4", "gravatar_id": "",
        "url": "\(base)/users/\(owner)", "html_url": "https://github.com/\(owner)",
        "followers_url": "\(base)/users/\(owner)/followers",
        "following_url": "\(base)/users/\(owner)/following{/other_user}",
        "gists_url": "\(base)/users/\(owner)/gists{/gist_id}",
        "starred_url": "\(base)/users/\(owner)/starred{/owner}{/repo}",
        "subscriptions_url": "\(base)/users/\(owner)/subscriptions",
        "organizations_url": "\(base)/users/\(owner)/orgs",
        "repos_url": "\(base)/users/\(owner)/repos",
        "events_url": "\(base)/users/\(owner)/events{/privacy}",
        "received_events_url": "\(base)/users/\(owner)/received_events",
        "type": "Organization", "site_admin": false,
      ],
    ]
    let templates = [
      "forks": "/forks", "keys": "/keys{/key_id}", "collaborators": "/collaborators{/collaborator}",
      "teams": "/teams", "hooks": "/hooks", "issue_events": "/issues/events{/number}",
      "events": "/events", "assignees": "/assignees{/user}", "branches": "/branches{/branch}",
      "tags": "/tags", "blobs": "/git/blobs{/sha}", "git_tags": "/git/tags{/sha}",
      "git_refs": "/git/refs{/sha}", "trees": "/git/trees{/sha}", "statuses": "/statuses/{sha}",
      "languages": "/languages", "stargazers": "/stargazers", "contributors": "/contributors",
      "subscribers": "/subscribers", "subscription": "/subscription",
      "commits": "/commits{/sha}", "git_commits": "/git/commits{/sha}",
      "comments": "/comments{/number}", "issue_comment": "/issues/comments{/number}",
      "contents": "/contents/{+path}", "compare": "/compare/{base}...{head}",
      "merges": "/merges", "archive": "/{archive_format}{/ref}", "downloads": "/downloads",
      "issues": "/issues{/number}", "pulls": "/pulls{/number}",
      "milestones": "/milestones{/number}",
      "notifications": "/notifications{?since,all,participating}",
      "labels": "/labels{/name}", "releases": "/releases{/id}", "deployments": "/deployments",
    ]
    for (key, suffix) in templates { object["\(key)_url"] = api + suffix }
    return object
  }

  /// The repository list: the fixtures, or `count` generated ones for large-scale runs.
  public static func repositoryObjects(count: Int?, owner: String, base: String) -> [[String: Any]]
  {
    let total = count ?? repositories.count
    return (0..<total).map { index in
      let fixture = repositories[index % repositories.count]
      let suffix = index < repositories.count ? "" : "-\(index / repositories.count)"
      return repositoryJSON(
        index: index, name: fixture.name + suffix, description: fixture.description,
        language: fixture.language, stars: fixture.stars, owner: owner, base: base)
    }
  }
}
