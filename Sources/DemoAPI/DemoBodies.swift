import DemoOptions
import Foundation
import JSONOutput

/// The JSON bodies the built-in server answers with for one owner. Its profile is encoded once
/// when the server starts; a page of repositories is written when it is asked for, from the
/// repositories' indices, so memory does not grow with `--repos` (10,000 repositories encoded
/// ahead would hold 54 MB).
struct DemoBodies: Sendable {
  /// The owner, under the login its JSON spells.
  let owner: DemoOwner
  /// The `GET /orgs/{org}` answer; empty for a user.
  let organization: Data
  /// The organization with control characters in its text (`hostile-text`, `wide-text`).
  let hostileOrganization: Data
  /// The `GET /users/{username}` answer, for an organization as for a user.
  let user: Data
  /// The user answer with control characters in its text (`hostile-text`, `wide-text`).
  let hostileUser: Data
  /// How many repositories there are.
  let repositoryCount: Int
  /// The text that failing rounds of `hostile-text` or `wide-text` put in the repositories.
  private let alteredText: DemoRepository.Text
  private let writer: DemoRepositoryWriter

  /// Builds the main organization's bodies for `options`, with URLs under `base`.
  init(options: DemoServer.Options, base: String) {
    var main = DemoOwners.main
    main.login = options.login
    self.init(owner: main, options: options, base: base)
  }

  /// Builds the bodies of `owner` for `options`, with URLs under `base`: the main
  /// organization's repositories are the options' (`repositoryCount: nil`), another owner's
  /// its own generated ones.
  init(owner: DemoOwner, options: DemoServer.Options, base: String) {
    self.owner = owner
    repositoryCount =
      owner.repositoryCount ?? options.repositoryCount ?? DemoFixtures.repositories.count
    writer = DemoRepositoryWriter(owner: owner, base: base)
    let profiles = Self.profiles(
      owner, repositoryCount: repositoryCount, base: base, mode: options.failureMode)
    (organization, hostileOrganization) = profiles.organization
    (user, hostileUser) = profiles.user
    switch options.failureMode {
    case .hostileText: alteredText = .hostile
    case .wideText: alteredText = .wide
    default: alteredText = .plain
    }
  }

  /// The organization and user answers of `owner`, each plain and as a failing round of
  /// `mode` alters it (empty when `mode` alters no text; the organization's empty for a user).
  private static func profiles(
    _ owner: DemoOwner, repositoryCount: Int, base: String, mode: DemoFailureMode
  ) -> (organization: (Data, Data), user: (Data, Data)) {
    let profile = DemoProfile.of(owner)
    func encoded(_ object: [String: Any], alteredKey: String) -> (Data, Data) {
      let plain = JSONValue(object).data()
      switch mode {
      case .hostileText:
        var hostile = object
        hostile["name"] = DemoFailureReply.hostile(profile.name, index: 1)
        hostile[alteredKey] = DemoFailureReply.hostile(
          alteredKey == "bio" ? "bio" : "desc", index: 2)
        return (plain, JSONValue(hostile).data())
      case .wideText:
        // The owner's name as wide as the repositories': terminals disagree on its width too.
        var wide = object
        wide["name"] = profile.name + " " + DemoFailureReply.wideNames[0]
        return (plain, JSONValue(wide).data())
      default: return (plain, Data())
      }
    }
    let user = encoded(
      DemoFixtures.userJSON(owner, repositoryCount: repositoryCount, base: base),
      alteredKey: "bio")
    guard owner.kind == .organization else { return ((Data(), Data()), user) }
    let organization = encoded(
      DemoFixtures.organizationJSON(owner, repositoryCount: repositoryCount, base: base),
      alteredKey: "description")
    return (organization, user)
  }

  /// The repository at `index`: the fixtures' for the main organization, generated for another.
  private func repository(at index: Int, text: DemoRepository.Text = .plain) -> DemoRepository {
    owner.repositoryCount == nil
      ? DemoRepository(index: index, text: text)
      : DemoRepository(index: index, generatedFor: owner, text: text)
  }

  /// The JSON object of the repository whose URLs name it `path`, as the single-repository
  /// endpoint answers (with `network_count` and `subscribers_count`); `nil` when there is none.
  func repository(named path: String) -> Data? {
    let found: DemoRepository?
    if owner.repositoryCount != nil {
      // A few dozen at most: each one is checked.
      found = (0..<repositoryCount).lazy.map { repository(at: $0) }.first { $0.path == path }
    } else {
      found = mainRepository(named: path)
    }
    guard let found else { return nil }
    var bytes: [UInt8] = []
    writer.write(found, into: &bytes, single: true)
    return Data(bytes)
  }

  /// The main organization's repository whose URLs name it `path`.
  private func mainRepository(named path: String) -> DemoRepository? {
    let fixtures = DemoFixtures.repositories
    // Only the fixtures whose name starts the path can be it: a few rounds of each to check.
    for first in fixtures.indices where path.hasPrefix(fixtures[first].name) {
      for index in stride(from: first, to: repositoryCount, by: fixtures.count) {
        let repository = DemoRepository(index: index)
        if repository.path == path { return repository }
      }
    }
    return nil
  }

  /// The JSON array of the repositories in `range` (clamped to those there are), with the
  /// text of `hostile-text` or `wide-text` when `altered`.
  func repositories(_ range: Range<Int>, altered: Bool) -> Data {
    let range = range.clamped(to: 0..<repositoryCount)
    let text = altered ? alteredText : .plain
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    // A repository's object is about 5.4 KB with these URLs; reserving avoids regrowing.
    bytes.reserveCapacity(range.count * 6_000 + 2)
    for index in range {
      if index > range.lowerBound { bytes.append(UInt8(ascii: ",")) }
      writer.write(repository(at: index, text: text), into: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
    return Data(bytes)
  }
}
