import CCurl
import Foundation
import URLProtocolSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One `CurlTransfer` on a libcurl easy handle, without following redirects.
///
/// Made, used and freed on the engine thread only, so it needs no lock and is not `Sendable`:
/// what other threads hear of it goes through the transfer's `Sendable` handlers.
final class CurlExchange {
  /// The easy handle.
  let handle: UnsafeMutableRawPointer
  /// The transfer this exchange sends.
  private let transfer: CurlTransfer
  private var sent: Int64 = 0

  private var headerList: UnsafeMutablePointer<curl_slist>?
  private let errorBuffer: UnsafeMutablePointer<CChar>
  private var parser = ResponseHeadParser()
  private var discarded = false
  private var pendingBody = Data()
  /// The final response's head, once it arrived (an interim 1xx head is not one).
  private var responseHead: ResponseHead?
  /// Body bytes received, decoded.
  private var bodyBytes: Int64 = 0
  /// The GOAWAY frames the engine's connections received.
  private let goaways: CurlGoaways
  /// The HTTP/2 stream the request went out on last, and a GOAWAY this transfer read itself.
  private var stream: Int?
  private var goaway: HTTP2Goaway?
  /// Whether the server refused the last stream (REFUSED_STREAM), which libcurl sends again.
  private var refused = false
  /// The proxy libcurl takes for the URL from the environment, read when the transfer starts.
  private let proxy: CurlProxy?
  /// Body bytes held back before `body` hands them over at once: a bound on what a pass over
  /// a fast connection keeps in memory before the receiver (and its size limit) sees it.
  private static let pendingBodyLimit = 1 << 20

  /// Prepares a handle for `transfer`, which notes the GOAWAY frames it reads in `goaways`;
  /// `nil` when libcurl cannot make one, or the request has no URL libcurl can send
  /// (`CurlTransfer.canSend`).
  init?(_ transfer: CurlTransfer, goaways: CurlGoaways) {
    guard CurlTransfer.canSend(transfer.request), let url = transfer.request.url,
      let handle = curl_easy_init()
    else { return nil }
    self.handle = handle
    self.transfer = transfer
    self.goaways = goaways
    proxy = CurlProxy.forURL(url)
    errorBuffer = .allocate(capacity: Int(ccurl_error_size()))
    errorBuffer.initialize(repeating: 0, count: Int(ccurl_error_size()))
    configure(url: url)
  }

  deinit {
    curl_easy_cleanup(handle)
    curl_slist_free_all(headerList)
    errorBuffer.deallocate()
  }

  /// The transfer's identifier.
  var id: Int { transfer.id }

  /// The request being sent.
  var request: URLRequest { transfer.request }

  /// libcurl's explanation of the last failure, empty when it gave none.
  var errorText: String { String(cString: errorBuffer) }

  /// The OpenSSL verification result of the peer's certificate (0 when it verified).
  var verifyResult: Int {
    var value = 0
    ccurl_easy_getinfo_long(handle, CURLINFO_SSL_VERIFYRESULT, &value)
    return value
  }

  /// Marks the exchange as abandoned: the callbacks stop the transfer.
  func discard() { discarded = true }

  /// Hands the body bytes received since the last call to the transfer, in one piece; when it
  /// wants no more, the transfer stops at libcurl's next callback. Called by the engine after
  /// each pass, so a response read in one pass reaches the session in one report instead of one
  /// per 16 KiB buffer (each report is a hop through Foundation's queues).
  func deliverBody() {
    guard !pendingBody.isEmpty else { return }
    let data = pendingBody
    pendingBody = Data()
    if !discarded, !transfer.data(data) { discarded = true }
  }

  /// Tells the transfer how it ended, with what libcurl says about it.
  func finish(_ code: CURLcode) {
    var end = CurlTransfer.End(code: code, url: request.url)
    if code != CURLE_OK {
      end.errorText = errorText
      end.verifyResult = verifyResult
      end.progress = progress()
      end.read(proxy: proxy, from: handle)
    }
    if TransferObserver.shared.current != nil, let url = request.url {
      end.report = CurlTransferReport(handle: handle, url: url)
    }
    transfer.done(end)
  }

