import Foundation

/// A JSON value, and the one writer of JSON text in the package: always one line, keys sorted,
/// strings exact. `line` escapes every control or invisible format character as well, so the
/// line is data for a script and still safe to print on a terminal (the app's JSON Lines);
/// `data()` escapes only what JSON requires, as a server sends it (the built-in server's
/// bodies).
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Makes a value from what `JSONSerialization` would take: `String`, `Bool`, `Int`,
  /// `Double`, arrays and `[String: Any]` of them; anything else (`NSNull`) is `null`.
  ///
  /// - Parameter value: The value to convert.
  public init(_ value: Any) {
    switch value {
    case let string as String: self = .string(string)
    case let bool as Bool: self = .bool(bool)
    case let int as Int: self = .int(int)
    case let double as Double: self = .double(double)
    case let array as [Any]: self = .array(array.map(JSONValue.init))
    case let object as [String: Any]: self = .object(object.mapValues(JSONValue.init))
    default: self = .null
    }
  }

  /// The value's JSON text, UTF-8, escaping only what JSON requires (`appendEscaped`).
  ///
  /// - Returns: The bytes, one line.
  public func data() -> Data {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(4_096)
    write(into: &bytes)
    return Data(bytes)
  }

  private func write(into bytes: inout [UInt8]) {
    switch self {
    case .null: bytes += "null".utf8
    case .bool(let value): bytes += (value ? "true" : "false").utf8
    case .int(let value): bytes += String(value).utf8
    case .double(let value): bytes += String(value).utf8
    case .string(let value): Self.appendQuoted(value, into: &bytes)
    case .array(let values):
      bytes.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        value.write(into: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        Self.appendQuoted(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        members[key]?.write(into: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  private static func appendQuoted(_ string: String, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    appendEscaped(string, into: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends the characters of `string` as they appear inside a JSON string, without quotes,
  /// escaping only what JSON requires: the quote, the backslash and C0 controls (`\n`, `\r`,
  /// `\t` in their short forms). Each byte is escaped on its own, so escaping parts and joining
  /// them equals escaping the whole.
  ///
  /// - Parameters:
  ///   - string: The text.
  ///   - bytes: Where its escaped UTF-8 goes.
  public static func appendEscaped(_ string: String, into bytes: inout [UInt8]) {
    // Most strings need no escape: copy their bytes in one go.
    let utf8 = string.utf8
    if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
    {
      bytes += utf8
      return
    }
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes += #"\""#.utf8
      case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
      case 0x0A: bytes += #"\n"#.utf8
      case 0x0D: bytes += #"\r"#.utf8
      case 0x09: bytes += #"\t"#.utf8
      case 0x00..<0x20: bytes += escape(UInt16(byte)).utf8
      default: bytes.append(byte)
      }
    }
  }

  /// The value as one line of JSON, without a trailing newline, every control and invisible
  /// format character escaped (`mustEscape`).
  public var line: String {
    var output = ""
    write(to: &output)
    return output
  }

  /// Appends the value's JSON text to `output`.
  public func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .double(let value): output += Self.number(value)
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      let keys = members.keys.sorted {
        $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars)
      }
      for (index, key) in keys.enumerated() {
        if index > 0 { output += "," }
        Self.writeString(key, to: &output)
        output += ":"
        members[key]?.write(to: &output)
      }
      output += "}"
    }
  }

  /// A whole number without a fraction (`3`), else the shortest text that reads back as the
  /// same double (`0.024`); JSON has no NaN or infinity, so those are `null`.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }

  /// Whether a scalar is written as `\uXXXX`: C0, DEL, C1, line and paragraph separators, and
  /// every format character (bidi controls, zero-width characters, BOM, tags).
  public static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F..<0xA0, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF,
      0x061C, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
      return true
    case 0x20..<0x7F:
      return false
    default:
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator: return true
      default: return false
      }
    }
  }

  private static func writeString(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      default:
        if mustEscape(scalar) {
          for unit in Character(scalar).utf16 { output += escape(unit) }
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }

  private static func escape(_ unit: UInt16) -> String {
    let hex = String(unit, radix: 16)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }
}
