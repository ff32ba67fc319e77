import CCurl
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A non-blocking TCP socket for plain HTTP, where every wait is bounded by a timeout.
///
/// A wait ends early when another thread shuts the socket down (`shutdown(2)`), which is how
/// a transfer is cancelled: the wait then sees the end of the stream.
struct PlainSocket: Sendable {
  /// The descriptor.
  let fd: Int32

  /// Why a socket call failed: libcurl's code for it, and a line that says what happened.
  struct Failure: Error {
    /// The libcurl code the failure maps to, so it is reported as libcurl's would be.
    let code: CURLcode
    /// What happened, for the error's message.
    let text: String
  }

  /// The addresses `host` resolves to, for TCP on `port`.
  static func resolve(host: String, port: Int) throws(Failure) -> [Address] {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_ADDRCONFIG | AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let list else {
      throw Failure(code: CURLE_COULDNT_RESOLVE_HOST, text: "Could not resolve host: \(host)")
    }
    defer { freeaddrinfo(list) }
    var addresses: [Address] = []
    var next: UnsafeMutablePointer<addrinfo>? = list
    while let entry = next?.pointee {
      if let address = entry.ai_addr {
        addresses.append(
          Address(
            family: entry.ai_family, bytes: Data(bytes: address, count: Int(entry.ai_addrlen))))
      }
      next = entry.ai_next
    }
    return addresses
  }

  /// One resolved address.
  struct Address: Sendable {
    /// `AF_INET` or `AF_INET6`.
    let family: Int32
    /// The `sockaddr` itself.
    let bytes: Data
  }

  /// A new socket for `address`, not yet connected.
  static func make(for address: Address) throws(Failure) -> PlainSocket {
    let fd = socket(
      address.family,
      Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        | Int32(SOCK_NONBLOCK.rawValue), 0)
    guard fd >= 0 else { throw Failure(code: CURLE_COULDNT_CONNECT, text: errnoText("socket")) }
    var on: Int32 = 1
    _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    _ = setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, socklen_t(MemoryLayout<Int32>.size))
    return PlainSocket(fd: fd)
  }

  /// Connects to `address`, waiting at most `timeout` seconds.
  func connect(to address: Address, timeout: Double) throws(Failure) {
    let result = address.bytes.withUnsafeBytes { bytes in
      Glibc.connect(
        fd, bytes.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(bytes.count))
    }
    if result == 0 { return }
    guard errno == EINPROGRESS else {
      throw Failure(code: CURLE_COULDNT_CONNECT, text: Self.errnoText("connect"))
    }
    guard try wait(for: Int16(POLLOUT), timeout: timeout) else {
      throw Failure(code: CURLE_OPERATION_TIMEDOUT, text: "Connection timed out")
    }
    var error: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
    guard error == 0 else {
      throw Failure(
        code: CURLE_COULDNT_CONNECT, text: "connect: " + String(cString: strerror(error)))
    }
  }

  /// Sends all of `bytes`, each wait for room at most `timeout` seconds.
  func send(_ bytes: UnsafeRawBufferPointer, timeout: Double) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let sent = Glibc.send(
        fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      if sent > 0 {
        offset += sent
      } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
        guard try wait(for: Int16(POLLOUT), timeout: timeout) else {
          throw Failure(code: CURLE_OPERATION_TIMEDOUT, text: "Sending timed out")
        }
      } else {
        throw Failure(code: CURLE_SEND_ERROR, text: Self.errnoText("send"))
      }
    }
  }

  /// What `receive` found.
  enum Received {
    /// This many bytes.
    case bytes(Int)
    /// Nothing now; the socket would wait.
    case wouldWait
    /// The end of the stream.
    case end
    /// The peer reset the connection (what was read before it stays read).
    case reset
  }

  /// Reads what is there into `buffer`, without waiting.
  func receive(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Received {
    while true {
      let count = recv(fd, buffer.baseAddress, buffer.count, 0)
      if count > 0 { return .bytes(count) }
      if count == 0 { return .end }
      if errno == EINTR { continue }
      if errno == EAGAIN || errno == EWOULDBLOCK { return .wouldWait }
      if errno == ECONNRESET { return .reset }
      throw Failure(code: CURLE_RECV_ERROR, text: Self.errnoText("recv"))
    }
  }

  /// Waits until the socket is readable (or ended), at most `timeout` seconds.
  func waitToRead(timeout: Double) throws(Failure) {
    guard try wait(for: Int16(POLLIN), timeout: timeout) else {
      throw Failure(
        code: CURLE_OPERATION_TIMEDOUT,
        text: "Operation timed out: no data for \(Int(timeout.rounded(.up))) s")
    }
  }

  /// Whether the peer sent something (or closed) that a read would take now.
  var hasInput: Bool { readableNow > 0 }

  /// Whether an idle connection can carry another request: nothing to read on it (a byte
  /// or the end of the stream means the server closed it or sent what nobody asked for).
  var isReusable: Bool { readableNow == 0 }

  /// `poll`'s answer for reading, without waiting: 1 when a read would take something (or
  /// the end), 0 when it would wait, -1 when the socket cannot be polled.
  private var readableNow: Int32 {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0)
  }

  /// The local port, for transfer reports.
  var localPort: Int {
    var address = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let status = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard status == 0 else { return 0 }
    return withUnsafeBytes(of: address) { bytes in
      // sin_port and sin6_port sit at the same offset, in network byte order.
      Int(UInt16(bytes[2]) << 8 | UInt16(bytes[3]))
    }
  }

  /// Closes the socket.
  func close() { _ = Glibc.close(fd) }

  /// Shuts the socket down, waking a wait on it in another thread; the descriptor stays open.
  func shutDown() { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }

  /// Waits for `events`; `false` when `timeout` seconds passed first.
  private func wait(for events: Int16, timeout: Double) throws(Failure) -> Bool {
    let deadline = Self.now() + timeout
    while true {
      let left = max(0, deadline - Self.now())
      var entry = pollfd(fd: fd, events: events, revents: 0)
      let ready = poll(&entry, 1, Int32(min(left * 1_000, Double(Int32.max)).rounded(.up)))
      if ready > 0 { return true }
      if ready == 0 { return false }
      guard errno == EINTR else {
        throw Failure(code: CURLE_RECV_ERROR, text: Self.errnoText("poll"))
      }
    }
  }

  /// Seconds on the monotonic clock.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  private static func errnoText(_ call: String) -> String {
    "\(call): " + String(cString: strerror(errno))
  }
}
