import Foundation

/// Where each element of an array of objects begins and ends, for decoding one at a time.
extension JSONByteReader {
  /// The byte ranges of the objects of `body`, when it is exactly a JSON array whose elements
  /// are all objects (whitespace allowed around them) in valid UTF-8; `nil` for anything else,
  /// which the caller then decodes whole. The whole text is read as `read(_:_:)` reads it, so
  /// a range is only ever handed out of a body that is JSON.
  static func objectRanges(_ body: Data) -> [Range<Data.Index>]? {
    read(body) { reader -> [Range<Data.Index>]? in
      var ranges: [Range<Data.Index>] = []
      let isArray = reader.array { element in
        guard element.peek() == UInt8(ascii: "{") else { return false }
        let start = element.index
        guard element.skipValue() else { return false }
        ranges.append(body.startIndex + start..<body.startIndex + element.index)
        return true
      }
      return isArray ? ranges : nil
    }
  }
}
