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

  /// The position in the list, from 0.
  let index: Int
  /// The name in its URLs and full name: the fixture's, with `-N` from the second round of
  /// fixtures on (`Apexy`, …, `Apexy-1`, …).
  let path: String
  /// The `name` field: `path`, or the text `Text` puts in its place.
  let name: String
  /// The `description` field.
  let description: String
  /// The `language` field.
  let language: String
  /// The `stargazers_count` field; forks and watchers follow from it.
  let stars: Int

  /// The repository at `index`, the fixtures repeated as often as it takes, with `text`.
  init(index: Int, text: Text = .plain) {
    let fixtures = DemoFixtures.repositories
    let fixture = fixtures[index % fixtures.count]
    self.index = index
    path = fixture.name + (index < fixtures.count ? "" : "-\(index / fixtures.count)")
    stars = fixture.stars
    switch text {
    case .plain:
      name = path
      description = fixture.description
      language = fixture.language
    case .hostile:
      name = DemoFailureReply.hostile(path, index: index)
      description = DemoFailureReply.hostile("about", index: index + 3)
      language = DemoFailureReply.hostile("Swift", index: index + 5)
    case .wide:
      let names = DemoFailureReply.wideNames
      name = names[index % names.count] + (index < names.count ? "" : "-\(index)")
      description = fixture.description
      language = fixture.language
    }
  }
}
