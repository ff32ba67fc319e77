import Foundation

/// Where a repository's JSON comes from: GitHub's answers, or the cache entry.
enum FieldSource: Sendable {
  case gitHub
  case cache
}

/// One field of `Repository` as `Repository.fields` declares it: its key in GitHub's JSON and
/// in the cache entry (none: GitHub does not send it, or the cache does not keep it), how its
/// value is written in each, and how two repositories' values compare.
final class RepositoryField: Sendable {
  /// The field in one source's JSON.
  struct Side: Sendable {
    /// The key.
    let key: StaticString
    /// The value's type (the cache's fingerprint is made of its fields' keys and types).
    let type: String
    /// Reads the value at the reader into the repository being read; `false` when it is not
    /// read as `decode` would read it.
    let read: @Sendable (inout JSONByteReader, inout RepositoryReading) -> Bool
    /// Reads the value at the key, as `JSONDecoder` reads it, into the repository being read.
    let decode: @Sendable (KeyedDecodingContainer<FieldKey>, inout RepositoryReading) throws -> Void
  }

  /// The field in GitHub's JSON; `nil` for one only the cache has.
  let gitHub: Side?
  /// The field in the cache entry; `nil` for one the cache does not keep.
  let cache: Side?
  /// Whether a repository without it is not read at all.
  let isRequired: Bool
  /// Writes the field to the cache entry (nothing when it is not kept).
  let encode: @Sendable (Repository, inout KeyedEncodingContainer<FieldKey>) throws -> Void
  /// Whether two repositories have the same value.
  let same: @Sendable (Repository, Repository) -> Bool

  /// A field read with `codec` at `key` in GitHub's JSON and with `stored` (`codec` unless
  /// given) at `cache` in the cache entry, taken from a repository with `get` and set into one
  /// being read with `reading`, which cleans it.
  @inline(__always)
  init<Value: Sendable>(
    _ key: StaticString?, cache: StaticString?, _ codec: FieldCodec<Value>,
    stored: FieldCodec<Value>? = nil, isRequired: Bool = false,
    get: @escaping @Sendable (Repository) -> Value,
    reading set: @escaping @Sendable (inout RepositoryReading, Value) -> Void,
    same: @escaping @Sendable (Repository, Repository) -> Bool
  ) {
    gitHub = key.map { Self.side($0, codec, set) }
    let stored = stored ?? codec
    self.cache = cache.map { Self.side($0, stored, set) }
    self.isRequired = isRequired
    if let cache {
      guard let write = stored.encode else { preconditionFailure("\(cache) cannot be stored") }
      let codingKey = FieldKey(cache)
      encode = { repository, container in try write(get(repository), &container, codingKey) }
    } else {
      encode = { _, _ in }
    }
    self.same = same
  }

  /// A field that is a property of the repository, read with `get` and written with `set`
  /// (closures rather than a key path: applying a key path costs more than the reading of the
  /// value), its text cleaned when it is read. Inlined, so each field's closures are made for
  /// its type (a generic comparison costs several times a specialized one).
  @inline(__always)
  convenience init<Value: Equatable & Sendable>(
    _ key: StaticString?, cache: StaticString?, _ codec: FieldCodec<Value>,
    stored: FieldCodec<Value>? = nil, get: @escaping @Sendable (Repository) -> Value,
    set: @escaping @Sendable (inout Repository, Value) -> Void
  ) {
    let clean = codec.clean
    self.init(
      key, cache: cache, codec, stored: stored, get: get,
      reading: { reading, value in set(&reading.repository, clean(value, reading.sanitizer)) },
      same: { get($0) == get($1) })
  }

  @inline(__always)
  private static func side<Value>(
    _ key: StaticString, _ codec: FieldCodec<Value>,
    _ set: @escaping @Sendable (inout RepositoryReading, Value) -> Void
  ) -> Side {
    let codingKey = FieldKey(key)
    let (read, decode) = (codec.read, codec.decode)
    return Side(
      key: key, type: codec.type,
      read: { reader, reading in
        guard let value = read(&reader) else { return false }
        set(&reading, value)
        return true
      },
      decode: { container, reading in set(&reading, try decode(container, codingKey)) })
  }

  /// The field in `source`'s JSON.
  func side(_ source: FieldSource) -> Side? {
    source == .gitHub ? gitHub : cache
  }
}

/// A repository being read field by field, from GitHub's JSON or the cache's.
struct RepositoryReading {
  /// The fields read so far; each field's absence reads as this blank's value.
  var repository: Repository
  /// Cleans the text read.
  let sanitizer: TextSanitizer
  /// The name as read, before it was cleaned.
  var nameText = ""
  /// The raw name the cache kept where it differs from the name; `nil` otherwise.
  var rawNameText: String?

  /// A blank repository to read from `source` (the cache leaves out an address that is
  /// GitHub's page of the full name).
  init(_ source: FieldSource, sanitizer: TextSanitizer) {
    repository = Repository(blank: source == .cache ? .derived : .none)
    self.sanitizer = sanitizer
  }

  /// The repository read: its raw name the name as sent (secrets replaced), its address settled.
  consuming func finish() -> Repository {
    repository.rawName = sanitizer.redacted(rawNameText ?? nameText)
    repository.settleAddress(sanitizer)
    return repository
  }
}

/// Finds a source's fields by their key's bytes, for the one-pass readers.
struct FieldIndex: Sendable {
  /// The readers of the source's fields, with their key and bit, by the length of their key.
  private let byLength: [[Entry]]
  /// The bits of the fields a repository must have.
  let required: UInt32

  struct Entry: Sendable {
    let key: StaticString
    let bit: UInt32
    let read: @Sendable (inout JSONByteReader, inout RepositoryReading) -> Bool
  }

  static let gitHub = FieldIndex(.gitHub)
  static let cache = FieldIndex(.cache)

  private init(_ source: FieldSource) {
    let fields = Repository.fields
    precondition(fields.count <= 32, "one bit a field")
    var table: [[Entry]] = []
    var required: UInt32 = 0
    for (row, field) in fields.enumerated() {
      guard let side = field.side(source) else { continue }
      let length = side.key.utf8CodeUnitCount
      while table.count <= length { table.append([]) }
      table[length].append(Entry(key: side.key, bit: 1 << UInt32(row), read: side.read))
      if field.isRequired { required |= 1 << UInt32(row) }
    }
    byLength = table
    self.required = required
  }

  /// The field `key` names, `nil` for one `Repository` does not read (most of GitHub's
  /// eighty-odd keys: only the fields of the key's length are compared).
  func entry(named key: UnsafeBufferPointer<UInt8>) -> Entry? {
    guard key.count < byLength.count else { return nil }
    return byLength[key.count].first { sameKey(key, $0.key) }
  }
}

/// Whether `key` is `name`, byte for byte.
func sameKey(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
  name.utf8CodeUnitCount == key.count
    && (key.isEmpty || memcmp(name.utf8Start, key.baseAddress!, key.count) == 0)
}
