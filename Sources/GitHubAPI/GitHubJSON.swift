import Foundation

/// Decodes GitHub's JSON with Foundation's `JSONDecoder`, and says in one phrase what was wrong
/// with a body it cannot read (`GitHubError.unreadable`): which field of which element.
public enum GitHubJSON {
  /// Decodes `type`, cleaning its text with `sanitizer`, or throws a `GitHubError.unreadable`
  /// naming what was wrong.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - body: The JSON.
  ///   - sanitizer: Cleans the decoded text.
  /// - Returns: The value.
  /// - Throws: `GitHubError.unreadable` saying where and what was wrong.
  public static func decode<T: Decodable>(
    _ type: T.Type, from body: Data, sanitizer: TextSanitizer = TextSanitizer()
  ) throws -> T {
    guard !body.isEmpty else { throw GitHubError.unreadable(detail: "the body is empty") }
    if let first = firstNonSpace(body), first != UInt8(ascii: "{"), first != UInt8(ascii: "[") {
      let kind = first == UInt8(ascii: "<") ? "HTML" : "not JSON"
      throw GitHubError.unreadable(detail: "the body is \(kind), expected JSON")
    }
    // JSONDecoder checks only the strings it decodes; the rest of the body is checked here.
    if let offset = invalidUTF8Offset(body) {
      throw GitHubError.unreadable(detail: "the body is not valid UTF-8 (byte \(offset))")
    }
    let decoder = JSONDecoder()
    decoder.userInfo[.textSanitizer] = sanitizer
    do {
      return try decoder.decode(type, from: body)
    } catch let error as DecodingError {
      throw GitHubError.unreadable(detail: describe(error, body: body))
    }
  }

  /// Decodes a JSON array of objects one element at a time, each with its own `JSONDecoder`
  /// pass, so the decoder's tables for one element are alive at a time instead of those of
  /// the whole body (for a page of 100 GitHub repositories about 2 MB). A body that is not a
  /// plain array of objects, or any element that does not decode, is decoded whole by
  /// `decode(_:from:sanitizer:)`, so every error reads exactly as before.
  ///
  /// - Parameters:
  ///   - type: The type of each element.
  ///   - body: A JSON array.
  ///   - sanitizer: Cleans the decoded text.
  /// - Returns: The elements.
  /// - Throws: `GitHubError.unreadable` saying where and what was wrong.
  public static func decodeElements<T: Decodable>(
    _ type: T.Type, from body: Data, sanitizer: TextSanitizer = TextSanitizer()
  ) throws -> [T] {
    guard let ranges = JSONByteReader.objectRanges(body) else {
      return try decode([T].self, from: body, sanitizer: sanitizer)
    }
    let decoder = JSONDecoder()
    decoder.userInfo[.textSanitizer] = sanitizer
    var items: [T] = []
    items.reserveCapacity(ranges.count)
    do {
      for range in ranges {
        items.append(try decoder.decode(T.self, from: body[range]))
      }
    } catch {
      return try decode([T].self, from: body, sanitizer: sanitizer)
    }
    return items
  }

  /// The offset of the first byte that is not valid UTF-8, `nil` when all of it is.
  ///
  /// - Parameter data: The bytes.
  /// - Returns: The offset of the first byte that is not UTF-8, or `nil`.
  public static func invalidUTF8Offset(_ data: Data) -> Int? {
    do {
      _ = try UTF8Span(validating: data.span)
      return nil
    } catch {
      return error.byteOffsets.lowerBound
    }
  }

  // MARK: - Describing errors

  /// `field [3].name is not a string`, `field "name" is missing in field [0]`, …
  private static func describe(_ error: DecodingError, body: Data) -> String {
    switch error {
    case .typeMismatch(let type, let context):
      return "\(subject(context.codingPath)) is not \(expected(type))"
    case .valueNotFound(let type, let context):
      return "\(subject(context.codingPath)) is null, expected \(expected(type))"
    case .keyNotFound(let key, let context):
      let container = context.codingPath.isEmpty ? "" : " in field \(path(context.codingPath))"
      return "field \"\(key.stringValue)\" is missing\(container)"
    case .dataCorrupted(let context) where !context.codingPath.isEmpty:
      return "\(subject(context.codingPath)) \(context.debugDescription)"
    case .dataCorrupted:
      // Foundation on Linux does not say where the syntax broke; a body that does not end
      // with a closing bracket was most likely cut off.
      let last = body.last { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
      let closed = last == UInt8(ascii: "]") || last == UInt8(ascii: "}")
      let cut = ": it stops before its closing ']' or '}', as if cut off"
      return "the JSON is invalid" + (closed ? "" : cut)
    @unknown default:
      return "the JSON does not match: \(error)"
    }
  }

  private static func subject(_ codingPath: [any CodingKey]) -> String {
    codingPath.isEmpty ? "the top level" : "field \(path(codingPath))"
  }

  /// `[3].name`: indices in brackets, names joined by dots.
  private static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }

  private static func expected(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Bool.Type: return "a boolean"
    case is Int.Type, is Double.Type: return "a number"
    case is [Any].Type: return "an array"
    case is [String: Any].Type: return "an object"
    default: return "a \(type)"
    }
  }

  private static func firstNonSpace(_ body: Data) -> UInt8? {
    body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
  }
}
