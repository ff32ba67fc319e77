import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The status line and header fields of a response, as the server sent them.
struct ResponseHead: Equatable {
  /// The protocol version, for example `HTTP/1.1` or `HTTP/2`.
  var version: String
  /// The status code.
  var status: Int
  /// The header fields in the order and spelling they arrived.
  var fields: [(name: String, value: String)]

  /// The first value of the field `name`, compared case-insensitively.
  func value(_ name: String) -> String? {
    fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }

  /// Every value of the field `name` (compared case-insensitively), joined with ", " as one
  /// list, as repeated fields mean; `nil` when there is none.
  func joinedValues(_ name: String) -> String? {
    let values = fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    return values.isEmpty ? nil : values.map(\.value).joined(separator: ", ")
  }

  /// The response for `url`; repeated fields are joined with ", ", as Foundation does.
  func response(for url: URL) -> HTTPURLResponse? {
    var joined: [String: String] = [:]
    var names: [String: String] = [:]
    for field in fields {
      let key = field.name.lowercased()
      if let name = names[key], let previous = joined[name] {
        joined[name] = previous + ", " + field.value
      } else {
        names[key] = field.name
        joined[field.name] = field.value
      }
    }
    return HTTPURLResponse(
      url: url, statusCode: status, httpVersion: version, headerFields: joined)
  }

  static func == (lhs: ResponseHead, rhs: ResponseHead) -> Bool {
    lhs.version == rhs.version && lhs.status == rhs.status
      && lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
  }
}

/// Collects header lines as libcurl passes them, one callback a line, into the final head.
///
/// Interim `1xx` blocks are skipped; lines after the final head (trailers) are ignored.
struct ResponseHeadParser {
  private var current: ResponseHead?
  private var done = false

  /// Takes one line (with its line break); returns the head once its blank line arrives.
  mutating func consume(_ bytes: UnsafeRawBufferPointer) -> ResponseHead? {
    guard !done else { return nil }
    var line = String(decoding: bytes, as: UTF8.self)
    while let last = line.last, last.isNewline { line.removeLast() }
    if line.hasPrefix("HTTP/") {
      let parts = line.split(separator: " ", maxSplits: 2)
      current = ResponseHead(
        version: parts.first.map(String.init) ?? "HTTP/1.1",
        status: parts.count > 1 ? Int(parts[1]) ?? 0 : 0, fields: [])
      return nil
    }
    guard var head = current else { return nil }
    if line.isEmpty {
      current = nil
      guard head.status >= 200 else { return nil }
      done = true
      return head
    }
    if line.first == " " || line.first == "\t", !head.fields.isEmpty {
      // An obsolete folded continuation of the previous field.
      head.fields[head.fields.count - 1].value += " " + line.trimmingCharacters(in: .whitespaces)
    } else if let colon = line.firstIndex(of: ":") {
      head.fields.append(
        (
          String(line[..<colon]),
          line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        ))
    }
    current = head
    return nil
  }
}
