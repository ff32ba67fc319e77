import Foundation

extension Repository {
  /// Every field of a repository, declared once: its key in GitHub's JSON, its key in the cache
  /// entry (`nil`: not kept), and how its value is written. The pages' one-pass reader and
  /// `Decodable` (the reference it agrees with), the cache entry's encoding and its one-pass
  /// reader and the cache entry's version (`storedFields`) all follow this table: a new field
  /// is one line here and its property. `==` is synthesized from the stored properties, which
  /// `RepositoryFieldTableTests` holds to be this table's fields, compared as `same` compares.
  static let fields: [RepositoryField] = [
    RepositoryField(
      "name", cache: "n", .requiredText, isRequired: true, get: \.name,
      reading: { reading, name in
        reading.nameText = name
        reading.repository.name = reading.sanitizer.clean(name)
      },
      same: { $0.name == $1.name }),
    RepositoryField(
      nil, cache: "r", .text, get: { $0.rawName == $0.name ? nil : $0.rawName },
      reading: { $0.rawNameText = $1 }, same: { $0.rawName == $1.rawName }),
    RepositoryField(
      "description", cache: "d", .text, get: { $0.description }, set: { $0.description = $1 }),
    RepositoryField("language", cache: "l", .text, get: { $0.language }, set: { $0.language = $1 }),
    RepositoryField(
      "stargazers_count", cache: "s", .count, get: { $0.stargazersCount },
      set: { $0.stargazersCount = $1 }),
    RepositoryField("fork", cache: "f", .flag, get: { $0.fork }, set: { $0.fork = $1 }),
    RepositoryField(
      "full_name", cache: "fn", .text.lenient(or: nil), get: { $0.storedFullName },
      set: { $0.storedFullName = $1 }),
    RepositoryField(
      "forks_count", cache: "fc", .optionalCount.lenient(or: nil), get: { $0.forksCount },
      set: { $0.forksCount = $1 }),
    RepositoryField(
      "open_issues_count", cache: "oi", .optionalCount.lenient(or: nil),
      get: { $0.openIssuesCount }, set: { $0.openIssuesCount = $1 }),
    RepositoryField(
      "license", cache: "li", .license.lenient(or: nil), stored: .text, get: { $0.license },
      set: { $0.license = $1 }),
    RepositoryField(
      "topics", cache: "tp", .texts.lenient(or: []), get: { $0.topics }, set: { $0.topics = $1 }),
    RepositoryField(
      "pushed_at", cache: "pa", .dateText.lenient(or: nil), stored: .seconds, get: { $0.pushedAt },
      set: { $0.pushedAt = $1 }),
    RepositoryField(
      "html_url", cache: "hu", .addressText.lenient(or: .none), stored: .storedAddress,
      get: \.address, reading: { $0.repository.address = $1 },
      same: { $0.address == $1.address || $0.webAddress == $1.webAddress }),
    RepositoryField(
      "subscribers_count", cache: nil, .optionalCount.lenient(or: nil),
      get: { $0.subscribersCount }, set: { $0.subscribersCount = $1 }),
    RepositoryField(
      "network_count", cache: nil, .optionalCount.lenient(or: nil), get: { $0.networkCount },
      set: { $0.networkCount = $1 }),
  ]

  /// The fields the cache keeps, as `key: type` in the table's order: the cache entry's
  /// version is made from it, so an entry written with other fields is not read as these.
  static let storedFields: String = fields.compactMap { field in
    field.cache.map { "\($0.key): \($0.type)" }
  }.joined(separator: ", ")

  /// Each field's writing to the cache entry, in the table's order.
  private static let storedEncoders = fields.map(\.encode)

  /// A repository read from `decoder` as `source` writes it, field by field in the table's
  /// order (the first field in error is the one reported), its text cleaned with `sanitizer`.
  static func decode(
    from decoder: any Decoder, _ source: FieldSource, sanitizer: TextSanitizer
  ) throws -> Repository {
    let container = try decoder.container(keyedBy: FieldKey.self)
    var reading = RepositoryReading(source, sanitizer: sanitizer)
    for field in fields { try field.side(source)?.decode(container, &reading) }
    return reading.finish()
  }

  /// Writes the fields the cache keeps, in the table's order.
  func encodeStored(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    for encode in Self.storedEncoders { try encode(self, &container) }
  }
}

extension Repository: Decodable {
  /// Reads the fields GitHub sends (`Repository.fields`), cleaned with the sanitizer
  /// `GitHubJSON` decodes with; a detail field of the wrong type is left out rather than
  /// failing the list.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when `name` is missing or a field has another type.
  public init(from decoder: any Decoder) throws {
    self = try Self.decode(from: decoder, .gitHub, sanitizer: decoder.textSanitizer)
  }
}

extension JSONByteReader {
  /// One repository as `source` writes it, read as `Repository.decode(from:_:sanitizer:)`
  /// reads it; `nil` (the caller decodes with `JSONDecoder`) for a key sent twice, a required
  /// field missing, or a value not read alike.
  mutating func repository(_ source: FieldSource, sanitizer: TextSanitizer) -> Repository? {
    let index = source == .gitHub ? FieldIndex.gitHub : FieldIndex.cache
    var reading = RepositoryReading(source, sanitizer: sanitizer)
    var seen: UInt32 = 0
    let ok = objectWithRawKeys { key, reader in
      guard let field = index.entry(named: key) else { return reader.skipValue() }
      guard seen & field.bit == 0 else { return false }
      seen |= field.bit
      return field.read(&reader, &reading)
    }
    guard ok, seen & index.required == index.required else { return nil }
    return reading.finish()
  }
}
