import ApexyLoader
import Foundation
import XCTest

@testable import GitHubAPI

/// `Repository.fields` drives every codec: for each declared field, a repository with that
/// field changed reads alike through the pages' one-pass reader and `JSONDecoder`, survives the
/// cache's write and both of its readers when the field is kept, and is not `==` to the one
/// without the change. The fixtures are made from the table: a new field of a type below needs
/// no new fixture.
final class RepositoryFieldTableTests: XCTestCase {
  private let sanitizer = TextSanitizer(secrets: ["hunter2-secret"])

  /// Two JSON values of each field type, the first the base fixture's.
  private static let samples: [String: (String, String)] = [
    "String": (#""a""#, #""b""#), "String?": (#""a""#, #""b \u0001""#), "Int": ("1", "2"),
    "Int?": ("1", "2"), "Bool": ("false", "true"), "[String]": ("[]", #"["x"]"#),
    "License?": (#"{"spdx_id":"MIT"}"#, #"{"spdx_id":"NOASSERTION","name":"Other"}"#),
    "Date?": (#""2026-09-21T08:30:00Z""#, #""2026-09-22T08:30:00Z""#),
    "Address": (#""https://github.com/o/a""#, #""https://example.com/b""#),
  ]

  /// A GitHub object with every field GitHub sends at its first sample, `changed` at its second.
  private func object(changing changed: Int?) throws -> Data {
    var members: [String] = []
    for (row, field) in Repository.fields.enumerated() {
      guard let side = field.gitHub else { continue }
      let pair = try XCTUnwrap(Self.samples[side.type], "add samples of \(side.type)")
      members.append("\"\(side.key)\":\(row == changed ? pair.1 : pair.0)")
    }
    return Data("[{\(members.joined(separator: ","))}]".utf8)
  }

  /// The repository of a one-element page, read by the one-pass reader and by `JSONDecoder`,
  /// which must agree to the scalar.
  private func read(_ body: Data, _ message: String) throws -> Repository {
    let fast = try XCTUnwrap(RepositoryListReader.read(body, sanitizer: sanitizer), message)
    let slow = try GitHubJSON.decodeElements(Repository.self, from: body, sanitizer: sanitizer)
    XCTAssertEqual(fast, slow, message)
    XCTAssertEqual(Self.exactly(fast), Self.exactly(slow), message)
    return try XCTUnwrap(fast.first)
  }

  /// The cache entry of `repository`, read back by the one-pass reader and `JSONDecoder`,
  /// which must agree, and by the codec.
  private func stored(_ data: Data, _ message: String) throws -> Repository {
    let fast = try XCTUnwrap(StoredPagesReader.read(data, sanitizer: sanitizer), message)
    let decoder = JSONDecoder()
    decoder.userInfo[.textSanitizer] = sanitizer
    let slow = try decoder.decode(StoredPages.self, from: data)
    let (one, other) = (fast.p[0].r[0].repository, slow.p[0].r[0].repository)
    XCTAssertEqual(one, other, message)
    XCTAssertEqual(Self.exactly(one), Self.exactly(other), message)
    XCTAssertEqual(try codec.decode(data).first, one, message)
    return one
  }

  private var codec: LoaderCacheCodec<RepositoryList> {
    GitHubCacheCodecs.repositories(sanitizer: sanitizer)
  }

  private func roundTrip(_ repository: Repository, _ message: String) throws -> Repository {
    try stored(try codec.encode([repository]), message)
  }

  private static func exactly(_ value: Any) -> [Unicode.Scalar] {
    var text = ""
    dump(value, to: &text)
    return Array(text.unicodeScalars)
  }

  /// The stored properties whose values differ.
  private static func differences(_ a: Repository, _ b: Repository) -> Set<String> {
    let pairs = zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children)
    return Set(pairs.filter { exactly($0.value) != exactly($1.value) }.compactMap(\.0.label))
  }

  func testEveryFieldChangedReadsAlikeIsCachedAsDeclaredAndChangesEquality() throws {
    let base = try read(try object(changing: nil), "base")
    let storedBase = try roundTrip(base, "base")
    for field in Repository.fields {
      let kept = field.cache != nil
      XCTAssertEqual(field.same(storedBase, base), kept, "kept in the cache: \(kept)")
    }
    var touched: Set<String> = []
    for (row, field) in Repository.fields.enumerated() {
      let changed: Repository
      let name: String
      if let side = field.gitHub {
        name = side.key.description
        changed = try read(try object(changing: row), name)
      } else {
        // A field only the cache has: changed in the cache entry.
        let side = try XCTUnwrap(field.cache)
        name = side.key.description
        let pair = try XCTUnwrap(Self.samples[side.type], "add samples of \(side.type)")
        var entry =
          try JSONSerialization.jsonObject(with: try codec.encode([base])) as! [String: Any]
        var pages = entry["p"] as! [[String: Any]]
        var objects = pages[0]["r"] as! [[String: Any]]
        objects[0][name] = try JSONSerialization.jsonObject(
          with: Data(pair.1.utf8), options: .fragmentsAllowed)
        pages[0]["r"] = objects
        entry["p"] = pages
        changed = try stored(try JSONSerialization.data(withJSONObject: entry), name)
      }
      XCTAssertNotEqual(changed, base, "\(name) changes ==")
      XCTAssertFalse(field.same(changed, base), name)
      if field.gitHub != nil {
        // Only this field changed (and the raw name with the name, which it is made from).
        let others = Repository.fields.filter { $0 !== field && $0.gitHub != nil }
        XCTAssertTrue(others.allSatisfy { $0.same(changed, base) }, "\(name) alone changed")
      }
      touched.formUnion(Self.differences(changed, base))
      let storedChanged = try roundTrip(changed, name)
      if field.cache != nil {
        XCTAssertTrue(field.same(storedChanged, changed), "\(name) is kept in the cache")
        XCTAssertNotEqual(storedChanged, storedBase, name)
      } else {
        XCTAssertEqual(storedChanged, storedBase, "\(name) is not kept in the cache")
      }
    }
    // Every stored property of `Repository` is some field's: one without a row in the table
    // would be read by no codec and compared by no `==`.
    let all = Set(Mirror(reflecting: base).children.compactMap(\.label))
    XCTAssertEqual(all.subtracting(touched), [], "stored properties no field of the table sets")
  }

  /// `==` is synthesized from the stored properties: one address has one form, whether it was
  /// read, set as a URL or made from the full name, as the table's `same` compares them.
  func testEqualityIsTheTablesWhereverAnAddressComesFrom() {
    let page = "https://github.com/o/x"
    let read = Repository(name: "x", details: RepositoryDetails(fullName: "o/x", htmlURL: page))
    var set = Repository(name: "x", details: RepositoryDetails(fullName: "o/x"))
    set.htmlURL = URL(string: page)
    var renamed = Repository(name: "x", details: RepositoryDetails(fullName: "o/y", htmlURL: page))
    renamed.fullName = "o/x"
    var elsewhere = read
    elsewhere.htmlURL = URL(string: "https://ghe.example/o/x")
    let all = [read, set, renamed, elsewhere]
    for (i, one) in all.enumerated() {
      for (j, other) in all.enumerated() {
        let same = Repository.fields.allSatisfy { $0.same(one, other) }
        XCTAssertEqual(one == other, same, "\(i) and \(j)")
        XCTAssertEqual(same, (i == 3) == (j == 3), "\(i) and \(j)")
      }
    }
  }

  func testAFieldMissingReadsAsTheBlankRepositorysValue() throws {
    // The one-pass readers start from a blank repository and leave a missing field as it is;
    // `JSONDecoder` decodes each field's absence: both must agree for every field.
    let fields = Repository.fields.filter { !$0.isRequired }
    for field in fields {
      guard let side = field.gitHub else { continue }
      var page = try JSONSerialization.jsonObject(with: try object(changing: nil)) as! [Any]
      var members = page[0] as! [String: Any]
      members[side.key.description] = nil
      page[0] = members
      let body = try JSONSerialization.data(withJSONObject: page)
      XCTAssertNoThrow(try read(body, "without \(side.key)"))
    }
  }

  /// The cache entry's version is its fields': an entry written with another set of fields (one
  /// left out, one more, a type or a key changed) is of another version, never read as these.
  func testTheCacheVersionFollowsTheDeclaredFields() {
    let fields = Repository.storedFields
    let version = StoredPages.version(of: fields)
    XCTAssertEqual(GitHubCacheCodecs.repositoriesVersion, version)
    let others = [
      fields.replacingOccurrences(of: "oi: Int?, ", with: ""),
      fields + ", ar: Bool",
      fields.replacingOccurrences(of: "s: Int", with: "s: Int?"),
      fields.replacingOccurrences(of: "fc: Int?", with: "fk: Int?"),
    ]
    let versions = others.map(StoredPages.version(of:))
    XCTAssertEqual(Set(versions + [version]).count, others.count + 1, "\(versions)")
    XCTAssertFalse(versions.contains(version))
    XCTAssertFalse([1, 2].contains(version), "an old version's number")
  }

  @MainActor
  func testAnEntryWrittenWithOtherFieldsIsReplacedNotRead() throws {
    let store = temporaryStore("field-table")
    let keys = GitHubCacheKeys(namespace: "built-in fields")
    let configuration = GitHubConfiguration(
      baseURL: URL(string: "http://127.0.0.1:9/")!, owner: "RedMadRobot",
      ownerKind: .organization)
    let list: RepositoryList = [
      Repository(name: "Apexy", details: RepositoryDetails(openIssuesCount: 4))
    ]
    // What a build without `open_issues_count` in its table wrote: the entry without `oi`,
    // of the version of its fields.
    var entry = try JSONSerialization.jsonObject(with: try codec.encode(list)) as! [String: Any]
    var pages = entry["p"] as! [[String: Any]]
    var objects = pages[0]["r"] as! [[String: Any]]
    objects[0]["oi"] = nil
    pages[0]["r"] = objects
    entry["p"] = pages
    let content = try JSONSerialization.data(withJSONObject: entry)
    let older = Repository.storedFields.replacingOccurrences(of: "oi: Int?, ", with: "")
    let key = keys.repositories("RedMadRobot")
    for version in [GitHubCacheCodecs.repositoriesVersion, StoredPages.version(of: older)] {
      try store.write(
        LoaderCacheEntry(content: content, contentVersion: version, lastConfirmed: Date()),
        for: key)
      let loaders = GitHubLoaders(testing: configuration)
      loaders.attachCache(store: store, keys: keys)
      let repositories = loaders.firstOwner.repositories
      if version == GitHubCacheCodecs.repositoriesVersion {
        // The same bytes of this version are read (the count left out reads as none).
        XCTAssertEqual(repositories.state.content?.first?.name, "Apexy")
        XCTAssertNil(repositories.cacheProblem)
      } else {
        XCTAssertNil(repositories.state.content, "an entry of other fields was read")
        XCTAssertEqual(
          repositories.cacheProblem,
          "cache entry \(key) is of version \(version), not "
            + "\(GitHubCacheCodecs.repositoriesVersion); it will be replaced")
      }
    }
  }

  func testTheRawNameIsKeptWhereItDiffersFromTheName() throws {
    let body = Data(#"[{"name":"evil\u001b hunter2-secret"}]"#.utf8)
    let repository = try read(body, "raw name")
    XCTAssertEqual(repository.name, "evil^[ <token>")
    XCTAssertEqual(repository.rawName, "evil\u{1B} <token>")
    XCTAssertEqual(try roundTrip(repository, "raw name").rawName, repository.rawName)
  }
}
