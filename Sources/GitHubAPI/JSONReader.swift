/// A model read straight from JSON by `JSONReader`.
public protocol JSONReadable {
  /// Reads one value; a field of the wrong type is recorded on the reader, not thrown.
  init(json reader: inout JSONReader) throws(JSONReader.SyntaxError)
}

/// A strict JSON reader over UTF-8 bytes that turns only the fields the app shows into values
/// and checks the syntax of everything else as it skips it.
///
/// GitHub sends about 80 fields per repository and the app shows five, so skipping the rest
/// without building them is most of the work saved. The first field of a wrong type (or a
/// missing one) is remembered with its path (`[3].name`) and reported once the whole document
/// proved to be valid JSON, so a truncated body reads as truncated.
public struct JSONReader {
  /// The document is not JSON; `detail` says where.
  public struct SyntaxError: Error, Equatable {
    /// What was wrong, as part of a sentence.
    public let detail: String

    /// Creates a value from its parts.
    public init(detail: String) {
      self.detail = detail
    }
  }

  /// Nesting deeper than this is refused rather than followed.
  public static let maximumDepth = 512

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0
  private var path: [String] = []
  /// The first field that did not match its model, as a sentence fragment.
  public private(set) var mismatch: String?

  /// A reader at the start of `bytes`.
  public init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Reads one `T` that must be the whole document.
  public static func read<T: JSONReadable>(_ type: T.Type, from bytes: UnsafeBufferPointer<UInt8>)
    throws(SyntaxError) -> (value: T, mismatch: String?)
  {
    var reader = JSONReader(bytes)
    let value = try T(json: &reader)
    reader.skipWhitespace()
    if reader.index < bytes.count { throw reader.unexpected("after the end of the JSON value") }
    return (value, reader.mismatch)
  }

  // MARK: - Containers

  /// Calls `field` for each member of an object, with the reader at the member's value; the
  /// callback must consume that value. A value that is not an object is skipped and recorded.
  public mutating func readObject(
    _ field: (String, inout JSONReader) throws(SyntaxError) -> Void
  ) throws(SyntaxError) -> Bool {
    try readContainer(open: "{", close: "}", expected: "an object") {
      (_, reader) throws(SyntaxError) in
      reader.skipWhitespace()
      guard reader.peek() == UInt8(ascii: "\"") else {
        throw reader.unexpected("where a field name belongs")
      }
      let key = try reader.scanString()
      reader.skipWhitespace()
      guard reader.peek() == UInt8(ascii: ":") else { throw reader.unexpected("where ':' belongs") }
      reader.index += 1
      reader.path.append(key)
      try field(key, &reader)
      reader.path.removeLast()
    }
  }

  /// Reads an array of `T`; a value that is not an array is skipped, recorded and read as empty.
  public mutating func readArray<T: JSONReadable>(of type: T.Type) throws(SyntaxError) -> [T] {
    var elements: [T] = []
    _ = try readContainer(open: "[", close: "]", expected: "an array") {
      (position, reader) throws(SyntaxError) in
      reader.path.append("[\(position)]")
      elements.append(try T(json: &reader))
      reader.path.removeLast()
    }
    return elements
  }

