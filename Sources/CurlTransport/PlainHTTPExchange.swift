import CCurl
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One `CurlTransfer` over plain HTTP/1.1 on `PlainHTTPEngine`, without following redirects:
/// the request written, the response's head and body read as they arrive, the connection kept
/// when the response leaves it reusable.
///
/// It reports as `CurlExchange` does (the same handlers, the same libcurl codes for the same
/// failures), so `CurlLoad` and the errors it makes cannot tell the two apart.
final class PlainHTTPExchange {
  private let transfer: CurlTransfer
  private let engine: PlainHTTPEngine
  private let url: URL
  private let method: String
  private let timeout: Double
  private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
  /// Body bytes held back until the socket has no more for now (or this many arrived).
  private static let pendingBodyLimit = 1 << 20
  /// The most a response's head may take, as in libcurl (its header fields in all).
  private static let headLimit = 300 * 1024

  /// An exchange for `transfer` (whose request `PlainHTTPEngine.sends`) on `engine`.
  init(_ transfer: CurlTransfer, engine: PlainHTTPEngine) {
    self.transfer = transfer
    self.engine = engine
    // `sends` took only requests with a URL.
    url = transfer.request.url ?? URL(fileURLWithPath: "/")
    method = transfer.request.httpMethod?.uppercased() ?? "GET"
    let interval = transfer.request.timeoutInterval
    timeout = interval > 0 ? interval : 60
  }

  /// The `host:port` connections are kept under.
  private var origin: String { "\(url.host ?? ""):\(url.port ?? 80)" }

  /// Sends the request and reads the answer, then tells the transfer how it ended (unless it
  /// was removed).
  func run() {
    defer { engine.ended(transfer.id) }
    let end: CurlTransfer.End
    do {
      end = try send()
    } catch {
      var failed = CurlTransfer.End(code: error.code, url: url)
      failed.errorText = error.text
      failed.detailSource = "HTTP"
      end = failed
    }
    guard !engine.isCancelled(transfer.id) else { return }
    transfer.done(end)
  }

  /// An exchange on a kept connection, then, if that connection turned out closed before any
  /// of the answer came, on a new one.
  private func send() throws(PlainSocket.Failure) -> CurlTransfer.End {
    if let socket = engine.takeIdle(origin) {
      if let end = try exchange(on: socket, reused: true) { return end }
    }
    guard let end = try exchange(on: try connect(), reused: false) else {
      throw PlainSocket.Failure(code: CURLE_GOT_NOTHING, text: "Empty reply from server")
    }
    return end
  }

  /// A new connection to the URL's host: each address it resolves to tried in turn.
  private func connect() throws(PlainSocket.Failure) -> PlainSocket {
    let host = url.host ?? ""
    let port = url.port ?? 80
    var failure = PlainSocket.Failure(
      code: CURLE_COULDNT_CONNECT, text: "Failed to connect to \(host) port \(port)")
    // One deadline for every address the name has, as libcurl's connect timeout is.
    let deadline = PlainSocket.now() + timeout
    for address in try PlainSocket.resolve(host: host, port: port) {
      let left = deadline - PlainSocket.now()
      guard left > 0 else {
        throw PlainSocket.Failure(
          code: CURLE_OPERATION_TIMEDOUT,
          text: "Failed to connect to \(host) port \(port): Connection timed out")
      }
      let socket = try PlainSocket.make(for: address)
      guard engine.use(socket, for: transfer.id) else {
        socket.close()
        throw PlainSocket.Failure(code: CURLE_ABORTED_BY_CALLBACK, text: "cancelled")
      }
      do {
        try socket.connect(to: address, timeout: left)
        return socket
      } catch {
        failure = PlainSocket.Failure(
          code: error.code, text: "Failed to connect to \(host) port \(port): \(error.text)")
        release(socket, keeping: false)
      }
    }
    throw failure
  }

  /// The socket is no longer the transfer's: kept for the next request, or closed.
  private func release(_ socket: PlainSocket, keeping: Bool) {
    // Off the transfer first, so `remove` can no longer shut it down.
    _ = engine.use(nil, for: transfer.id)
    if keeping { engine.keep(socket, for: origin) } else { socket.close() }
  }

