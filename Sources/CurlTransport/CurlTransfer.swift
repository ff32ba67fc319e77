import CCurl
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request for `CurlEngine` to send, and who hears about it: all of it `Sendable`, since it
/// is made on the caller's thread and used on the engine thread.
///
/// The handlers run on the engine thread, in order: `head` with each response's status line and
/// header fields, `body` with the body that arrived since the last call, `sent` as the request
/// body goes out, then `done` once. `head` and `body` say whether to go on: `false` aborts.
struct CurlTransfer: Sendable {
  /// How a transfer ended, with what libcurl said about it, read before its handle is freed.
  struct End: Sendable {
    /// libcurl's result.
    let code: CURLcode
    /// The URL requested.
    let url: URL?
    /// libcurl's explanation of a failure, empty when it gave none.
    var errorText = ""
    /// The OpenSSL verification result of the peer's certificate (0 when it verified).
    var verifyResult = 0
    /// The transfer's report, made when `CurlURLProtocol.transferFinished` was set.
    var report: CurlTransferReport?
    /// How far a failed transfer got; `nil` for one that succeeded.
    var progress: Progress?
    /// The proxy libcurl took from the environment for the URL, if any (`CurlProxy`).
    var proxy: CurlProxy?
    /// The proxy's answer to this transfer's `CONNECT` (`CURLINFO_HTTP_CONNECTCODE`); 0 for
    /// none: no tunnel asked for, none answered, or a kept connection (`reused`).
    var connectCode = 0
    /// Whether the transfer took a kept connection (through a proxy: a tunnel opened before).
    var reused = false

    /// How far a failed transfer got, which tells its failure's kind.
    struct Progress: Sendable {
      /// The request's method, in capitals.
      var method = "GET"
      /// Whether the request may be sent again (`RequestRepetition`).
      var repeatable = true
      /// Whether the URL is `https` (where libcurl may speak HTTP/2).
      var https = false
      /// Whether the final response's head arrived.
      var responded = false
      /// Whether any of a response arrived: a head (an interim one included, or one libcurl
      /// decoded but did not hand over) or body bytes.
      var started = false
      /// The body length the head announced (`Content-Length`), if it did.
      var announcedLength: Int64?
      /// Body bytes received.
      var bodyBytes: Int64 = 0
      /// The error code of an HTTP/2 GOAWAY the connection received (0: NO_ERROR), if one came.
      var goawayError: Int?
      /// Whether the server said it did not process the request: a GOAWAY whose last-stream-id
      /// is below the request's stream, and nothing of a response.
      var notProcessed = false
      /// Whether the server refused the last try's stream (REFUSED_STREAM), before any response.
      var refused = false
    }
  }

  /// The engine's identifier for this transfer.
  let id: Int
  /// The request, sent without following redirects.
  let request: URLRequest
  /// The request body, read from the request's `httpBody` or `httpBodyStream` already.
  let body: Data
  /// The pinned public keys of the request's host, if any.
  let pinnedPublicKey: String?
  /// A response's status line and header fields arrived.
  let head: @Sendable (ResponseHead) -> Bool
  /// Part of the (decoded) body arrived.
  let data: @Sendable (Data) -> Bool
  /// Request body bytes went out: since the last call, in all, and expected (or -1).
  let sent: @Sendable (Int64, Int64, Int64) -> Void
  /// The transfer ended.
  let done: @Sendable (End) -> Void

  /// The body of `request`: `httpBody`, or what its `httpBodyStream` holds.
  static func body(of request: URLRequest) -> Data {
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

  private static let lastID = Atomic<Int>(0)

  /// A new identifier for a transfer, unique in the process (across both engines).
  static func makeID() -> Int {
    lastID.wrappingAdd(1, ordering: .relaxed).newValue
  }

  /// Whether libcurl can send `request`: an `http` or `https` URL with a host.
  static func canSend(_ request: URLRequest) -> Bool {
    guard let url = request.url, let scheme = url.scheme?.lowercased() else { return false }
    return (scheme == "http" || scheme == "https") && url.host != nil
  }
}
