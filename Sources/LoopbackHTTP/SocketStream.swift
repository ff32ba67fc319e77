import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A blocking socket with a read buffer, for the server's side of HTTP/1.1.
struct SocketStream {
  /// Why a read or write stopped.
  enum Failure: Error {
    /// A line or head grew past its limit before its delimiter came.
    case tooLong
    /// The system call failed with this `errno`.
    case system(Int32)
  }

  let fd: Int32
  private var buffer = Data()

  init(fd: Int32) {
    self.fd = fd
  }

  /// How many bytes were read but not taken yet.
  var bufferedCount: Int { buffer.count }

  /// Writes all of `data`.
  func send(_ data: Data) throws(Failure) {
    let failure: Int32? = data.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return nil }
      var sent = 0
      while sent < raw.count {
        let count = Glibc.send(fd, base + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return count < 0 ? errno : EPIPE }
        sent += count
      }
      return nil
    }
    if let failure { throw .system(failure) }
  }

  /// The bytes before `delimiter`, which is consumed too; `nil` when the stream ends first
  /// (what arrived stays buffered).
  mutating func read(until delimiter: Data, limit: Int) throws(Failure) -> Data? {
    while buffer.range(of: delimiter) == nil {
      guard buffer.count < limit else { throw .tooLong }
      guard try fill() else { return nil }
    }
    let range = buffer.range(of: delimiter)!
    let line = Data(buffer[buffer.startIndex..<range.lowerBound])
    buffer = Data(buffer[range.upperBound...])
    return line
  }

  /// The next byte, left in the buffer, reading when nothing is buffered; `nil` at the end of
  /// the stream.
  mutating func peek() throws(Failure) -> UInt8? {
    if buffer.isEmpty, try !fill() { return nil }
    return buffer.first
  }

  /// Up to `count` bytes, reading when nothing is buffered; `nil` at the end of the stream.
  mutating func take(upTo count: Int) throws(Failure) -> Data? {
    if buffer.isEmpty, try !fill() { return nil }
    let piece = Data(buffer.prefix(count))
    buffer = Data(buffer.dropFirst(piece.count))
    return piece
  }

  /// Reads more bytes into the buffer; false at the end of the stream.
  private mutating func fill() throws(Failure) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
        return true
      }
      if count == 0 { return false }
      if errno == EINTR { continue }
      throw .system(errno)
    }
  }
}

/// Header lines (`Name: value`) as name–value pairs, in order.
enum HTTPHeaderLines {
  /// Parses the lines after a request or status line; lines without a colon are skipped.
  static func parse<S: Sequence<String>>(_ lines: S) -> [(name: String, value: String)] {
    lines.compactMap { line in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (
        line[..<colon].trimmingCharacters(in: .whitespaces),
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      )
    }
  }
}
