import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// A small HTTP/1.1 server bound to 127.0.0.1, one thread per connection, for tests and demos.
public final class HTTPServer: Sendable {
  /// Decides what to do with each request; called on the connection's thread.
  public typealias Handler = @Sendable (HTTPRequest) -> HTTPReply

  /// Why the server could not start.
  public struct StartError: Error, CustomStringConvertible {
    /// A one-line explanation.
    public let description: String
  }

  /// What the accept thread, the connection threads and `stop()` share.
  private struct State {
    var port: UInt16 = 0
    var listener: Int32 = -1
    var connections: Set<Int32> = []
    var acceptedCount = 0
    var stopped = false
  }

  private let handler: Handler
  private let state = Locked(State())
  private let stopSignal = DispatchSemaphore(value: 0)

  /// The port the server listens on, 0 before `start`.
  public var port: UInt16 { state.withLock { $0.port } }

  /// How many connections the server has accepted so far.
  public var acceptedConnections: Int { state.withLock { $0.acceptedCount } }

  /// `http://127.0.0.1:<port>`.
  public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// Creates a server that answers with `handler`.
  public init(handler: @escaping Handler) {
    self.handler = handler
  }

  deinit {
    stop()
  }

  /// Binds to 127.0.0.1 (an ephemeral port when `port` is 0) and starts accepting; once per
  /// server (a stopped one is not started again).
  @discardableResult
  public func start(port requested: UInt16 = 0) throws -> UInt16 {
    let unused = state.withLock { $0.listener < 0 && $0.port == 0 && !$0.stopped }
    guard unused else {
      throw StartError(description: "the server was started or stopped before: make a new one")
    }
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw StartError(description: "cannot create a socket") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = requested.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 128) == 0 else {
      let reason = String(cString: strerror(errno))
      close(fd)
      throw StartError(description: "cannot listen on 127.0.0.1:\(requested): \(reason)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    let port = UInt16(bigEndian: address.sin_port)
    state.withLock {
      $0.port = port
      $0.listener = fd
    }
    let thread = Thread { [self] in acceptLoop(fd) }
    thread.name = "LoopbackHTTP.accept"
    thread.start()
    return port
  }

  /// Stops accepting, closes every connection and releases requests that never answer.
  ///
  /// The sockets are only shut down here, under the lock; each is closed by the thread that
  /// uses it, under the same lock and after it is taken out of `state`. So `stop()` never
  /// touches a number that was closed and may be another socket's by now, and no thread calls
  /// into a number after it was closed (a listener closed here could be reopened by the next
  /// server while this one's accept thread, between two calls, still held its number, and
  /// would take that server's connections).
  public func stop() {
    state.withLock { state in
      guard !state.stopped else { return }
      state.stopped = true
      if state.listener >= 0 { shutdown(state.listener, Int32(SHUT_RDWR)) }
      state.listener = -1
      for connection in state.connections { shutdown(connection, Int32(SHUT_RDWR)) }
    }
    for _ in 0..<64 { stopSignal.signal() }
  }

  // MARK: - Connections

  /// Accepts until the server stops, then closes the listener. An error that passes (out of
  /// descriptors or memory, a connection aborted before it was taken) is waited out.
  private func acceptLoop(_ fd: Int32) {
    defer {
      state.withLock { state in
        if state.listener == fd { state.listener = -1 }
        close(fd)
      }
    }
    while !isStopped {
      let connection = accept(fd, nil, nil)
      if connection < 0 {
        switch errno {
        case EINTR, ECONNABORTED, EPROTO: continue
        case EMFILE, ENFILE, ENOBUFS, ENOMEM:
          usleep(10_000)
          continue
        default: return
        }
      }
      let accepted = state.withLock {
        guard !$0.stopped else { return false }
        $0.connections.insert(connection)
        $0.acceptedCount += 1
        return true
      }
      guard accepted else {
        close(connection)
        return
      }
      var one: Int32 = 1
      setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(4))
      let thread = Thread { [self] in serve(connection) }
      thread.name = "LoopbackHTTP.connection"
      thread.start()
    }
  }

  private func serve(_ fd: Int32) {
    defer {
      state.withLock {
        _ = $0.connections.remove(fd)
        close(fd)
      }
    }
    var reader = SocketReader(fd: fd)
    while true {
      let request: HTTPRequest
      switch reader.readRequest() {
      case .request(let read): request = read
      case .end: return
      case .notHTTP:
        refuse(on: fd)
        return
      }
      let keepAlive = request.headers["connection"]?.lowercased() != "close"
      switch handler(request) {
      case .drop:
        return
      case .neverAnswer:
        while !isStopped { _ = stopSignal.wait(timeout: .now() + 0.2) }
        return
      case .respond(let response):
        if response.delay > 0 { pause(response.delay) }
        guard send(response, on: fd, keepAlive: keepAlive), keepAlive else { return }
      }
    }
  }

