import Foundation

/// Reads a page of GitHub's repository list (`GET /orgs/{org}/repos`) in one pass over its
/// bytes, taking the fields `Repository.fields` declares and skipping the other eighty or so of each
/// repository without making them: `JSONDecoder` first builds a table of every field of every
/// element, which was most of the time a 5,000-repository fetch spent.
///
/// It takes a page only where `Repository`'s `Decodable` reading would give the same
/// repositories; for anything else (a field of another type, `null` where a value must be, a
/// repeated field, a number that is not a plain integer, a key with an escape) it returns `nil`,
/// and the caller decodes with `JSONDecoder`, so the result and every error are what they were.
enum RepositoryListReader {
  /// The repositories of `body`, their text cleaned with `sanitizer`; `nil` when the fast
  /// reader does not take it.
  static func read(_ body: Data, sanitizer: TextSanitizer) -> [Repository]? {
    JSONByteReader.read(body) { reader in
      var list: [Repository] = []
      list.reserveCapacity(100)
      let ok = reader.array { reader in
        guard let repository = reader.repository(.gitHub, sanitizer: sanitizer) else {
          return false
        }
        list.append(repository)
        return true
      }
      return ok ? list : nil
    }
  }
}

extension JSONByteReader {
  /// A license object: its SPDX id unless that is missing, empty or `NOASSERTION`, else its
  /// name (either may be `nil`); `nil` (the caller decodes with `JSONDecoder`) when either is
  /// there with another type or twice.
  mutating func licenseName() -> String?? {
    var spdx: String??, name: String??
    let ok = objectWithRawKeys { key, reader in
      if sameKey(key, "spdx_id") { return reader.once(&spdx) { $0.optionalString() } }
      if sameKey(key, "name") { return reader.once(&name) { $0.optionalString() } }
      return reader.skipValue()
    }
    guard ok else { return nil }
    let id = (spdx ?? nil).flatMap { $0 == "NOASSERTION" || $0.isEmpty ? nil : $0 }
    return .some(id ?? (name ?? nil))
  }
}
