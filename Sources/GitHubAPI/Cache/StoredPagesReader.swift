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
  /// The pages of `data`, `nil` when the fast reader does not take it.
  static func read(_ data: Data) -> StoredPages? {
    JSONByteReader.read(data) { $0.storedPages() }
  }
}

extension JSONByteReader {
  fileprivate mutating func storedPages() -> StoredPages? {
    var pages: [StoredPage]?
    var next: String??, count: Int??
    let ok = object { key, reader in
      if key == "n" { return reader.once(&next) { $0.optionalString() } }
      if key == "c" { return reader.once(&count) { $0.optional { $0.integer() } } }
      guard key == "p", pages == nil else { return key == "p" ? false : reader.skipValue() }
      var list: [StoredPage] = []
      guard
        reader.array({ reader in
          guard let page = reader.storedPage() else { return false }
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

  fileprivate mutating func storedPage() -> StoredPage? {
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
            guard let repository = reader.storedRepository() else { return false }
            list.append(repository)
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

  fileprivate mutating func storedRepository() -> StoredRepository? {
    var name: String?, stars: Int?, fork: Bool?
    var description: String??, language: String??, raw: String??, fullName: String??
    var license: String??, address: String??
    var forks: Int??, issues: Int??, pushed: Double??
    var topics: [String]??
    let ok = object { key, reader in
      switch key {
      case "n": return reader.once(&name) { $0.string() }
      case "s": return reader.once(&stars) { $0.integer() }
      case "f": return reader.once(&fork) { $0.boolean() }
      case "d": return reader.once(&description) { $0.optionalString() }
      case "l": return reader.once(&language) { $0.optionalString() }
      case "r": return reader.once(&raw) { $0.optionalString() }
      case "fn": return reader.once(&fullName) { $0.optionalString() }
      case "li": return reader.once(&license) { $0.optionalString() }
      case "hu": return reader.once(&address) { $0.optionalString() }
      case "fc": return reader.once(&forks) { $0.optional { $0.integer() } }
      case "oi": return reader.once(&issues) { $0.optional { $0.integer() } }
      case "pa": return reader.once(&pushed) { $0.optional { $0.double() } }
      case "tp": return reader.once(&topics) { $0.optional { $0.strings() } }
      default: return reader.skipValue()
      }
    }
    guard ok, let name, let stars, let fork else { return nil }
    return StoredRepository(
      n: name, d: description ?? nil, l: language ?? nil, s: stars, f: fork, r: raw ?? nil,
      fn: fullName ?? nil, fc: forks ?? nil, oi: issues ?? nil, li: license ?? nil,
      tp: topics ?? nil, pa: pushed ?? nil, hu: address ?? nil)
  }
}