  /// How far the failed transfer got, and what the server said of its HTTP/2 stream.
  private func progress() -> CurlTransfer.End.Progress {
    let seen = CurlGoaways.connection(of: handle).flatMap { goaways.goaway(on: $0) } ?? goaway
    // A head libcurl decoded but did not hand over before failing counts: the server answered.
    let started = responseHead != nil || bodyBytes > 0 || ccurl_easy_status_arrived(handle) != 0
    var notProcessed = false
    if let seen, let stream, !started { notProcessed = seen.lastStream < stream }
    return CurlTransfer.End.Progress(
      method: request.httpMethod?.uppercased() ?? "GET",
      repeatable: RequestRepetition.mayRepeat(request),
      https: request.url?.scheme?.lowercased() == "https",
      responded: responseHead != nil, started: started,
      announcedLength: responseHead?.value("content-length").flatMap { Int64($0) },
      bodyBytes: bodyBytes, goawayError: seen?.error, notProcessed: notProcessed,
      refused: refused && !started)
  }

  // MARK: - Set-up

  private func configure(url: URL) {
    let me = Unmanaged.passUnretained(self).toOpaque()
    ccurl_easy_setopt_string(handle, CURLOPT_URL, url.absoluteString)
    ccurl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
    ccurl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
    ccurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, me)
    ccurl_easy_setopt_callback(handle, CURLOPT_HEADERFUNCTION) { buffer, size, count, context in
      Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue()
        .header(buffer, size * count)
    }
    ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, me)
    ccurl_easy_setopt_callback(handle, CURLOPT_WRITEFUNCTION) { buffer, size, count, context in
      Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue()
        .body(buffer, size * count)
    }
    ccurl_easy_setopt_progress(
      handle,
      { context, _, _, total, now in
        Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue()
          .progress(uploaded: Int64(now), total: Int64(total))
      }, me)
    // Proxy CONNECT answers are not the server's response.
    ccurl_easy_setopt_long(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
    ccurl_easy_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
    ccurl_easy_setopt_long(handle, CURLOPT_TCP_KEEPALIVE, 1)
    // Over TLS, a second request to an origin waits for the first connection's handshake to
    // see whether it can share it (HTTP/2) instead of opening its own at once. (Plain HTTP
    // would wait for the whole first response.)
    if url.scheme?.lowercased() == "https" {
      ccurl_easy_setopt_long(handle, CURLOPT_PIPEWAIT, 1)
      // HTTP/2's stream and GOAWAY frames are told only in libcurl's informational text.
      ccurl_easy_setopt_debug(
        handle,
        { _, type, text, size, context in
          guard type == CURLINFO_TEXT, let text, let context else { return 0 }
          Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
            .informed(UnsafeRawBufferPointer(start: text, count: size))
          return 0
        }, me)
    }
    // Foundation's idle timeout: connecting, and any stretch without a byte, may take this long.
    let timeout = request.timeoutInterval > 0 ? request.timeoutInterval : 60
    ccurl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int(timeout * 1_000))
    ccurl_easy_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1)
    ccurl_easy_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, max(1, Int(timeout.rounded(.up))))
    configureTLS(pinnedPublicKey: transfer.pinnedPublicKey)
    configureReceiveBuffer()
    configureMethodAndHeaders()
    // At most once: libcurl sends a request again, whatever its method, when the kept
    // connection it took dies before any answer ("Connection died, retrying a fresh connect").
    // A request that may not be repeated gets a connection of its own, where libcurl never
    // resends it (a refused HTTP/2 stream, which the server did not process, excepted); the
    // connection is kept afterwards for the requests that follow.
    if !RequestRepetition.mayRepeat(request) {
      ccurl_easy_setopt_long(handle, CURLOPT_FRESH_CONNECT, 1)
    }
  }

  /// A receive buffer that holds every response head libcurl accepts (128 KiB over HTTP/2).
  ///
  /// libcurl 7.88 copies an HTTP/2 stream's heads into its transfer's buffer, even when another
  /// transfer is reading the shared connection; interim heads (`103 Early Hints`) that overflow
  /// the default 16 KiB there are handed over out of order, and the final head then reads as
  /// "Received HTTP/0.9". A buffer as large as the largest head cannot overflow.
  private func configureReceiveBuffer() {
    ccurl_easy_setopt_long(handle, CURLOPT_BUFFERSIZE, 128 * 1024)
  }

  /// The system trust store, or the files `SSL_CERT_FILE` and `SSL_CERT_DIR` name, read for
  /// every request so a process may change them at run time.
  private func configureTLS(pinnedPublicKey: String?) {
    if let file = getenv("SSL_CERT_FILE"), file.pointee != 0 {
      ccurl_easy_setopt_string(handle, CURLOPT_CAINFO, file)
    }
    if let directory = getenv("SSL_CERT_DIR"), directory.pointee != 0 {
      ccurl_easy_setopt_string(handle, CURLOPT_CAPATH, directory)
    }
    if let pinnedPublicKey {
      ccurl_easy_setopt_string(handle, CURLOPT_PINNEDPUBLICKEY, pinnedPublicKey)
    }
  }

  private func configureMethodAndHeaders() {
    let method = request.httpMethod?.uppercased() ?? "GET"
    let body = transfer.body
    switch method {
    case "GET" where body.isEmpty: ccurl_easy_setopt_long(handle, CURLOPT_HTTPGET, 1)
    case "HEAD": ccurl_easy_setopt_long(handle, CURLOPT_NOBODY, 1)
    default:
      if method != "POST" { ccurl_easy_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method) }
      if !body.isEmpty || method == "POST" || method == "PUT" || method == "PATCH" {
        ccurl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
        _ = body.withUnsafeBytes {
          ccurl_easy_setopt_pointer(
            handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0.baseAddress))
        }
      }
    }
    var encoding = ""
    // An empty value removes a header libcurl would add; `Expect` would delay large bodies.
    var lines = ["Expect:"]
    for (name, value) in request.allHTTPHeaderFields ?? [:] {
      switch name.lowercased() {
      case "accept-encoding": encoding = value
      case "content-length", "transfer-encoding", "connection", "expect": continue
      default: lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
      }
    }
    // "" asks for every encoding libcurl can decode (gzip, deflate, br…) and decodes it.
    ccurl_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, encoding)
    for line in lines { headerList = curl_slist_append(headerList, line) }
    ccurl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList)
  }

  // MARK: - Callbacks

  private func header(_ buffer: UnsafeMutablePointer<CChar>?, _ length: Int) -> Int {
    guard !discarded, let buffer else { return 0 }
    let line = UnsafeRawBufferPointer(start: buffer, count: length)
    guard let head = parser.consume(line) else { return length }
    if head.status >= 200 { responseHead = head }
    return transfer.head(head) ? length : 0
  }

  /// A line of libcurl's informational text: the stream the request went out on, a GOAWAY
  /// its connection received, or a new connection.
  private func informed(_ bytes: UnsafeRawBufferPointer) {
    let line = Substring(String(decoding: bytes, as: UTF8.self))
    if let stream = HTTP2Text.stream(in: line) {
      self.stream = stream
      refused = false
    } else if HTTP2Text.refused(line) {
      refused = true
    } else if let goaway = HTTP2Text.goaway(in: line) {
      self.goaway = goaway
      if let connection = CurlGoaways.connection(of: handle) {
        goaways.record(goaway, on: connection)
      }
    } else if HTTP2Text.connected(line) {
      goaway = nil
      if let connection = CurlGoaways.connection(of: handle) { goaways.forget(connection) }
    }
  }

  private func progress(uploaded: Int64, total: Int64) -> Int32 {
    if discarded { return 1 }
    if uploaded > sent {
      transfer.sent(uploaded - sent, uploaded, total > 0 ? total : -1)
      sent = uploaded
    }
    return 0
  }

  private func body(_ buffer: UnsafeMutablePointer<CChar>?, _ length: Int) -> Int {
    guard !discarded, let buffer else { return 0 }
    pendingBody.append(UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: length)
    bodyBytes += Int64(length)
    if pendingBody.count >= Self.pendingBodyLimit { deliverBody() }
    return discarded ? 0 : length
  }
}
