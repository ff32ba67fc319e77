import DemoOptions
import JSONOutput

/// Writes a repository's JSON object with every field GitHub's list endpoint returns, keys in
/// sorted order: the same bytes `JSONValue.data()` gives for the object, without building it (a page of
/// 100 is about 540 KB, written when it is asked for).
struct DemoRepositoryWriter: Sendable {
  /// `{base}/repos/{owner}/`, escaped.
  private let repositoryURL: [UInt8]
  /// `{owner}/`, escaped.
  private let ownerPath: [UInt8]
  /// The `license` object.
  private let license: [UInt8]
  /// The `owner` object.
  private let owner: [UInt8]

  /// A writer for repositories of `owner` (its login in their URLs and full names, its
  /// `owner` object in each), with API URLs under `base`.
  init(owner: DemoOwner, base: String) {
    var repositoryURL: [UInt8] = []
    JSONValue.appendEscaped("\(base)/repos/\(owner.login)/", into: &repositoryURL)
    self.repositoryURL = repositoryURL
    var ownerPath: [UInt8] = []
    JSONValue.appendEscaped("\(owner.login)/", into: &ownerPath)
    self.ownerPath = ownerPath
    license = [UInt8](JSONValue(DemoFixtures.licenseJSON(base: base)).data())
    self.owner = [UInt8](JSONValue(DemoFixtures.ownerJSON(owner, base: base)).data())
  }

  /// Appends the object of `repository` to `out`; `single` adds the fields only the
  /// single-repository answer has (`network_count`, `subscribers_count`). The keys are written
  /// in sorted order, in three runs.
  func write(_ repository: DemoRepository, into out: inout [UInt8], single: Bool = false) {
    var path: [UInt8] = []
    JSONValue.appendEscaped(repository.path, into: &path)
    let fields = Fields(
      repository: repository, full: ownerPath + path, api: repositoryURL + path, single: single)
    writeArchiveToForks(fields, into: &out)
    writeFullNameToOwner(fields, into: &out)
    writePermissionsToEnd(fields, into: &out)
  }

  /// What every field of one repository is made from.
  private struct Fields {
    let repository: DemoRepository
    /// `{owner}/{name}`, escaped.
    let full: [UInt8]
    /// The repository's API URL, escaped.
    let api: [UInt8]
    /// Whether it is the single-repository answer.
    let single: Bool
    var index: Int { repository.index }
    var stars: Int { repository.stars }
  }

  private static let github = "https://github.com/"

  /// `allow_forking` to `forks_url`.
  private func writeArchiveToForks(_ fields: Fields, into out: inout [UInt8]) {
    let (api, full, index, stars, repository) = (
      fields.api, fields.full, fields.index, fields.stars, fields.repository
    )
    let github = Self.github
    out += #"{"allow_forking":true"#.utf8
    out.text("archive_url", api, "/{archive_format}{/ref}")
    out.raw("archived", "false")
    out.text("assignees_url", api, "/assignees{/user}")
    out.text("blobs_url", api, "/git/blobs{/sha}")
    out.text("branches_url", api, "/branches{/branch}")
    out.text("clone_url", full, ".git", before: github)
    out.text("collaborators_url", api, "/collaborators{/collaborator}")
    out.text("comments_url", api, "/comments{/number}")
    out.text("commits_url", api, "/commits{/sha}")
    out.text("compare_url", api, "/compare/{base}...{head}")
    out.text("contents_url", api, "/contents/{+path}")
    out.text("contributors_url", api, "/contributors")
    out.text("created_at", [], "2015-03-1\(index % 10)T10:00:00Z")
    out.text("default_branch", [], "main")
    out.text("deployments_url", api, "/deployments")
    out.string("description", repository.description)
    out.raw("disabled", "false")
    out.text("downloads_url", api, "/downloads")
    out.text("events_url", api, "/events")
    out.raw("fork", index % 9 == 4 ? "true" : "false")
    out.raw("forks", String(stars / 7))
    out.raw("forks_count", String(stars / 7))
    out.text("forks_url", api, "/forks")
  }

