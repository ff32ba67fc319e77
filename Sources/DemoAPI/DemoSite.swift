import DemoOptions

/// Every owner's bodies (`DemoOwners.served`), found by login, former login or id.
struct DemoSite: Sendable {
  /// The owners' bodies, the main organization's first.
  let owners: [DemoBodies]

  /// Builds the bodies of every owner `options` serves, with URLs under `base`.
  init(options: DemoServer.Options, base: String) {
    owners = DemoOwners.served(mainLogin: options.login).map {
      DemoBodies(owner: $0, options: options, base: base)
    }
  }

  /// The main organization's bodies.
  var main: DemoBodies { owners[0] }

  /// The owner whose login is `login`, in any case.
  func owner(login: String) -> DemoBodies? {
    let login = login.lowercased()
    return owners.first { $0.owner.login.lowercased() == login }
  }

  /// The owner whose id is `id`.
  func owner(id: Int) -> DemoBodies? {
    owners.first { $0.owner.id == id }
  }

  /// The owner whose former login is `login`, in any case (`DemoOwners.renamed`).
  func owner(formerLogin login: String) -> DemoBodies? {
    let login = login.lowercased()
    guard let now = DemoOwners.renamed.first(where: { $0.key.lowercased() == login })?.value
    else { return nil }
    return owner(login: now)
  }
}

/// The owner a request's path names and what of it it asks for: `/orgs/NAME`,
/// `/users/NAME`, `/user/ID`, each alone (the profile) or followed by `/repos`.
struct DemoOwnerPath: Equatable, Sendable {
  /// The path's first segment.
  enum Prefix: String, Sendable {
    /// `/orgs/NAME`: organizations only.
    case orgs
    /// `/users/NAME`: organizations and users.
    case users
    /// `/user/ID`: any owner, by its id.
    case user
  }

  /// The first segment.
  let prefix: Prefix
  /// The login or id, as the request spells it.
  let key: String
  /// The profile or the repositories.
  let route: DemoRoute

  /// The request for `parts` (the path's segments), or `nil` when they name no owner route.
  init?(_ parts: [String]) {
    guard parts.count == 2 || (parts.count == 3 && parts[2] == "repos"),
      let prefix = Prefix(rawValue: parts[0])
    else { return nil }
    self.prefix = prefix
    key = parts[1].removingPercentEncoding ?? parts[1]
    route = parts.count == 2 ? .organization : .repositories
  }

  /// The owner it names in `site`, and whether it names it by a former login; `nil` when
  /// there is none.
  func resolve(in site: DemoSite) -> (bodies: DemoBodies, renamed: Bool)? {
    if prefix == .user {
      // Digits only, as GitHub's ids: no sign, no spaces.
      guard key.allSatisfy(\.isASCII), key.allSatisfy(\.isNumber), let id = Int(key) else {
        return nil
      }
      return site.owner(id: id).map { ($0, false) }
    }
    if let found = site.owner(login: key) { return (found, false) }
    return site.owner(formerLogin: key).map { ($0, true) }
  }

  /// The path of `owner`'s pages under this path's prefix, which their `Link` headers name:
  /// `/orgs/LOGIN/repos`, `/users/LOGIN/repos` or `/user/ID/repos`.
  func repositoriesPath(of owner: DemoOwner) -> String {
    "/\(prefix.rawValue)/\(prefix == .user ? String(owner.id) : owner.login)/repos"
  }
}
