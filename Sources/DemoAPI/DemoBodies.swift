import Foundation
import JSONOutput

/// The JSON bodies the built-in server answers with. The organization is encoded once when
/// the server starts; a page of repositories is written when it is asked for, from the
/// repositories' indices, so memory does not grow with `--repos` (10,000 repositories encoded
/// ahead would hold 54 MB).
struct DemoBodies: Sendable {
  /// The organization.
  let organization: Data
  /// The organization with control characters in its text (`hostile-text`, `wide-text`).
  let hostileOrganization: Data
  /// How many repositories there are.
  let repositoryCount: Int
  /// The text that failing rounds of `hostile-text` or `wide-text` put in the repositories.
  private let alteredText: DemoRepository.Text
  private let writer: DemoRepositoryWriter

  /// Builds the bodies for `options`, with URLs under `base`.
  init(options: DemoServer.Options, base: String) {
    repositoryCount = options.repositoryCount ?? DemoFixtures.repositories.count
    writer = DemoRepositoryWriter(owner: options.login, base: base)
    let organization = DemoFixtures.organizationJSON(
      login: options.login, repositoryCount: repositoryCount, base: base)
    self.organization = JSONValue(organization).data()
    switch options.failureMode {
    case .hostileText:
      var hostile = organization
      hostile["name"] = DemoFailureReply.hostile("Red Mad Robot", index: 1)
      hostile["description"] = DemoFailureReply.hostile("desc", index: 2)
      hostileOrganization = JSONValue(hostile).data()
      alteredText = .hostile
    case .wideText:
      hostileOrganization = self.organization
      alteredText = .wide
    default:
      hostileOrganization = Data()
      alteredText = .plain
    }
  }

  /// The JSON object of the repository whose URLs name it `path`, as the single-repository
  /// endpoint answers (with `network_count` and `subscribers_count`); `nil` when there is none.
  func repository(named path: String) -> Data? {
    let fixtures = DemoFixtures.repositories
    // Only the fixtures whose name starts the path can be it: a few rounds of each to check.
    for first in fixtures.indices where path.hasPrefix(fixtures[first].name) {
      for index in stride(from: first, to: repositoryCount, by: fixtures.count) {
        let repository = DemoRepository(index: index)
        guard repository.path == path else { continue }
        var bytes: [UInt8] = []
        writer.write(repository, into: &bytes, single: true)
        return Data(bytes)
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
      writer.write(DemoRepository(index: index, text: text), into: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
    return Data(bytes)
  }
}
