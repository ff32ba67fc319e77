import Foundation

/// Reads the repositories' cache entry (`StoredPages` as `JSONEncoder` writes it) in one pass
/// over its bytes, without `Decodable`: 5,000 repositories through `JSONDecoder` took about
/// 350 million instructions of a start from the cache, before the first frame.
///
/// It reads JSON in general (any key order, whitespace, escapes, unknown keys skipped) but
/// takes only what `JSONDecoder` would take the same way; for anything else (a missing or
/// repeated field, a number that is not a plain integer where one is expected, a raw control
/// character in a string) it returns `nil`, and the caller decodes with `JSONDecoder`, so the
/// result and every error are what they were.
enum StoredPagesReader {
  /// The pages of `data`, their text cleaned with `sanitizer`; `nil` when the fast reader does
  /// not take it.
  static func read(_ data: Data, sanitizer: TextSanitizer) -> StoredPages? {
    JSONByteReader.read(data) { $0.storedPages(sanitizer: sanitizer) }
  }
}

extension JSONByteReader {
  fileprivate mutating func storedPages(sanitizer: TextSanitizer) -> StoredPages? {
    var pages: [StoredPage]?
    var next: String??, count: Int??
    let ok = object { key, reader in
      if key == "n" { return reader.once(&next) { $0.optionalString() } }
      if key == "c" { return reader.once(&count) { $0.optional { $0.integer() } } }
      guard key == "p", pages == nil else { return key == "p" ? false : reader.skipValue() }
      var list: [StoredPage] = []
      guard
        reader.array({ reader in
          guard let page = reader.storedPage(sanitizer: sanitizer) else { return false }
          list.append(page)
          return true
        })
      else { return false }
      pages = list
      return true
    }
    guard ok, let pages else { return nil }
    return StoredPages(p: pages, n: next ?? nil, c: count ?? nil)
  }

  fileprivate mutating func storedPage(sanitizer: TextSanitizer) -> StoredPage? {
    var url: String??, etag: String??, modified: String??
    var repositories: [StoredRepository]?
    let ok = object { key, reader in
      switch key {
      case "u": return reader.once(&url) { $0.optionalString() }
      case "e": return reader.once(&etag) { $0.optionalString() }
      case "m": return reader.once(&modified) { $0.optionalString() }
      case "r":
        guard repositories == nil else { return false }
        var list: [StoredRepository] = []
        guard
          reader.array({ reader in
            guard let repository = reader.repository(.cache, sanitizer: sanitizer) else {
              return false
            }
            list.append(StoredRepository(repository))
            return true
          })
        else { return false }
        repositories = list
        return true
      default: return reader.skipValue()
      }
    }
    guard ok, let repositories else { return nil }
    return StoredPage(u: url ?? nil, e: etag ?? nil, m: modified ?? nil, r: repositories)
  }
}
