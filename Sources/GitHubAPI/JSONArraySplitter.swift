import Foundation

/// Finds the elements of a JSON array of objects without decoding them: where each `{…}`
/// at the top level begins and ends, strings and their escapes skipped.
enum JSONArraySplitter {
  /// The byte ranges of the objects of `body`, when it is exactly a JSON array whose elements
  /// are all objects (whitespace allowed around them); `nil` for anything else, which the
  /// caller then decodes whole. Only the structure is checked here: the decoder checks each
  /// element's syntax.
  static func objectRanges(_ body: Data) -> [Range<Data.Index>]? {
    body.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [Range<Data.Index>]? in
      let bytes = raw.bindMemory(to: UInt8.self)
      let base = body.startIndex
      var index = 0
      func skipSpace() {
        while index < bytes.count,
          bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
            || bytes[index] == 0x09
        {
          index += 1
        }
      }
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
      index += 1
      var ranges: [Range<Data.Index>] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        skipSpace()
        return index == bytes.count ? [] : nil
      }
      while true {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        let start = index
        var depth = 0
        var inString = false
        scan: while index < bytes.count {
          let byte = bytes[index]
          if inString {
            // Most of a page is inside strings: find the next quote with memchr, and it ends
            // the string unless an odd number of backslashes stands before it (each pair is
            // an escaped backslash), which is where reading the escapes one by one ends too.
            guard let found = memchr(raw.baseAddress! + index, 0x22, bytes.count - index) else {
              index = bytes.count
              break scan
            }
            let quote = raw.baseAddress!.distance(to: UnsafeRawPointer(found))
            var backslashes = 0
            while bytes[quote - 1 - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
            index = quote
            if backslashes % 2 == 0 { inString = false }
          } else {
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
              depth -= 1
              if depth == 0 {
                index += 1
                break scan
              }
            default: break
            }
          }
          index += 1
        }
        guard depth == 0, !inString, index <= bytes.count else { return nil }
        ranges.append(base + start..<base + index)
        skipSpace()
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        guard bytes[index] == UInt8(ascii: "]") else { return nil }
        index += 1
        skipSpace()
        return index == bytes.count ? ranges : nil
      }
    }
  }
}
