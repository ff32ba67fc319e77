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
      var scanner = Scanner(raw: raw)
      guard let offsets = scanner.objects() else { return nil }
      return offsets.map { body.startIndex + $0.lowerBound..<body.startIndex + $0.upperBound }
    }
  }

  /// A position in the bytes of one array.
  private struct Scanner {
    let raw: UnsafeRawBufferPointer
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(raw: UnsafeRawBufferPointer) {
      self.raw = raw
      bytes = raw.bindMemory(to: UInt8.self)
    }

    /// The offsets of each object of the array that is the whole text; `nil` when it is not
    /// one, or an element is not an object.
    mutating func objects() -> [Range<Int>]? {
      guard take(UInt8(ascii: "[")) else { return nil }
      var ranges: [Range<Int>] = []
      if take(UInt8(ascii: "]")) { return atEnd ? ranges : nil }
      repeat {
        skipSpace()
        guard let range = object() else { return nil }
        ranges.append(range)
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "]")) && atEnd ? ranges : nil
    }

    /// Whether only whitespace is left.
    private var atEnd: Bool {
      mutating get {
        skipSpace()
        return index == bytes.count
      }
    }

    private mutating func skipSpace() {
      while index < bytes.count,
        bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
          || bytes[index] == 0x09
      {
        index += 1
      }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
      skipSpace()
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    /// The object starting here, to its matching brace, strings skipped; `nil` when there is
    /// none or it does not close.
    private mutating func object() -> Range<Int>? {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
      let start = index
      var depth = 0
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          guard skipString() else { return nil }
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 {
            index += 1
            return start..<index
          }
        default: break
        }
        index += 1
      }
      return nil
    }

    /// From the opening quote here to the closing one (the index left on it); `false` when
    /// the string does not close.
    private mutating func skipString() -> Bool {
      index += 1
      while index < bytes.count {
        // Most of a page is inside strings: find the next quote with memchr. It ends the
        // string unless an odd number of backslashes stands before it (each pair is an
        // escaped backslash), which is where reading the escapes one by one ends too.
        guard let found = memchr(raw.baseAddress! + index, 0x22, bytes.count - index) else {
          return false
        }
        let quote = raw.baseAddress!.distance(to: UnsafeRawPointer(found))
        var backslashes = 0
        while bytes[quote - 1 - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
        index = quote
        if backslashes % 2 == 0 { return true }
        index += 1
      }
      return false
    }
  }
}
