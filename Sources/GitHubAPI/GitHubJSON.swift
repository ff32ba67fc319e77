import ApexyHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// JSON decoding that reports unreadable bodies as `GitHubError.unreadable`.
public enum GitHubJSON {
  /// Decodes `type`, or throws a `GitHubError.unreadable` naming what was wrong.
  public static func decode<T: JSONReadable>(_ type: T.Type, from body: Data) throws -> T {
    guard !body.isEmpty else { throw GitHubError.unreadable(detail: "the body is empty") }
    if let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
      first != UInt8(ascii: "{"), first != UInt8(ascii: "[")
    {
      let kind = first == UInt8(ascii: "<") ? "HTML" : "not JSON"
      throw GitHubError.unreadable(detail: "the body is \(kind), expected JSON")
    }
    if let offset = invalidUTF8Offset(body) {
      throw GitHubError.unreadable(detail: "the body is not valid UTF-8 (byte \(offset))")
    }
    let result = body.withUnsafeBytes { raw in
      Result { () throws(JSONReader.SyntaxError) in
        try JSONReader.read(type, from: raw.bindMemory(to: UInt8.self))
      }
    }
    switch result {
    case .success(let read):
      if let mismatch = read.mismatch { throw GitHubError.unreadable(detail: mismatch) }
      return read.value
    case .failure(let error):
      throw GitHubError.unreadable(detail: "the JSON is invalid: \(error.detail)")
    }
  }

  /// The offset of the first byte that is not valid UTF-8, `nil` when all of it is.
  public static func invalidUTF8Offset(_ data: Data) -> Int? {
    data.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return nil }
      let count = raw.count
      var index = 0
      while index < count {
        // GitHub's JSON is mostly ASCII: skip it eight bytes at a time.
        while index + 8 <= count,
          (base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
          index += 8
        }
        guard index < count else { return nil }
        let lead = raw[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return index
        }
        guard index + length <= count else { return index }
        for next in 1..<max(1, length) where raw[index + next] & 0xC0 != 0x80 {
          return index
        }
        if length == 3 {
          let second = raw[index + 1]
          if (lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) { return index }
        } else if length == 4 {
          let second = raw[index + 1]
          if (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second > 0x8F) { return index }
        }
        index += length
      }
      return nil
    }
  }
}