  /// The request and its response on `socket`; `nil` when a kept connection had been closed
  /// by the server before any of the response came (the request is then sent again, on a
  /// new connection, as libcurl does).
  private func exchange(on socket: PlainSocket, reused: Bool) throws(PlainSocket.Failure)
    -> CurlTransfer.End?
  {
    if reused, !engine.use(socket, for: transfer.id) {
      socket.close()
      throw PlainSocket.Failure(code: CURLE_ABORTED_BY_CALLBACK, text: "cancelled")
    }
    var keeping = false
    defer { release(socket, keeping: keeping) }
    var bodySent = true
    do {
      try write(on: socket)
    } catch {
      // A server may answer before it has read the whole body (a 413, say) and close: that
      // answer is the response. Nothing to read on a kept connection means the server had
      // closed it: sent again on a new one. Anything else failed.
      if socket.hasInput {
        bodySent = false
      } else if reused, error.code != CURLE_OPERATION_TIMEDOUT {
        return nil
      } else {
        throw error
      }
    }
    var parser = ResponseHeadParser()
    var line: [UInt8] = []
    var headBytes = 0
    var expectsStatus = true
    var head: ResponseHead?
    var rest = 0..<0
    // The head: lines fed to the parser until it has the final one.
    while head == nil {
      let count: Int
      switch try receive(on: socket) {
      case .bytes(let received): count = received
      case .end where headBytes == 0 && reused, .reset where headBytes == 0 && reused:
        return nil
      case .end where headBytes == 0:
        throw PlainSocket.Failure(code: CURLE_GOT_NOTHING, text: "Empty reply from server")
      case .end:
        throw PlainSocket.Failure(
          code: CURLE_WEIRD_SERVER_REPLY, text: "The connection closed inside the response head")
      case .reset:
        throw PlainSocket.Failure(code: CURLE_RECV_ERROR, text: "Connection reset by peer")
      case .wouldWait:
        try socket.waitToRead(timeout: timeout)
        continue
      }
      var start = 0
      for index in 0..<count where buffer[index] == UInt8(ascii: "\n") {
        line.append(contentsOf: buffer[start...index])
        start = index + 1
        if let done = try take(line, statusLine: expectsStatus, into: &parser) {
          head = done
          rest = start..<count
          break
        }
        // A blank line ends an interim (1xx) head: a status line comes next.
        expectsStatus = line.count <= 2 && line.allSatisfy { $0 == 13 || $0 == 10 }
        line.removeAll(keepingCapacity: true)
      }
      if head == nil { line.append(contentsOf: buffer[start..<count]) }
      // Only the head's own bytes count, not the body's that came with them.
      headBytes += head == nil ? count : rest.lowerBound
      guard headBytes <= Self.headLimit else {
        throw PlainSocket.Failure(
          code: CURLE_WEIRD_SERVER_REPLY, text: "The response head is too large")
      }
    }
    guard let head else { return nil }
    guard let framing = ResponseBodyReader.framing(of: head, method: method) else {
      throw PlainSocket.Failure(code: CURLE_WEIRD_SERVER_REPLY, text: "Invalid Content-Length")
    }
    guard !engine.isCancelled(transfer.id) else {
      return CurlTransfer.End(code: CURLE_OK, url: url)
    }
    guard transfer.head(head) else {
      throw PlainSocket.Failure(code: CURLE_WRITE_ERROR, text: "Stopped by the receiver")
    }
    var reader = ResponseBodyReader(framing: framing)
    var pending = Data()
    var unused = try feed(rest, to: &reader, pending: &pending)
    while !reader.isComplete, unused == 0 {
      switch try receive(on: socket) {
      case .bytes(let count):
        unused = try feed(0..<count, to: &reader, pending: &pending)
        if pending.count >= Self.pendingBodyLimit { try deliver(&pending) }
      case .wouldWait:
        try deliver(&pending)
        try socket.waitToRead(timeout: timeout)
      case .reset:
        throw PlainSocket.Failure(code: CURLE_RECV_ERROR, text: "Connection reset by peer")
      case .end:
        guard framing == .untilClose else {
          throw PlainSocket.Failure(
            code: CURLE_PARTIAL_FILE, text: "The connection closed before the whole body came")
        }
        try deliver(&pending)
        return ended(head, on: socket, reused: reused)
      }
    }
    try deliver(&pending)
    keeping = bodySent && unused == 0 && Self.leavesOpen(head)
    return ended(head, on: socket, reused: reused)
  }

  /// Reads what the socket has into the buffer, without waiting.
  private func receive(on socket: PlainSocket) throws(PlainSocket.Failure) -> PlainSocket.Received {
    try buffer.withUnsafeMutableBytes { bytes in
      Result { () throws(PlainSocket.Failure) in try socket.receive(into: bytes) }
    }.get()
  }

  /// One line of the head for `parser` (`statusLine`: where a status line must be); the head
  /// once it is complete.
  private func take(_ line: [UInt8], statusLine: Bool, into parser: inout ResponseHeadParser)
    throws(PlainSocket.Failure) -> ResponseHead?
  {
    guard !statusLine || Self.isStatusLine(line) else {
      throw PlainSocket.Failure(
        code: CURLE_WEIRD_SERVER_REPLY,
        text: "The server did not answer with an HTTP/1.x status line")
    }
    return line.withUnsafeBytes { parser.consume($0) }
  }

