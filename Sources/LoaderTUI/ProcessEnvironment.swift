#if canImport(Glibc)
  import Glibc
#endif

/// The process's environment as a dictionary, read from `environ` as
/// `ProcessInfo.processInfo.environment` reads it (each entry decoded with `String(cString:)`,
/// split at its first `=` character, an entry without one skipped, a later entry for the same
/// name winning), without its cost at start: Foundation finds the `=` one grapheme at a time,
/// about 10,000 instructions an entry (420,000 for the 39 variables of a tmux pane). An ASCII
/// entry is split at its first `=` byte, which is the same place; any other entry is split as
/// Foundation splits it.
enum ProcessEnvironment {
  static func current() -> [String: String] {
    var results: [String: String] = [:]
    // glibc points `environ` at the array the process started with; only clearenv(), which
    // nothing here calls, would make it NULL.
    var entry = environ
    while let pointer = entry.pointee {
      if let (key, value) = split(String(cString: pointer)) { results[key] = value }
      entry += 1
    }
    return results
  }

  /// `text` as a name and its value, split as Foundation splits an environment entry.
  static func split(_ text: String) -> (String, String)? {
    let utf8 = text.utf8
    if utf8.allSatisfy({ $0 < 0x80 }) {
      guard let equals = utf8.firstIndex(of: UInt8(ascii: "=")) else { return nil }
      return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }
    guard let equals = text.firstIndex(of: "=") else { return nil }
    return (String(text[..<equals]), String(text[text.index(after: equals)...]))
  }
}
