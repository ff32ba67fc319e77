import Foundation
import JSONOutput

@testable import DemoAPI

/// The built-in server's repository objects as it built them before pages were written on
/// demand: dictionaries encoded with `JSONValue.data()`. The server's bytes must stay exactly these.
enum ReferenceFixtures {
  /// A repository JSON object with every field GitHub's list endpoint returns.
  static func repositoryJSON(
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
      "owner": ownerJSON(owner, base: base),
    ]
    for (key, suffix) in urlTemplates { object["\(key)_url"] = api + suffix }
    return object
  }

  /// The organization's JSON object, as `GET /orgs/{org}` answered before other owners were
  /// served.
  static func organizationJSON(login: String, repositoryCount: Int, base: String) -> [String: Any] {
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

  /// The owner object inside a repository: an organization's, as GitHub sends it.
  private static func ownerJSON(_ owner: String, base: String) -> [String: Any] {
    [
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
    ]
  }

  /// The `*_url` fields of a repository, as suffixes of its API address.
  private static let urlTemplates: [String: String] = [
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

  /// The JSON text of the repository at `index`, with `hostile-text` or `wide-text` names.
  static func repository(
    at index: Int, text: DemoRepository.Text = .plain, owner: String, base: String
  ) -> Data {
    let fixtures = DemoFixtures.repositories
    let fixture = fixtures[index % fixtures.count]
    let suffix = index < fixtures.count ? "" : "-\(index / fixtures.count)"
    var repo = repositoryJSON(
      index: index, name: fixture.name + suffix, description: fixture.description,
      language: fixture.language, stars: fixture.stars, owner: owner, base: base)
    switch text {
    case .plain:
      break
    case .hostile:
      repo["name"] = DemoFailureReply.hostile((repo["name"] as? String) ?? "", index: index)
      repo["description"] = DemoFailureReply.hostile("about", index: index + 3)
      repo["language"] = DemoFailureReply.hostile("Swift", index: index + 5)
    case .wide:
      let names = DemoFailureReply.wideNames
      repo["name"] = names[index % names.count] + (index < names.count ? "" : "-\(index)")
    }
    return JSONValue(repo).data()
  }
}