  /// `full_name` to `owner`.
  private func writeFullNameToOwner(_ fields: Fields, into out: inout [UInt8]) {
    let (api, full, index, stars, repository, single) = (
      fields.api, fields.full, fields.index, fields.stars, fields.repository, fields.single
    )
    let github = Self.github
    out.text("full_name", full, "")
    out.text("git_commits_url", api, "/git/commits{/sha}")
    out.text("git_refs_url", api, "/git/refs{/sha}")
    out.text("git_tags_url", api, "/git/tags{/sha}")
    out.text("git_url", full, ".git", before: "git://github.com/")
    out += #","has_discussions":false,"has_downloads":true,"has_issues":true"#.utf8
    out += #","has_pages":false,"has_projects":true,"has_wiki":false,"homepage":null"#.utf8
    out.text("hooks_url", api, "/hooks")
    out.text("html_url", full, "", before: github)
    out.raw("id", String(repository.id))
    out.raw("is_template", "false")
    out.text("issue_comment_url", api, "/issues/comments{/number}")
    out.text("issue_events_url", api, "/issues/events{/number}")
    out.text("issues_url", api, "/issues{/number}")
    out.text("keys_url", api, "/keys{/key_id}")
    out.text("labels_url", api, "/labels{/name}")
    out.string("language", repository.language)
    out.text("languages_url", api, "/languages")
    out.raw("license", license)
    out.text("merges_url", api, "/merges")
    out.text("milestones_url", api, "/milestones{/number}")
    out.raw("mirror_url", "null")
    out.string("name", repository.name)
    if single { out.raw("network_count", String(stars / 7 + 1)) }
    out.text("node_id", [], repository.nodeID)
    out.text("notifications_url", api, "/notifications{?since,all,participating}")
    out.raw("open_issues", String(index % 13))
    out.raw("open_issues_count", String(index % 13))
    out.raw("owner", owner)
  }

  /// `permissions` to `web_commit_signoff_required`.
  private func writePermissionsToEnd(_ fields: Fields, into out: inout [UInt8]) {
    let (api, full, index, stars, single) = (
      fields.api, fields.full, fields.index, fields.stars, fields.single
    )
    let github = Self.github
    out += #","permissions":{"admin":false,"maintain":false,"pull":true,"push":false"#.utf8
    out += #","triage":false},"private":false"#.utf8
    out.text("pulls_url", api, "/pulls{/number}")
    out.text("pushed_at", [], "2026-09-2\(index % 10)T08:30:00Z")
    out.text("releases_url", api, "/releases{/id}")
    out.raw("size", String(1_000 + index * 37))
    out.text("ssh_url", full, ".git", before: "git@github.com:")
    out.raw("stargazers_count", String(stars))
    out.text("stargazers_url", api, "/stargazers")
    out.text("statuses_url", api, "/statuses/{sha}")
    if single { out.raw("subscribers_count", String(stars / 20 + index % 5)) }
    out.text("subscribers_url", api, "/subscribers")
    out.text("subscription_url", api, "/subscription")
    out.text("svn_url", full, "", before: github)
    out.text("tags_url", api, "/tags")
    out.text("teams_url", api, "/teams")
    out.raw("topics", Self.topics[index % Self.topics.count])
    out.text("trees_url", api, "/git/trees{/sha}")
    out.text("updated_at", [], "2026-10-0\(index % 9 + 1)T12:00:00Z")
    out.text("url", api, "")
    out.text("visibility", [], "public")
    out.raw("watchers", String(stars))
    out.raw("watchers_count", String(stars))
    out += #","web_commit_signoff_required":false}"#.utf8
  }

  /// The `topics` arrays, by index modulo 4.
  private static let topics = [
    "[]", #"["ios"]"#, #"["ios","android"]"#, #"["ios","android","mobile"]"#,
  ]
}

extension [UInt8] {
  /// Appends `,"key":` and `value`, JSON text as it is.
  fileprivate mutating func raw(_ key: String, _ value: String) {
    raw(key, value.utf8)
  }

  /// Appends `,"key":` and `value`, JSON text as it is.
  fileprivate mutating func raw(_ key: String, _ value: some Collection<UInt8>) {
    self += #",""#.utf8
    self += key.utf8
    self += #"":"#.utf8
    self += value
  }

  /// Appends `,"key":"…"`: `before`, the escaped `middle` and `after`, where `before` and
  /// `after` are text that needs no escape.
  fileprivate mutating func text(
    _ key: String, _ middle: [UInt8], _ after: String, before: String = ""
  ) {
    raw(key, #"""#)
    self += before.utf8
    self += middle
    self += after.utf8
    append(UInt8(ascii: "\""))
  }

  /// Appends `,"key":` and `value` as a JSON string.
  fileprivate mutating func string(_ key: String, _ value: String) {
    raw(key, #"""#)
    JSONValue.appendEscaped(value, into: &self)
    append(UInt8(ascii: "\""))
  }
}
