import DemoOptions
import Foundation

/// One repository the built-in server serves, as the few values that differ from one
/// repository to the next. Nothing is stored per repository: each is made from its index when a
/// page is written, and the rest of its JSON follows from these values (`DemoRepositoryWriter`).
struct DemoRepository: Equatable, Sendable {
  /// Which text the repositories are served with.
  enum Text: Sendable {
    /// The fixtures' names, descriptions and languages.
    case plain
    /// Control characters, bidi overrides and very long text in every name (`hostile-text`).
    case hostile
    /// Names whose width terminals disagree on (`wide-text`).
    case wide
  }

  /// The position in its owner's list, from 0.
  let index: Int
  /// The `id` field: `10_000_000 + index` for the main organization's, and
  /// `owner id × 100,000 + index + 1` for another owner's, so that no two share one.
  let id: Int
  /// The `node_id` field.
  let nodeID: String
  /// The name in its URLs and full name: the fixture's, with `-N` from the second round of
  /// fixtures on (`Apexy`, …, `Apexy-1`, …); another owner's `{login}-repo-NN`.
  let path: String
  /// The `name` field: `path`, or the text `Text` puts in its place.
  let name: String
  /// The `description` field.
  let description: String
  /// The `language` field.
  let language: String
  /// The `stargazers_count` field; forks and watchers follow from it.
  let stars: Int

  /// The main organization's repository at `index`, the fixtures repeated as often as it
  /// takes, with `text`.
  init(index: Int, text: Text = .plain) {
    let fixtures = DemoFixtures.repositories
    let fixture = fixtures[index % fixtures.count]
    self.init(
      index: index, id: 10_000_000 + index, nodeID: "MDEwOlJlcG9zaXRvcnkx\(index)",
      path: fixture.name + (index < fixtures.count ? "" : "-\(index / fixtures.count)"),
      description: fixture.description, text: text)
  }

  /// The repository at `index` of `owner`, an owner other than the main organization:
  /// `{login}-repo-NN`, its language and stars taken from the fixture at `index`.
  init(index: Int, generatedFor owner: DemoOwner, text: Text = .plain) {
    let id = owner.id * 100_000 + index + 1
    self.init(
      index: index, id: id,
      nodeID: Data("010:Repository\(id)".utf8).base64EncodedString(),
      path: DemoFixtures.generatedRepositoryName(owner: owner.login, index: index),
      description: "Generated repository \(index + 1) of \(owner.login)", text: text)
  }

  private init(
    index: Int, id: Int, nodeID: String, path: String, description: String, text: Text
  ) {
    let fixtures = DemoFixtures.repositories
    let fixture = fixtures[index % fixtures.count]
    self.index = index
    self.id = id
    self.nodeID = nodeID
    self.path = path
    stars = fixture.stars
    switch text {
    case .plain:
      name = path
      self.description = description
      language = fixture.language
    case .hostile:
      name = DemoFailureReply.hostile(path, index: index)
      self.description = DemoFailureReply.hostile("about", index: index + 3)
      language = DemoFailureReply.hostile("Swift", index: index + 5)
    case .wide:
      let names = DemoFailureReply.wideNames
      name = names[index % names.count] + (index < names.count ? "" : "-\(index)")
      self.description = description
      language = fixture.language
    }
  }
}