  private var isStopped: Bool { state.withLock { $0.stopped } }

  /// Answers bytes that are not an HTTP request (a TLS handshake, say) with a 400, as real
  /// servers do, and ends the connection; what the client still sends is read first, so the
  /// close does not reset the answer away.
  private func refuse(on fd: Int32) {
    let text = "This server speaks plain HTTP/1.1; that was not an HTTP request.\n"
    let answer =
      "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: text/plain\r\n"
      + "Content-Length: \(text.utf8.count)\r\n\r\n\(text)"
    guard write(Data(answer.utf8), to: fd) else { return }
    shutdown(fd, Int32(SHUT_WR))
    var wait = timeval(tv_sec: 0, tv_usec: 200_000)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    var scratch = [UInt8](repeating: 0, count: 4_096)
    while scratch.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, 0) }) > 0 {}
  }

  private func pause(_ seconds: TimeInterval) {
    let until = Date().addingTimeInterval(seconds)
    while !isStopped, Date() < until {
      Thread.sleep(forTimeInterval: min(0.05, max(0, until.timeIntervalSinceNow)))
    }
  }

  private func send(_ response: HTTPResponse, on fd: Int32, keepAlive: Bool) -> Bool {
    let keep = keepAlive && response.cutAfter == nil
    guard write(response.head(keepAlive: keep), to: fd) else { return false }
    var body = response.body
    if response.chunked { body = Self.chunkedEncoding(body, size: response.chunkSize ?? 1_024) }
    if let cut = response.cutAfter { body = body.prefix(cut) }
    guard let size = response.chunkSize, size > 0, !response.chunked else {
      return write(body, to: fd) && response.cutAfter == nil
    }
    var offset = 0
    while offset < body.count {
      let end = min(body.count, offset + size)
      guard write(body[offset..<end], to: fd) else { return false }
      offset = end
      if offset < body.count {
        response.afterPiece?(offset)
        pause(response.chunkPause)
      }
      if isStopped { return false }
    }
    return response.cutAfter == nil
  }

  private static func chunkedEncoding(_ body: Data, size: Int) -> Data {
    var encoded = Data()
    var offset = body.startIndex
    while offset < body.endIndex {
      let end = min(body.endIndex, offset + max(1, size))
      encoded.append(Data((String(end - offset, radix: 16) + "\r\n").utf8))
      encoded.append(body[offset..<end])
      encoded.append(Data("\r\n".utf8))
      offset = end
    }
    encoded.append(Data("0\r\n\r\n".utf8))
    return encoded
  }

  private func write(_ data: Data, to fd: Int32) -> Bool {
    (try? SocketStream(fd: fd).send(data)) != nil
  }
}

/// Reads requests from a socket: head up to the blank line, then `Content-Length` bytes.
struct SocketReader {
  private var stream: SocketStream

  init(fd: Int32) {
    stream = SocketStream(fd: fd)
  }

  /// What came next on the connection.
  enum Read {
    /// A whole request.
    case request(HTTPRequest)
    /// Bytes that are not an HTTP/1.1 request: a request line that does not start with a
    /// method's letter (a TLS handshake starts with 0x16), or a head that does not parse.
    case notHTTP
    /// The connection ended (or failed) before a request.
    case end
  }

  mutating func readRequest() -> Read {
    // A method is letters: anything else is known at the first byte, without waiting for a
    // blank line that never comes.
    guard let first = try? stream.peek() else { return .end }
    guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else { return .notHTTP }
    let head: Data
    do throws(SocketStream.Failure) {
      guard let read = try stream.read(until: Data("\r\n\r\n".utf8), limit: 64 * 1024) else {
        return .end
      }
      head = read
    } catch .tooLong {
      return .notHTTP
    } catch {
      return .end
    }
    guard var request = HTTPRequest.parse(head: String(decoding: head, as: UTF8.self)) else {
      return .notHTTP
    }
    let length = Int(request.headers["content-length"] ?? "0") ?? 0
    while request.body.count < length {
      guard let piece = try? stream.take(upTo: length - request.body.count) else { return .end }
      request.body.append(piece)
    }
    return .request(request)
  }
}
