import Foundation

/// Takes an HTTP/1.1 response's body out of the bytes that follow its head, as the head says
/// it is delimited (RFC 9112, section 6.3): by `Content-Length`, in chunks, until the server
/// closes the connection, or not at all.
struct ResponseBodyReader {
  /// How the body ends.
  enum Framing: Equatable {
    /// No body: a `HEAD` request's answer, `204` or `304`.
    case none
    /// `Content-Length` bytes.
    case length(Int64)
    /// `Transfer-Encoding: chunked`.
    case chunked
    /// Everything until the connection closes.
    case untilClose
  }

  /// What the bytes given so far make of the body.
  enum Progress: Equatable {
    /// The body goes on.
    case needsMore
    /// The body ended; `unused` bytes of the last input came after it.
    case complete(unused: Int)
    /// The chunked framing was broken: what the server sent is not a body.
    case malformed
  }

  private enum Chunked: Equatable {
    /// Reading a chunk's size line (hex digits, then any extension, then CRLF).
    case size(digits: Int, value: Int64, inExtension: Bool)
    /// Reading a chunk's data.
    case data(left: Int64)
    /// The CRLF after a chunk's data: `seenCR` once the CR came.
    case dataEnd(seenCR: Bool)
    /// Trailer lines after the last chunk: `length` bytes of the current one so far.
    case trailer(length: Int)
  }

  /// The framing this reader follows.
  let framing: Framing
  private var left: Int64
  private var chunked = Chunked.size(digits: 0, value: 0, inExtension: false)
  private var ended = false
  private static let lineLimit = 8 * 1024

  /// A reader for a body framed as `framing`.
  init(framing: Framing) {
    self.framing = framing
    if case .length(let count) = framing { left = count } else { left = 0 }
    ended = framing == .none || framing == .length(0)
  }

  /// Whether the body ended (the framing says so; a body read until close never does).
  var isComplete: Bool { ended }

  /// How a response with `head`, to a request with `method`, delimits its body; `nil` when
  /// the head's `Content-Length` is not a number (or disagrees with itself).
  static func framing(of head: ResponseHead, method: String) -> Framing? {
    if method == "HEAD" || head.status == 204 || head.status == 304 || head.status < 200 {
      return Framing.none
    }
    // Repeated fields are one list: a length given twice must agree, the last coding counts.
    if let coding = head.joinedValues("Transfer-Encoding") {
      let last = coding.split(separator: ",").last?.trimmingCharacters(in: .whitespaces)
      return last?.lowercased() == "chunked" ? .chunked : .untilClose
    }
    guard let length = head.joinedValues("Content-Length") else { return .untilClose }
    // "5, 5" from a proxy that merged two equal fields is one length.
    let values = Set(length.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    guard values.count == 1, let text = values.first, !text.isEmpty, text.count <= 18,
      text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let count = Int64(text)
    else { return nil }
    return .length(count)
  }

  /// Takes `input`, appending the body bytes in it to `body`.
  mutating func consume(_ input: UnsafeRawBufferPointer, into body: inout Data) -> Progress {
    guard !ended else { return .complete(unused: input.count) }
    switch framing {
    case .none: return .complete(unused: input.count)
    case .untilClose:
      body.append(contentsOf: input)
      return .needsMore
    case .length:
      let taken = Int(min(Int64(input.count), left))
      body.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[..<taken]))
      left -= Int64(taken)
      ended = left == 0
      return ended ? .complete(unused: input.count - taken) : .needsMore
    case .chunked:
      return consumeChunked(input, into: &body)
    }
  }

  private mutating func consumeChunked(_ input: UnsafeRawBufferPointer, into body: inout Data)
    -> Progress
  {
    var index = 0
    while index < input.count {
      let byte = input[index]
      switch chunked {
      case .size(let digits, let value, let inExtension):
        index += 1
        if byte == UInt8(ascii: "\n") {
          guard digits > 0 else { return .malformed }
          chunked = value == 0 ? .trailer(length: 0) : .data(left: value)
        } else if inExtension {
          // The extension (ignored) and the CR, counted against the line limit in `digits`.
          guard digits + 1 < Self.lineLimit else { return .malformed }
          chunked = .size(digits: digits + 1, value: value, inExtension: true)
        } else if digits > 0,
          [UInt8(ascii: ";"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")]
            .contains(byte)
        {
          chunked = .size(digits: digits, value: value, inExtension: true)
        } else if let digit = Self.hexValue(byte), digits < 15 {
          chunked = .size(digits: digits + 1, value: value << 4 | Int64(digit), inExtension: false)
        } else {
          return .malformed
        }
      case .data(let left):
        let taken = Int(min(Int64(input.count - index), left))
        body.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[index..<index + taken]))
        index += taken
        chunked = left == Int64(taken) ? .dataEnd(seenCR: false) : .data(left: left - Int64(taken))
      case .dataEnd(let seenCR):
        index += 1
        if byte == UInt8(ascii: "\r"), !seenCR {
          chunked = .dataEnd(seenCR: true)
        } else if byte == UInt8(ascii: "\n") {
          chunked = .size(digits: 0, value: 0, inExtension: false)
        } else {
          return .malformed
        }
      case .trailer(let length):
        index += 1
        if byte == UInt8(ascii: "\n") {
          // An empty line (or one of a lone CR) ends the trailer, and the body.
          if length == 0 {
            ended = true
            return .complete(unused: input.count - index)
          }
          chunked = .trailer(length: 0)
        } else if byte == UInt8(ascii: "\r"), length == 0 {
          continue
        } else {
          guard length + 1 < Self.lineLimit else { return .malformed }
          chunked = .trailer(length: length + 1)
        }
      }
    }
    return .needsMore
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
