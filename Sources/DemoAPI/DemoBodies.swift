import Foundation

/// The JSON bodies the built-in server answers with, built once when it starts.
struct DemoBodies {
  /// The organization.
  let organization: Data
  /// Each repository's object; pages are joined from them.
  let repositories: [Data]
  /// The organization with control characters in its text (`hostile-text`, `wide-text`).
  let hostileOrganization: Data
  /// The repositories with control characters and very long text (`hostile-text`), or with
  /// names of disputed width (`wide-text`).
  let hostileRepositories: [Data]

  /// Builds the bodies for `options`, with URLs under `base`.
  init(options: DemoServer.Options, base: String) {
    let repos = DemoFixtures.repositoryObjects(
      count: options.repositoryCount, owner: options.login, base: base)
    let organization = DemoFixtures.organizationJSON(
      login: options.login, repositoryCount: repos.count, base: base)
    self.organization = JSONText.data(organization)
    repositories = repos.map(JSONText.data)
    if options.failureMode == .hostileText {
      (hostileOrganization, hostileRepositories) = Self.hostile(repos, organization: organization)
    } else if options.failureMode == .wideText {
      hostileOrganization = self.organization
      hostileRepositories = repos.enumerated().map { index, repo in
        var repo = repo
        let names = DemoFailureReply.wideNames
        repo["name"] = names[index % names.count] + (index < names.count ? "" : "-\(index)")
        return JSONText.data(repo)
      }
    } else {
      (hostileOrganization, hostileRepositories) = (Data(), [])
    }
  }

  private static func hostile(_ repos: [[String: Any]], organization: [String: Any])
    -> (Data, [Data])
  {
    var organization = organization
    organization["name"] = DemoFailureReply.hostile("Red Mad Robot", index: 1)
    organization["description"] = DemoFailureReply.hostile("desc", index: 2)
    let repositories = repos.enumerated().map { index, repo -> Data in
      var repo = repo
      repo["name"] = DemoFailureReply.hostile((repo["name"] as? String) ?? "", index: index)
      repo["description"] = DemoFailureReply.hostile("about", index: index + 3)
      repo["language"] = DemoFailureReply.hostile("Swift", index: index + 5)
      return JSONText.data(repo)
    }
    return (JSONText.data(organization), repositories)
  }
}