  /// Whether `line` is `HTTP/1.x`, a space and a status code from 100 to 599 (then a space and
  /// a reason, or the line's end).
  static func isStatusLine(_ line: [UInt8]) -> Bool {
    let prefix = Array("HTTP/1.".utf8)
    let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
    guard line.count >= 12, line.starts(with: prefix), digit.contains(line[7]),
      line[8] == UInt8(ascii: " ")
    else { return false }
    let digits = line[9..<12]
    guard digits.allSatisfy({ digit.contains($0) }) else { return false }
    let code = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    let after = line.count > 12 ? line[12] : UInt8(ascii: "\n")
    return (100...599).contains(code)
      && [UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(after)
  }

  /// `range` of the buffer given to `reader`, the body in it added to `pending`; how many of
  /// its bytes came after the body.
  private func feed(_ range: Range<Int>, to reader: inout ResponseBodyReader, pending: inout Data)
    throws(PlainSocket.Failure) -> Int
  {
    guard !range.isEmpty else { return 0 }
    let progress = buffer.withUnsafeBytes { bytes in
      reader.consume(UnsafeRawBufferPointer(rebasing: bytes[range]), into: &pending)
    }
    switch progress {
    case .needsMore: return 0
    case .complete(let unused): return unused
    case .malformed:
      throw PlainSocket.Failure(code: CURLE_RECV_ERROR, text: "Invalid chunked encoding")
    }
  }

  /// Hands the body bytes held back to the transfer.
  private func deliver(_ pending: inout Data) throws(PlainSocket.Failure) {
    guard !pending.isEmpty else { return }
    let data = pending
    pending = Data()
    guard !engine.isCancelled(transfer.id), transfer.data(data) else {
      throw PlainSocket.Failure(code: CURLE_WRITE_ERROR, text: "Stopped by the receiver")
    }
  }

  /// The end of a complete exchange, with its report when one is asked for.
  private func ended(_ head: ResponseHead, on socket: PlainSocket, reused: Bool)
    -> CurlTransfer.End
  {
    var end = CurlTransfer.End(code: CURLE_OK, url: url)
    if TransferObserver.shared.current != nil {
      end.report = CurlTransferReport(
        url: url, status: head.status, httpVersion: head.version == "HTTP/1.0" ? .http10 : .http11,
        connectionsOpened: reused ? 0 : 1, localPort: socket.localPort)
    }
    return end
  }

  /// Whether the connection may carry another request after `head`'s response.
  private static func leavesOpen(_ head: ResponseHead) -> Bool {
    let tokens = (head.value("Connection") ?? "").lowercased().split(separator: ",")
      .map { $0.trimmingCharacters(in: .whitespaces) }
    return head.version == "HTTP/1.1" && !tokens.contains("close")
  }

  // MARK: - The request

  /// Writes the request head and body, reporting the body's bytes as they go out.
  private func write(on socket: PlainSocket) throws(PlainSocket.Failure) {
    let head = try Self.head(of: transfer.request, url: url, method: method, body: transfer.body)
    try head.withUnsafeBytes { bytes in
      Result { () throws(PlainSocket.Failure) in try socket.send(bytes, timeout: timeout) }
    }.get()
    let body = transfer.body
    let total = Int64(body.count)
    var offset = 0
    while offset < body.count {
      let end = min(body.count, offset + 64 * 1024)
      try body[offset..<end].withUnsafeBytes { bytes in
        Result { () throws(PlainSocket.Failure) in try socket.send(bytes, timeout: timeout) }
      }.get()
      transfer.sent(Int64(end - offset), Int64(end), total)
      offset = end
    }
  }

  /// The request line and header fields for `request`, as libcurl would write them: `Host`
  /// and `Accept: */*` unless given, `Content-Length` for a body (or a method that has one),
  /// none of the fields that describe the connection.
  static func head(of request: URLRequest, url: URL, method: String, body: Data)
    throws(PlainSocket.Failure) -> [UInt8]
  {
    var target = url.path(percentEncoded: true)
    if target.isEmpty { target = "/" }
    if let query = url.query(percentEncoded: true) { target += "?" + query }
    var lines: [String] = []
    var names = Set<String>()
    for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
      let lower = name.lowercased()
      guard !["content-length", "transfer-encoding", "connection", "expect"].contains(lower) else {
        continue
      }
      guard !name.isEmpty, !(name + value).contains(where: { $0 == "\r" || $0 == "\n" }) else {
        throw PlainSocket.Failure(
          code: CURLE_BAD_FUNCTION_ARGUMENT, text: "The header field \(name) has a line break")
      }
      names.insert(lower)
      lines.append("\(name): \(value)")
    }
    var text = "\(method) \(target) HTTP/1.1\r\n"
    if !names.contains("host") {
      var host = url.host ?? ""
      if host.contains(":") { host = "[\(host)]" }
      if let port = url.port, port != 80 { host += ":\(port)" }
      text += "Host: \(host)\r\n"
    }
    for line in lines { text += line + "\r\n" }
    if !names.contains("accept") { text += "Accept: */*\r\n" }
    if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) {
      text += "Content-Length: \(body.count)\r\n"
      // libcurl's default for a body it is given.
      if !names.contains("content-type") {
        text += "Content-Type: application/x-www-form-urlencoded\r\n"
      }
    }
    text += "\r\n"
    return Array(text.utf8)
  }
}
