import Foundation

/// Writes the fixtures' JSON (strings, numbers, booleans, null, arrays, objects) quickly;
/// Foundation's `JSONSerialization` on Linux made the built-in server slow to start.
public enum JSONText {
  /// The JSON text of `value`, UTF-8 encoded.
  public static func data(_ value: Any) -> Data {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(4_096)
    write(value, into: &bytes)
    return Data(bytes)
  }

  private static func write(_ value: Any, into bytes: inout [UInt8]) {
    switch value {
    case let string as String:
      writeString(string, into: &bytes)
    case let bool as Bool:
      bytes += (bool ? "true" : "false").utf8
    case let int as Int:
      bytes += String(int).utf8
    case let double as Double:
      bytes += String(double).utf8
    case let array as [Any]:
      bytes.append(UInt8(ascii: "["))
      for (index, element) in array.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        write(element, into: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case let object as [String: Any]:
      bytes.append(UInt8(ascii: "{"))
      for (index, key) in object.keys.sorted().enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        writeString(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        write(object[key]!, into: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    default:
      bytes += "null".utf8
    }
  }

  private static func writeString(_ string: String, into bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    appendEscaped(string, into: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends the characters of `string` as they appear inside a JSON string, without quotes.
  /// Each byte is escaped on its own, so escaping parts and joining them equals escaping the
  /// whole.
  static func appendEscaped(_ string: String, into bytes: inout [UInt8]) {
    // Most fixture strings need no escape: copy their bytes in one go.
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
      case 0x00..<0x20:
        let hex = String(byte, radix: 16)
        bytes += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
      default: bytes.append(byte)
      }
    }
  }
}
