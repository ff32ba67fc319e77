import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// One HTTP/1.1 exchange on a blocking socket: connect, send, read the head, read the body.
struct PlainHTTPConnection {
  /// The status and headers of a response.
  struct Head {
    var status: Int
    var headers: [String: String]
  }

  private var stream: SocketStream

  init(fd: Int32) {
    stream = SocketStream(fd: fd)
  }

  /// Connects to `host:port`; reads time out after `timeout` seconds of silence.
  static func connect(host: String, port: Int, timeout: TimeInterval) throws -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    let name = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
    guard getaddrinfo(name, String(port), &hints, &list) == 0, let first = list else {
      throw URLError(.cannotFindHost)
    }
    defer { freeaddrinfo(list) }
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let info = entry {
      entry = info.pointee.ai_next
      let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
      guard fd >= 0 else { continue }
      var seconds = timeval(tv_sec: Int(max(1, min(timeout, 86_400))), tv_usec: 0)
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
      setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
      var one: Int32 = 1
      setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(4))
      if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
      let timedOut = errno == EINPROGRESS || errno == ETIMEDOUT
      close(fd)
      if timedOut { throw URLError(.timedOut) }
    }
    throw URLError(.cannotConnectToHost)
  }

  /// The request line and headers; the connection closes after the response.
  static func head(for request: URLRequest, host: String, port: Int?) -> Data {
    let url = request.url!
    var target = url.path.isEmpty ? "/" : url.path
    if let query = url.query { target += "?" + query }
    var text = "\(request.httpMethod ?? "GET") \(target) HTTP/1.1\r\n"
    text += "Host: \(host)\(port.map { ":\($0)" } ?? "")\r\n"
    let skipped: Set<String> = ["host", "content-length", "connection", "transfer-encoding"]
    for (name, value) in request.allHTTPHeaderFields ?? [:]
    where !skipped.contains(name.lowercased()) {
      text += "\(name): \(value)\r\n"
    }
    let length = request.httpBody?.count ?? 0
    if length > 0 || ["POST", "PUT", "PATCH"].contains(request.httpMethod ?? "GET") {
      text += "Content-Length: \(length)\r\n"
    }
    text += "Connection: close\r\n\r\n"
    return Data(text.utf8)
  }

  /// Writes all of `data`.
  func send(_ data: Data) throws {
    do { try stream.send(data) } catch { throw Self.error(error) }
  }

  /// Reads the status line and headers, skipping `100 Continue`.
  mutating func readHead() throws -> Head {
    while true {
      let head: Data?
      do {
        head = try stream.read(until: Data("\r\n\r\n".utf8), limit: 256 * 1024)
      } catch {
        throw Self.error(error)
      }
      guard let head else {
        // Nothing at all is a server that closed without answering; part of a head, a lost one.
        throw URLError(stream.bufferedCount == 0 ? .badServerResponse : .networkConnectionLost)
      }
      var lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
      let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
      guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."),
        let status = Int(statusLine[1]), (100..<600).contains(status)
      else { throw URLError(.badServerResponse) }
      if status == 100 { continue }
      var headers: [String: String] = [:]
      for header in HTTPHeaderLines.parse(lines) {
        headers[header.name] = headers[header.name].map { $0 + ", " + header.value } ?? header.value
      }
      return Head(status: status, headers: headers)
    }
  }

  /// Reads the body as the headers describe it, handing over each piece as it arrives.
  mutating func readBody(headers: [String: String], deliver: (Data) throws -> Void) throws {
    func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name }?.value
    }
    do {
      if header("transfer-encoding")?.lowercased().contains("chunked") == true {
        try readChunked(deliver)
      } else if let length = header("content-length").flatMap(Int.init), length >= 0 {
        try readExactly(length, deliver)
      } else {
        while let piece = try stream.take(upTo: Int.max) { try deliver(piece) }
      }
    } catch let failure as SocketStream.Failure {
      throw Self.error(failure)
    }
  }

  private mutating func readChunked(_ deliver: (Data) throws -> Void) throws {
    while true {
      let line = try readLine()
      let size = Int(line.split(separator: ";").first ?? "", radix: 16)
      guard let size, size >= 0 else { throw URLError(.badServerResponse) }
      if size == 0 {
        while try !readLine().isEmpty {}
        return
      }
      try readExactly(size, deliver)
      _ = try readLine()
    }
  }

  /// Hands over exactly `count` bytes; the connection ending first means it was lost.
  private mutating func readExactly(_ count: Int, _ deliver: (Data) throws -> Void) throws {
    var remaining = count
    while remaining > 0 {
      guard let piece = try stream.take(upTo: remaining) else {
        throw URLError(.networkConnectionLost)
      }
      remaining -= piece.count
      try deliver(piece)
    }
  }

  private mutating func readLine() throws -> String {
    guard let line = try stream.read(until: Data("\r\n".utf8), limit: 64 * 1024) else {
      throw URLError(.networkConnectionLost)
    }
    return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
  }

  private static func error(_ failure: SocketStream.Failure) -> URLError {
    switch failure {
    case .tooLong: return URLError(.badServerResponse)
    case .system(EAGAIN), .system(EWOULDBLOCK), .system(ETIMEDOUT): return URLError(.timedOut)
    case .system: return URLError(.networkConnectionLost)
    }
  }
}
