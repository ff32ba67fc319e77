/// Strings: read with their escapes resolved, or skipped.
extension JSONByteReader {
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
}
