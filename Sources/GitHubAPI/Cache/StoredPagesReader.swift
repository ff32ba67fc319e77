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
struct StoredPagesReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0

  /// The pages of `data`, `nil` when the fast reader does not take it.
  static func read(_ data: Data) -> [StoredPage]? {
    guard GitHubJSON.invalidUTF8Offset(data) == nil else { return nil }
    return data.withUnsafeBytes { raw -> [StoredPage]? in
      var reader = StoredPagesReader(bytes: raw.bindMemory(to: UInt8.self))
      guard let pages = reader.pages() else { return nil }
      reader.skipSpace()
      return reader.index == reader.bytes.count ? pages : nil
    }
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  // MARK: - The entry's shape

  private mutating func pages() -> [StoredPage]? {
    var pages: [StoredPage]?
    let ok = object { key, reader in
      guard key == "p", pages == nil else { return key == "p" ? false : reader.skipValue() }
      var list: [StoredPage] = []
      guard
        reader.array({ reader in
          guard let page = reader.page() else { return false }
          list.append(page)
          return true
        })
      else { return false }
      pages = list
      return true
    }
    return ok ? pages : nil
  }

  private mutating func page() -> StoredPage? {
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
            guard let repository = reader.repository() else { return false }
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

  private mutating func repository() -> StoredRepository? {
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

  /// Reads a field's value into `slot` unless it was there already (a repeated key: `nil`).
  private mutating func once<T>(_ slot: inout T?, _ read: (inout Self) -> T?) -> Bool {
    guard slot == nil, let value = read(&self) else { return false }
    slot = value
    return true
  }

  // MARK: - JSON

  mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func peek() -> UInt8? {
    skipSpace()
    return index < bytes.count ? bytes[index] : nil
  }

  /// `{ "key": value, … }`, calling `field` for each key with the reader at its value.
  private mutating func object(_ field: (String, inout Self) -> Bool) -> Bool {
    guard take(UInt8(ascii: "{")) else { return false }
    if take(UInt8(ascii: "}")) { return true }
    repeat {
      guard peek() == UInt8(ascii: "\""), let key = string(), take(UInt8(ascii: ":")),
        field(key, &self)
      else { return false }
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}"))
  }

  /// `[ value, … ]`, calling `element` for each with the reader at it.
  private mutating func array(_ element: (inout Self) -> Bool) -> Bool {
    guard take(UInt8(ascii: "[")) else { return false }
    if take(UInt8(ascii: "]")) { return true }
    repeat {
      guard element(&self) else { return false }
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]"))
  }

  private mutating func literal(_ text: StaticString) -> Bool {
    skipSpace()
    let count = text.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] {
      return false
    }
    index += count
    return true
  }

  private mutating func optional<T>(_ read: (inout Self) -> T?) -> T?? {
    if literal("null") { return .some(nil) }
    return read(&self).map { .some($0) }
  }

  private mutating func optionalString() -> String?? { optional { $0.string() } }

  private mutating func boolean() -> Bool? {
    if literal("true") { return true }
    if literal("false") { return false }
    return nil
  }

  /// A plain integer (`-`? digits, no fraction or exponent) that fits an `Int`.
  private mutating func integer() -> Int? {
    skipSpace()
    let start = index
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let digits = index
    while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
    guard index > digits, index - digits <= 18 else { return nil }
    if index < bytes.count,
      [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")]
        .contains(bytes[index])
    {
      return nil
    }
    guard bytes[digits] != 0x30 || index - digits == 1 else { return nil }
    var value = 0
    for position in digits..<index { value = value * 10 + Int(bytes[position] - 0x30) }
    return bytes[start] == UInt8(ascii: "-") ? -value : value
  }

  /// A JSON number, read as `Double` reads its text.
  private mutating func double() -> Double? {
    skipSpace()
    let start = index
    while index < bytes.count {
      switch bytes[index] {
      case 0x30...0x39, UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        index += 1
      default:
        return number(start..<index)
      }
    }
    return number(start..<index)
  }

  /// The number in `range` when it follows JSON's grammar exactly (`-`? `0` or a digit
  /// without leading zeros, then an optional fraction and exponent, each with digits).
  private func number(_ range: Range<Int>) -> Double? {
    var position = range.lowerBound
    func digits() -> Int {
      let start = position
      while position < range.upperBound, (0x30...0x39).contains(bytes[position]) {
        position += 1
      }
      return position - start
    }
    if position < range.upperBound, bytes[position] == UInt8(ascii: "-") { position += 1 }
    let integerStart = position
    let integerDigits = digits()
    guard integerDigits > 0, bytes[integerStart] != 0x30 || integerDigits == 1 else {
      return nil
    }
    if position < range.upperBound, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { return nil }
    }
    if position < range.upperBound,
      bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")
    {
      position += 1
      if position < range.upperBound,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard digits() > 0 else { return nil }
    }
    guard position == range.upperBound else { return nil }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    return Double(text).flatMap { $0.isFinite ? $0 : nil }
  }

  private mutating func strings() -> [String]? {
    var list: [String] = []
    let ok = array { reader in
      guard let text = reader.string() else { return false }
      list.append(text)
      return true
    }
    return ok ? list : nil
  }

  /// A string, its escapes resolved; `nil` for a raw control character or a bad escape.
  private mutating func string() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = index
    // Most strings have no escape: taken as they are (the entry was checked to be UTF-8).
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        defer { index += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") { break }
      guard byte >= 0x20 else { return nil }
      index += 1
    }
    var text = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { return nil }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
          guard var unit = hex4() else { return nil }
          var scalar: Unicode.Scalar?
          if (0xD800..<0xDC00).contains(unit) {
            // The low half must follow at once (no whitespace inside a string).
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            index += 2
            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            scalar = Unicode.Scalar(unit)
          } else if !(0xDC00..<0xE000).contains(unit) {
            scalar = Unicode.Scalar(unit)
          }
          guard let scalar else { return nil }
          text.append(contentsOf: String(Character(scalar)).utf8)
        default:
          return nil
        }
      default:
        guard byte >= 0x20 else { return nil }
        text.append(byte)
      }
    }
    return nil
  }

  private mutating func hex4() -> UInt32? {
    guard index + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      index += 1
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// Skips any JSON value (an unknown key's).
  private mutating func skipValue() -> Bool {
    switch peek() {
    case UInt8(ascii: "\""): return string() != nil
    case UInt8(ascii: "{"): return object { _, reader in reader.skipValue() }
    case UInt8(ascii: "["): return array { $0.skipValue() }
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return boolean() != nil
    case UInt8(ascii: "n"): return literal("null")
    case .some: return double() != nil
    case nil: return false
    }
  }
}
