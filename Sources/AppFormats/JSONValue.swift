/// A JSON value that writes itself as one line: keys sorted, strings exact, and every control
/// or invisible format character escaped, so the line is data for a script and still safe to
/// print on a terminal.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The value as one line of JSON, without a trailing newline.
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
