import CCurl
import Foundation
import Locking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What libcurl says about one finished transfer: the protocol it spoke and the connection it
/// used.
///
/// `CurlURLProtocol.transferFinished` hears one for every request libcurl completed, each
/// redirect hop on its own, failed ones included; a cancelled transfer reports nothing.
public struct CurlTransferReport: Sendable, Equatable {
  /// The HTTP version libcurl negotiated (`CURLINFO_HTTP_VERSION`).
  public enum HTTPVersion: String, Sendable {
    /// HTTP/1.0.
    case http10 = "HTTP/1.0"
    /// HTTP/1.1.
    case http11 = "HTTP/1.1"
    /// HTTP/2, over TLS by ALPN or in plain text.
    case http2 = "HTTP/2"
    /// HTTP/3.
    case http3 = "HTTP/3"
    /// No response arrived, or a version this library does not know.
    case unknown = "unknown"
  }

  /// The URL this transfer requested.
  public let url: URL
  /// The response's status code; 0 when none arrived.
  public let status: Int
  /// The HTTP version spoken.
  public let httpVersion: HTTPVersion
  /// How many new connections this transfer opened (`CURLINFO_NUM_CONNECTS`): 0 when it
  /// reused one that was open, or shared it (HTTP/2 streams).
  public let connectionsOpened: Int
  /// The local port of the connection used (`CURLINFO_LOCAL_PORT`), which tells connections
  /// to one server apart; 0 when no connection was made.
  public let localPort: Int

  /// A report with the given values.
  ///
  /// - Parameters:
  ///   - url: The URL the transfer requested.
  ///   - status: The response's status code; 0 when none arrived.
  ///   - httpVersion: The HTTP version spoken.
  ///   - connectionsOpened: How many new connections the transfer opened.
  ///   - localPort: The local port of the connection used; 0 when none was made.
  public init(
    url: URL, status: Int, httpVersion: HTTPVersion, connectionsOpened: Int, localPort: Int
  ) {
    self.url = url
    self.status = status
    self.httpVersion = httpVersion
    self.connectionsOpened = connectionsOpened
    self.localPort = localPort
  }

  /// The report libcurl's easy `handle` gives for a transfer of `url`.
  init(handle: UnsafeMutableRawPointer, url: URL) {
    func info(_ key: CURLINFO) -> Int {
      var value = 0
      return ccurl_easy_getinfo_long(handle, key, &value) == CURLE_OK ? value : 0
    }
    let version: HTTPVersion
    switch info(CURLINFO_HTTP_VERSION) {
    case Int(CURL_HTTP_VERSION_1_0): version = .http10
    case Int(CURL_HTTP_VERSION_1_1): version = .http11
    case Int(CURL_HTTP_VERSION_2_0): version = .http2
    case Int(CURL_HTTP_VERSION_3): version = .http3
    default: version = .unknown
    }
    self.init(
      url: url, status: info(CURLINFO_RESPONSE_CODE), httpVersion: version,
      connectionsOpened: info(CURLINFO_NUM_CONNECTS), localPort: info(CURLINFO_LOCAL_PORT))
  }
}

/// The observer of finished transfers, behind a lock.
final class TransferObserver: Sendable {
  /// The one the transport reports to.
  static let shared = TransferObserver()

  /// The function in a struct of its own: a lock's value is never a function type (`Locked`).
  private struct Held {
    var observer: (@Sendable (CurlTransferReport) -> Void)?
  }

  private let held = Locked(Held())

  /// The observer, `nil` when none is set.
  var current: (@Sendable (CurlTransferReport) -> Void)? {
    get { held.withLock { $0.observer } }
    set { held.withLock { $0.observer = newValue } }
  }
}

/// The observer of request body bytes sent, behind a lock.
final class BodyBytesSentObserver: Sendable {
  /// The one `CurlURLProtocol` reports to.
  static let shared = BodyBytesSentObserver()

  /// The function in a struct of its own: a lock's value is never a function type (`Locked`).
  private struct Held {
    var observer: (@Sendable (URLProtocol, Int64, Int64, Int64) -> Void)?
  }

  private let held = Locked(Held())

  /// The observer, `nil` when none is set.
  var current: (@Sendable (URLProtocol, Int64, Int64, Int64) -> Void)? {
    get { held.withLock { $0.observer } }
    set { held.withLock { $0.observer = newValue } }
  }
}
