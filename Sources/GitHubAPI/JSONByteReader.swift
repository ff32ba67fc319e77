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

  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
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
