import Foundation

/// Writes the fixtures' JSON (strings, numbers, booleans, null, arrays, objects) quickly;
/// Foundation's `JSONSerialization` on Linux made the built-in server slow to start.
enum JSONText {
  /// The JSON text of `value`, UTF-8 encoded.
  static func data(_ value: Any) -> Data {
    var text = ""
    text.reserveCapacity(4_096)
    write(value, into: &text)
    return Data(text.utf8)
  }

  private static func write(_ value: Any, into text: inout String) {
    switch value {
    case let string as String:
      writeString(string, into: &text)
    case let bool as Bool:
      text += bool ? "true" : "false"
    case let int as Int:
      text += String(int)
    case let double as Double:
      text += String(double)
    case let array as [Any]:
      text += "["
      for (index, element) in array.enumerated() {
        if index > 0 { text += "," }
        write(element, into: &text)
      }
      text += "]"
    case let object as [String: Any]:
      text += "{"
      for (index, key) in object.keys.sorted().enumerated() {
        if index > 0 { text += "," }
        writeString(key, into: &text)
        text += ":"
        write(object[key]!, into: &text)
      }
      text += "}"
    default:
      text += "null"
    }
  }

  private static func writeString(_ string: String, into text: inout String) {
    text += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }
}
