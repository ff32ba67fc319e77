#if canImport(Glibc)
  import Glibc
#endif

/// The process's environment as a dictionary, read from `environ` as
/// `ProcessInfo.processInfo.environment` reads it (each entry decoded with `String(cString:)`,
/// split at its first `=` character, an entry without one skipped, a later entry for the same
/// name winning), without its cost at start: Foundation finds the `=` one grapheme at a time,
/// about 10,000 instructions an entry (420,000 for the 39 variables of a tmux pane). An ASCII
/// entry is split at its first `=` byte, which is the same place, straight from its bytes; any
/// other entry is split as Foundation splits it.
enum ProcessEnvironment {
  static func current() -> [String: String] {
    var results: [String: String] = [:]
    // glibc points `environ` at the array the process started with; only clearenv(), which
    // nothing here calls, would make it NULL.
    var entry = environ
    while let pointer = entry.pointee {
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
        count: strlen(pointer))
      if let (key, value) = split(bytes) { results[key] = value }
      entry += 1
    }
    return results
  }

  /// An entry's bytes as a name and its value, split as Foundation splits an entry: an ASCII
  /// one at its first `=` byte, made into strings without indexing a `String`; any other as
  /// `split(_:)` of its text (invalid UTF-8 repaired as `String(cString:)` repairs it).
  static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, String)? {
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      return split(String(decoding: bytes, as: UTF8.self))
    }
    guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return nil }
    return (
      String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self),
      String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
    )
  }

  /// `text` as a name and its value, split as Foundation splits an environment entry: at the
  /// first `=` character.
  static func split(_ text: String) -> (String, String)? {
    guard let equals = text.firstIndex(of: "=") else { return nil }
    return (String(text[..<equals]), String(text[text.index(after: equals)...]))
  }
}
