import Foundation

/// The bytes of one entry file:
///
/// ```
/// "LDRCACHE"  format version (UInt32)  header length H (UInt32)  content length C (UInt64)
/// header (H bytes of JSON: key, content version, last confirmed, validators)
/// content (C bytes)
/// checksum (UInt64, `checksum(_:)` of everything before it)
/// ```
///
/// Integers are big-endian. A file of any other length, magic or checksum is corrupt.
enum CacheEntryFormat {
  static let magic = Data("LDRCACHE".utf8)
  /// The version of this layout; files of another version are ignored and replaced.
  static let version: UInt32 = 1
  static let prefixLength = 24
  static let checksumLength = 8

  private struct Header: Codable {
    var namespace: String
    var name: String
    var contentVersion: Int
    var lastConfirmed: Double
    var validators: [String: [String: String]]
    /// Only in entries of partial content.
    var progress: StoredProgress?
    var resume: StoredResume?
  }

  /// A ``PageProgress`` as the header stores it.
  private struct StoredProgress: Codable {
    var pagesRead: Int
    var pageCount: Int?
    var itemCount: Int
    var stoppedAtCap: Int?

    init(_ progress: PageProgress) {
      pagesRead = progress.pagesRead
      pageCount = progress.pageCount
      itemCount = progress.itemCount
      stoppedAtCap = progress.stoppedAtCap
    }

    var value: PageProgress {
      PageProgress(
        pagesRead: pagesRead, pageCount: pageCount, itemCount: itemCount,
        stoppedAtCap: stoppedAtCap)
    }
  }

  /// A ``PageResume`` as the header stores it.
  private struct StoredResume: Codable {
    var firstPage: String
    var next: URL
    var visited: [String]
    var pageCount: Int?

    init(_ resume: PageResume) {
      firstPage = resume.firstPage
      next = resume.next
      visited = resume.visited
      pageCount = resume.pageCount
    }

    var value: PageResume {
      PageResume(firstPage: firstPage, next: next, visited: visited, pageCount: pageCount)
    }
  }

  /// The file bytes of `entry` under `key`.
  static func encode(_ entry: LoaderCacheEntry, key: LoaderCacheKey) throws -> Data {
    let header = Header(
      namespace: key.namespace, name: key.name, contentVersion: entry.contentVersion,
      lastConfirmed: entry.lastConfirmed.timeIntervalSince1970,
      validators: entry.validators.mapValues { validators in
        var fields: [String: String] = [:]
        fields["etag"] = validators.etag
        fields["lastModified"] = validators.lastModified
        return fields
      }, progress: entry.progress.map(StoredProgress.init),
      resume: entry.resume.map(StoredResume.init))
    let headerBytes = try JSONEncoder().encode(header)
    var data = Data(capacity: prefixLength + headerBytes.count + entry.content.count + 8)
    data.append(magic)
    append(UInt64(version), bytes: 4, to: &data)
    append(UInt64(headerBytes.count), bytes: 4, to: &data)
    append(UInt64(entry.content.count), bytes: 8, to: &data)
    data.append(headerBytes)
    data.append(entry.content)
    append(checksum(data), bytes: 8, to: &data)
    return data
  }

  /// The entry in `data`, which was read for `key`; `nil` when it belongs to another key (two
  /// keys whose file names collide).
  static func decode(_ data: Data, key: LoaderCacheKey) throws -> LoaderCacheEntry? {
    let found = try decode(data, reportingAs: key)
    return found.key == key ? found.entry : nil
  }

  /// The entry in `data` and the key it was written under, whatever that is.
  static func decodeAnyKey(_ data: Data) throws -> (key: LoaderCacheKey, entry: LoaderCacheEntry) {
    try decode(data, reportingAs: LoaderCacheKey(namespace: "?", name: "?"))
  }

  private static func decode(_ data: Data, reportingAs key: LoaderCacheKey) throws -> (
    key: LoaderCacheKey, entry: LoaderCacheEntry
  ) {
    func corrupt(_ reason: String) -> LoaderCacheStoreError { .corrupt(key: key, reason: reason) }
    guard data.count >= prefixLength + checksumLength else {
      throw corrupt("\(data.count) bytes, shorter than any entry")
    }
    guard data.prefix(magic.count) == magic else { throw corrupt("not a cache entry") }
    let format = Int(read(data, at: 8, bytes: 4))
    guard format == version else {
      throw LoaderCacheStoreError.foreignVersion(key: key, found: format, expected: Int(version))
    }
    let headerLength = Int(read(data, at: 12, bytes: 4))
    let contentLength = read(data, at: 16, bytes: 8)
    let expected = UInt64(prefixLength + headerLength + checksumLength) + contentLength
    guard UInt64(data.count) == expected else {
      throw corrupt("\(data.count) bytes where the entry says \(expected)")
    }
    let body = data.prefix(data.count - checksumLength)
    guard checksum(body) == read(data, at: data.count - checksumLength, bytes: 8) else {
      throw corrupt("checksum mismatch")
    }
    let start = data.startIndex + prefixLength
    let headerBytes = data[start..<start + headerLength]
    guard let header = try? JSONDecoder().decode(Header.self, from: headerBytes) else {
      throw corrupt("unreadable header")
    }
    let entry = LoaderCacheEntry(
      content: Data(data[(start + headerLength)..<(data.endIndex - checksumLength)]),
      contentVersion: header.contentVersion,
      validators: header.validators.mapValues {
        ResponseValidators(etag: $0["etag"], lastModified: $0["lastModified"])
      },
      lastConfirmed: Date(timeIntervalSince1970: header.lastConfirmed),
      progress: header.progress?.value, resume: header.resume?.value)
    return (LoaderCacheKey(namespace: header.namespace, name: header.name), entry)
  }

  /// FNV-1a over 64-bit words (then the last bytes one by one), each step rotated: every step
  /// is a bijection of the running hash, so any one changed word changes the result. Eight
  /// bytes a step keep a 3 MB entry's check to about a millisecond.
  static func checksum(_ data: Data) -> UInt64 {
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
      let prime: UInt64 = 0x100_0000_01b3
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      let words = raw.count / 8
      for index in 0..<words {
        let word = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
        hash = ((hash ^ word) &* prime).rotatedLeft(by: 29)
      }
      for byte in raw[(words * 8)...] {
        hash = (hash ^ UInt64(byte)) &* prime
      }
      return hash
    }
  }

  private static func append(_ value: UInt64, bytes: Int, to data: inout Data) {
    for shift in stride(from: (bytes - 1) * 8, through: 0, by: -8) {
      data.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
  }

  private static func read(_ data: Data, at offset: Int, bytes: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<bytes {
      value = value << 8 | UInt64(data[data.startIndex + offset + index])
    }
    return value
  }
}

extension UInt64 {
  /// The bits rotated left by `count` (0 to 63).
  fileprivate func rotatedLeft(by count: UInt64) -> UInt64 {
    self << count | self >> (64 - count)
  }
}
