import ApexyHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// Answers `http://` requests of a `URLSession` over POSIX sockets instead of libcurl.
///
/// Foundation on Linux keeps a write source on a socket after libcurl stops asking for it, so a
/// request that waits for its response keeps a core busy for the whole wait. Register this class
/// in `URLSessionConfiguration.protocolClasses` to send plain-HTTP requests without that cost;
/// `https://` requests are left to Foundation. Foundation on Linux cannot hand a custom protocol's
/// redirect back to the session, so this class follows redirects itself (at most 16), and drops
/// `Authorization` when one leaves the scheme, host and port it started on. `Content-Length`,
/// chunked and close-delimited bodies are read.
public final class PlainHTTPProtocol: URLProtocol {
  // Foundation on Linux cancels by calling `stopLoading()` and then reporting a cancellation
  // to `client` from its own queue, while this protocol reports from its own thread. A report
  // that reaches Foundation after the task ended makes it trap (the task is gone from its
  // registry). So reports are made under `lock` and never after a stop, and `client` is `nil`
  // for the cancellation once the task has completed.
  private let lock = NSLock()
  private var socket: Int32 = -1
  private var stopped = false

  /// Takes every `http://` request.
  override public class func canInit(with request: URLRequest) -> Bool {
    request.url?.scheme?.lowercased() == "http"
  }

  /// The request as it is.
  override public class func canonicalRequest(for request: URLRequest) -> URLRequest {
    request
  }

  /// The loading system's client; `nil` once the task has completed.
  ///
  /// Foundation reports a cancellation on the queue that also removes completed tasks, so a
  /// task seen running here is still registered when that report arrives.
  override public var client: URLProtocolClient? {
    get { task?.state == .completed ? nil : super.client }
    set { super.client = newValue }
  }

  /// Sends the request on a thread of its own.
  override public func startLoading() {
    // Foundation keeps an upload task's body to itself; sending the request without it would
    // be silently wrong, so such a task fails at once.
    if task is URLSessionUploadTask {
      report { $0.urlProtocol(self, didFailWithError: PlainHTTPProtocol.UploadUnsupported()) }
      return
    }
    // The protocol object is used from this thread only until it reports, as URLProtocol asks.
    let box = UncheckedSendableBox(self)
    let thread = Thread { box.value.run() }
    thread.name = "PlainHTTPProtocol"
    thread.start()
  }

  /// Stops the transfer; nothing more is reported.
  override public func stopLoading() {
    let fd = lock.withLock { () -> Int32 in
      stopped = true
      return socket
    }
    if fd >= 0 { shutdown(fd, Int32(SHUT_RDWR)) }
  }

  /// Makes one report to the client unless the load was stopped; returns whether it did.
  /// `stopLoading()` waits for a report in progress.
  @discardableResult
  private func report(_ call: (URLProtocolClient) -> Void) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped, let client = super.client else { return false }
    call(client)
    return true
  }

  // MARK: - Transfer

  private func run() {
    do {
      try transfer()
    } catch {
      report { $0.urlProtocol(self, didFailWithError: error) }
    }
  }

  private func transfer() throws {
    var current = request
    for _ in 0...16 {
      guard let next = try exchange(current) else { return }
      current = next
    }
    throw URLError(.httpTooManyRedirects)
  }

  /// Sends one request; returns the request to follow for a redirect, `nil` when done.
  private func exchange(_ request: URLRequest) throws -> URLRequest? {
    guard let url = request.url, let host = url.host else { throw URLError(.badURL) }
    let fd = try PlainHTTPConnection.connect(
      host: host, port: url.port ?? 80, timeout: request.timeoutInterval)
    let open = lock.withLock { () -> Bool in
      socket = fd
      return !stopped
    }
    defer {
      lock.withLock { socket = -1 }
      close(fd)
    }
    guard open else { throw URLError(.cancelled) }
    var connection = PlainHTTPConnection(fd: fd)
    try connection.send(
      PlainHTTPConnection.head(for: request, host: host, port: url.port) + body(of: request))
    let head = try connection.readHead()
    let response = HTTPURLResponse(
      url: url, statusCode: head.status, httpVersion: "HTTP/1.1", headerFields: head.headers)!
    if let next = redirect(request, head: head) { return next }
    guard report({ $0.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed) })
    else { throw URLError(.cancelled) }
    let bodyless = request.httpMethod == "HEAD" || head.status == 204 || head.status == 304
    if !bodyless {
      try connection.readBody(headers: head.headers) { chunk in
        guard self.report({ $0.urlProtocol(self, didLoad: chunk) }) else {
          throw URLError(.cancelled)
        }
      }
    }
    report { $0.urlProtocolDidFinishLoading(self) }
    return nil
  }

  private func redirect(_ request: URLRequest, head: PlainHTTPConnection.Head) -> URLRequest? {
    guard [301, 302, 303, 307, 308].contains(head.status), let url = request.url,
      let location = head.headers.first(where: { $0.key.lowercased() == "location" })?.value,
      let target = URL(string: location, relativeTo: url)?.absoluteURL
    else { return nil }
    var next = request
    next.url = target
    let keepsMethod = head.status == 307 || head.status == 308
    if head.status == 303 || (!keepsMethod && request.httpMethod == "POST") {
      next.httpMethod = "GET"
      next.httpBody = nil
      next.httpBodyStream = nil
    }
    if !url.hasSameOrigin(as: target) {
      next.setValue(nil, forHTTPHeaderField: "Authorization")
    }
    return next
  }

  private func body(of request: URLRequest) -> Data {
    if let body = request.httpBody { return body }
    guard let stream = request.httpBodyStream else { return Data() }
    var data = Data()
    stream.open()
    defer { stream.close() }
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = stream.read(&buffer, maxLength: buffer.count)
      if count <= 0 { break }
      data.append(contentsOf: buffer[0..<count])
    }
    return data
  }
}

extension PlainHTTPProtocol {
  /// An upload task reached `PlainHTTPProtocol`, which cannot see its body.
  public struct UploadUnsupported: Error, CustomStringConvertible {
    /// A one-line explanation.
    public var description: String {
      "PlainHTTPProtocol cannot send an upload task's body; use a data task with httpBody, or leave it out of protocolClasses."
    }
  }
}
