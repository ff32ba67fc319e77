import Foundation

/// One pass over a JSON text's bytes for the readers that take GitHub's and the cache's JSON
/// without `Decodable` (`StoredPagesReader`, `RepositoryListReader`).
///
/// It follows JSON's grammar exactly (whitespace, escapes, numbers) and answers `nil` or
/// `false` for anything it does not read the way `JSONDecoder` would: the caller then
/// decodes with `JSONDecoder`, so results and errors are the same either way. It nests at
/// most `maximumDepth` arrays and objects (deeper text goes to `JSONDecoder`, which has its
/// own limit), so untrusted text cannot exhaust the stack.
struct JSONByteReader {
  /// The deepest nesting it reads.
  static let maximumDepth = 64

  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var index = 0
  private var depth = 0

  /// Reads `data` with `read`, which must end at the end of the text (whitespace aside);
  /// `nil` when it returns `nil`, the text goes on, or `data` is not valid UTF-8.
  static func read<T>(_ data: Data, _ read: (inout JSONByteReader) -> T?) -> T? {
    guard GitHubJSON.invalidUTF8Offset(data) == nil else { return nil }
    return data.withUnsafeBytes { raw -> T? in
      var reader = JSONByteReader(bytes: raw.bindMemory(to: UInt8.self))
      guard let value = read(&reader) else { return nil }
      reader.skipSpace()
      return reader.index == reader.bytes.count ? value : nil
    }
  }

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Reads a field's value into `slot` unless it was there already (a repeated key: `false`).
  mutating func once<T>(_ slot: inout T?, _ read: (inout Self) -> T?) -> Bool {
    guard slot == nil, let value = read(&self) else { return false }
    slot = value
    return true
  }

  mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  mutating func peek() -> UInt8? {
    skipSpace()
    return index < bytes.count ? bytes[index] : nil
  }

  /// `{ "key": value, … }`, calling `field` for each key with the reader at its value (as
  /// `objectWithRawKeys(_:)`, so a key with an escape is refused).
  mutating func object(_ field: (String, inout Self) -> Bool) -> Bool {
    objectWithRawKeys { key, reader in field(String(decoding: key, as: UTF8.self), &reader) }
  }

  /// `[ value, … ]`, calling `element` for each with the reader at it.
  mutating func array(_ element: (inout Self) -> Bool) -> Bool {
    guard depth < Self.maximumDepth, take(UInt8(ascii: "[")) else { return false }
    depth += 1
    defer { depth -= 1 }
    if take(UInt8(ascii: "]")) { return true }
    repeat {
      guard element(&self) else { return false }
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]"))
  }

  mutating func literal(_ text: StaticString) -> Bool {
    skipSpace()
    let count = text.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] {
      return false
    }
    index += count
    return true
  }

  mutating func optional<T>(_ read: (inout Self) -> T?) -> T?? {
    if literal("null") { return .some(nil) }
    return read(&self).map { .some($0) }
  }

  mutating func optionalString() -> String?? { optional { $0.string() } }

  mutating func boolean() -> Bool? {
    if literal("true") { return true }
    if literal("false") { return false }
    return nil
  }

  /// A plain integer (`-`? digits, no fraction or exponent) that fits an `Int`.
  mutating func integer() -> Int? {
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
  mutating func double() -> Double? {
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

  mutating func strings() -> [String]? {
    var list: [String] = []
    let ok = array { reader in
      guard let text = reader.string() else { return false }
      list.append(text)
      return true
    }
    return ok ? list : nil
  }

  /// A string, its escapes resolved; `nil` for a raw control character or a bad escape.
  mutating func string() -> String? {
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
        guard escape({ text.append($0) }) else { return nil }
      default:
        guard byte >= 0x20 else { return nil }
        text.append(byte)
      }
    }
    return nil
  }

  /// Reads the escape after a backslash, handing the UTF-8 bytes it stands for to `append`;
  /// `false` for one JSON does not have, or a `\u` escape of a lone surrogate.
  private mutating func escape(_ append: (UInt8) -> Void) -> Bool {
    guard index < bytes.count else { return false }
    let escape = bytes[index]
    index += 1
    switch escape {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): append(escape)
    case UInt8(ascii: "b"): append(0x08)
    case UInt8(ascii: "f"): append(0x0C)
    case UInt8(ascii: "n"): append(0x0A)
    case UInt8(ascii: "r"): append(0x0D)
    case UInt8(ascii: "t"): append(0x09)
    case UInt8(ascii: "u"):
      guard let scalar = escapedScalar() else { return false }
      UTF8.encode(scalar, into: append)
    default:
      return false
    }
    return true
  }

  /// The scalar of a `\u` escape, read after its `u`: four hex digits, and for a high
  /// surrogate the `\u` escape of its low half at once; `nil` for a lone surrogate.
  private mutating func escapedScalar() -> Unicode.Scalar? {
    guard var unit = hex4() else { return nil }
    if (0xD800..<0xDC00).contains(unit) {
      // The low half must follow at once (no whitespace inside a string).
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      else { return nil }
      index += 2
      guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
      unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
      return Unicode.Scalar(unit)
    }
    return (0xDC00..<0xE000).contains(unit) ? nil : Unicode.Scalar(unit)
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

  /// A string skipped, its escapes checked as `string()` checks them, without making it.
  mutating func skipString() -> Bool {
    guard take(UInt8(ascii: "\"")) else { return false }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return true
      case UInt8(ascii: "\\"):
        guard escape({ _ in }) else { return false }
      default:
        guard byte >= 0x20 else { return false }
      }
    }
    return false
  }

  /// `{ "key": value, … }` as `object(_:)`, each key handed over as its bytes without making a
  /// string; `false` for a key with an escape or a control character (GitHub sends none), which
  /// the caller then reads with `JSONDecoder`.
  mutating func objectWithRawKeys(_ field: (UnsafeBufferPointer<UInt8>, inout Self) -> Bool)
    -> Bool
  {
    guard depth < Self.maximumDepth, take(UInt8(ascii: "{")) else { return false }
    depth += 1
    defer { depth -= 1 }
    if take(UInt8(ascii: "}")) { return true }
    repeat {
      guard take(UInt8(ascii: "\"")) else { return false }
      let start = index
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        guard bytes[index] >= 0x20, bytes[index] != UInt8(ascii: "\\") else { return false }
        index += 1
      }
      guard index < bytes.count else { return false }
      let key = UnsafeBufferPointer(rebasing: bytes[start..<index])
      index += 1
      guard take(UInt8(ascii: ":")), field(key, &self) else { return false }
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}"))
  }

  /// Skips any JSON value (an unknown key's).
  mutating func skipValue() -> Bool {
    switch peek() {
    case UInt8(ascii: "\""): return skipString()
    case UInt8(ascii: "{"): return objectWithRawKeys { _, reader in reader.skipValue() }
    case UInt8(ascii: "["): return array { $0.skipValue() }
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return boolean() != nil
    case UInt8(ascii: "n"): return literal("null")
    case .some: return double() != nil
    case nil: return false
    }
  }
}