  /// Calls `item` for each member of an object or element of an array, with its position; the
  /// callback must consume it. A value that is not such a container is skipped and recorded as
  /// not being `expected`.
  private mutating func readContainer(
    open: Unicode.Scalar, close: Unicode.Scalar, expected: String,
    _ item: (Int, inout JSONReader) throws(SyntaxError) -> Void
  ) throws(SyntaxError) -> Bool {
    skipWhitespace()
    guard peek() == UInt8(ascii: open) else {
      try mismatched(expected)
      return false
    }
    try enter()
    index += 1
    skipWhitespace()
    if peek() == UInt8(ascii: close) {
      index += 1
      depth -= 1
      return true
    }
    var position = 0
    while true {
      try item(position, &self)
      position += 1
      skipWhitespace()
      switch peek() ?? 0 {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: close):
        index += 1
        depth -= 1
        return true
      default: throw unexpected("where ',' or '\(close)' belongs")
      }
    }
  }

  // MARK: - Scalars

  /// A string, or `nil` for `null`; any other value is skipped and recorded.
  public mutating func readString() throws(SyntaxError) -> String? {
    try readScalar("a string", startsWith: { $0 == UInt8(ascii: "\"") }) {
      (reader) throws(SyntaxError) in try reader.scanString()
    }
  }

  /// A whole number, or `nil` for `null`; any other value is skipped and recorded.
  public mutating func readInt() throws(SyntaxError) -> Int? {
    try readScalar(
      "a number", startsWith: { $0 == UInt8(ascii: "-") || ($0 >= 0x30 && $0 <= 0x39) }
    ) {
      (reader) throws(SyntaxError) in
      let start = reader.index
      let whole = try reader.scanNumber()
      let text = String(decoding: reader.bytes[start..<reader.index], as: UTF8.self)
      guard whole, let value = Int(text) else {
        reader.record("is not a whole number in range")
        return nil
      }
      return value
    }
  }

  /// A boolean, or `nil` for `null`; any other value is skipped and recorded.
  public mutating func readBool() throws(SyntaxError) -> Bool? {
    try readScalar("a boolean", startsWith: { $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: "f") })
    {
      (reader) throws(SyntaxError) in
      let value = reader.peek() == UInt8(ascii: "t")
      try reader.skipValue()
      return value
    }
  }

  /// Reads a value that starts with a byte `startsWith` accepts; `null` reads as `nil`, and
  /// anything else is skipped and recorded as not being `expected`.
  private mutating func readScalar<T>(
    _ expected: String, startsWith: (UInt8) -> Bool,
    _ read: (inout JSONReader) throws(SyntaxError) -> T?
  ) throws(SyntaxError) -> T? {
    skipWhitespace()
    let byte = peek() ?? 0
    if startsWith(byte) { return try read(&self) }
    if byte == UInt8(ascii: "n") {
      try literal("null")
    } else {
      try mismatched(expected)
    }
    return nil
  }

  /// Records that a required field of the current object was absent or `null`.
  public mutating func missing(_ key: String, expected: String, wasNull: Bool) {
    if wasNull {
      record("is null, expected \(expected)", field: path + [key])
    } else if mismatch == nil {
      mismatch =
        "field \"\(key)\" is missing" + (path.isEmpty ? "" : " in field \(Self.describe(path))")
    }
  }

  /// Checks one value of any kind and moves past it.
  public mutating func skipValue() throws(SyntaxError) {
    skipWhitespace()
    switch peek() ?? 0 {
    case UInt8(ascii: "\""): try skipString()
    case UInt8(ascii: "{"):
      _ = try readObject { (_, reader) throws(SyntaxError) in try reader.skipValue() }
    case UInt8(ascii: "["):
      _ = try readContainer(open: "[", close: "]", expected: "an array") {
        (_, reader) throws(SyntaxError) in try reader.skipValue()
      }
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
    default: throw unexpected("where a value belongs")
    }
  }

  // MARK: - Scanning

  private func peek() -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func enter() throws(SyntaxError) {
    depth += 1
    if depth > Self.maximumDepth {
      throw SyntaxError(detail: "it nests deeper than \(Self.maximumDepth) levels")
    }
  }

  private mutating func literal(_ word: StaticString) throws(SyntaxError) {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw endOfFile() }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      index += offset
      throw unexpected("in a literal")
    }
    index += count
  }

  /// Moves past a number; returns whether it has neither fraction nor exponent.
  private mutating func scanNumber() throws(SyntaxError) -> Bool {
    func digits(_ reader: inout JSONReader) throws(SyntaxError) {
      guard let byte = reader.peek() else { throw reader.endOfFile() }
      guard byte >= 0x30 && byte <= 0x39 else { throw reader.unexpected("where a digit belongs") }
      while let next = reader.peek(), next >= 0x30 && next <= 0x39 { reader.index += 1 }
    }
    var whole = true
    if peek() == UInt8(ascii: "-") { index += 1 }
    if peek() == UInt8(ascii: "0") {
      index += 1
    } else {
      try digits(&self)
    }
    if peek() == UInt8(ascii: ".") {
      index += 1
      try digits(&self)
      whole = false
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      try digits(&self)
      whole = false
    }
    return whole
  }

  private mutating func skipString() throws(SyntaxError) {
    _ = try scanString(keep: false)
  }

  /// Reads a string at the opening quote, decoding escapes; `keep: false` only checks it.
  private mutating func scanString(keep: Bool = true) throws(SyntaxError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes, the bytes are the string (the body is valid UTF-8 already).
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return keep ? String(decoding: bytes[start..<index - 1], as: UTF8.self) : ""
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw unexpected("inside a string (control characters must be escaped)") }
      index += 1
    }
    guard index < bytes.count else { throw endOfFile() }
    var decoded = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return keep ? String(decoding: decoded, as: UTF8.self) : ""
      case UInt8(ascii: "\\"):
        index += 1
        guard let escape = peek() else { throw endOfFile() }
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"): decoded.append(contentsOf: try scanUnicodeEscape())
        default:
          index -= 1
          throw unexpected("after '\\' in a string")
        }
      default:
        if byte < 0x20 {
          throw unexpected("inside a string (control characters must be escaped)")
        }
        decoded.append(byte)
        index += 1
      }
    }
    throw endOfFile()
  }

  /// Reads the hex digits of `\u` (and of a low surrogate's `\u` after a high one); UTF-8 out.
  private mutating func scanUnicodeEscape() throws(SyntaxError) -> [UInt8] {
    var value = try hex4()
    if (0xDC00...0xDFFF).contains(value) { throw unpairedSurrogate() }
    if (0xD800...0xDBFF).contains(value) {
      guard index + 1 < bytes.count else { throw endOfFile() }
      guard bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
        throw unpairedSurrogate()
      }
      index += 2
      let low = try hex4()
      guard (0xDC00...0xDFFF).contains(low) else { throw unpairedSurrogate() }
      value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
    }
    return Array(String(Character(Unicode.Scalar(value)!)).utf8)
  }

  private mutating func hex4() throws(SyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek() else { throw endOfFile() }
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x57)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x37)
      default: throw unexpected("in a \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  // MARK: - Errors

  private mutating func mismatched(_ expected: String) throws(SyntaxError) {
    guard peek() != nil else { throw endOfFile() }
    try skipValue()
    record("is not \(expected)")
  }

  private mutating func record(_ problem: String, field: [String]? = nil) {
    guard mismatch == nil else { return }
    let field = field ?? path
    mismatch =
      field.isEmpty ? "the top level \(problem)" : "field \(Self.describe(field)) \(problem)"
  }

  private static func describe(_ path: [String]) -> String {
    var text = ""
    for component in path {
      if !text.isEmpty && !component.hasPrefix("[") { text += "." }
      text += component
    }
    return text
  }

  private func endOfFile() -> SyntaxError {
    SyntaxError(detail: "unexpected end of file")
  }

  private func unpairedSurrogate() -> SyntaxError {
    SyntaxError(detail: "a \\u escape at byte \(index) is half of a surrogate pair")
  }

  private func unexpected(_ context: String) -> SyntaxError {
    guard let byte = peek() else { return endOfFile() }
    let shown =
      byte >= 0x21 && byte < 0x7F
      ? "'\(String(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    return SyntaxError(detail: "unexpected \(shown) at byte \(index) \(context)")
  }
}

extension Array: JSONReadable where Element: JSONReadable {
  /// Reads an array of readable elements.
  public init(json reader: inout JSONReader) throws(JSONReader.SyntaxError) {
    self = try reader.readArray(of: Element.self)
  }
}
