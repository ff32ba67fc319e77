import CCurl
import Foundation

/// An HTTP/2 GOAWAY frame a connection received (RFC 9113 section 6.8): its error code and the
/// last stream the server may have processed; streams above it the server did not process.
struct HTTP2Goaway: Equatable, Sendable {
  /// The error code: 0 is NO_ERROR, a graceful shutdown.
  var error: Int
  /// The highest stream the server may have processed.
  var lastStream: Int
}

/// What libcurl's informational text (`CURLOPT_VERBOSE`) says of HTTP/2 that it reports nowhere
/// else: the stream a transfer was sent on, and a GOAWAY its connection received.
enum HTTP2Text {
  /// The stream in "Using Stream ID: 3 (easy handle 0x…)" (libcurl 7.x) or
  /// "[HTTP/2] [3] OPENED stream for https://…" (8.x).
  static func stream(in line: Substring) -> Int? {
    if let range = line.range(of: "Using Stream ID: ") {
      return leadingNumber(line[range.upperBound...])
    }
    guard line.contains("] OPENED stream"), let range = line.range(of: "[HTTP/2] [") else {
      return nil
    }
    return leadingNumber(line[range.upperBound...])
  }

  /// The GOAWAY in "received GOAWAY, error=0, last_stream=1" (libcurl 7.88 spells it
  /// "recveived").
  static func goaway(in line: Substring) -> HTTP2Goaway? {
    guard line.contains("GOAWAY"), let error = line.range(of: "error="),
      let last = line.range(of: "last_stream="),
      let code = leadingNumber(line[error.upperBound...]),
      let stream = leadingNumber(line[last.upperBound...])
    else { return nil }
    return HTTP2Goaway(error: code, lastStream: stream)
  }

  /// Whether `line` says the server refused the stream and libcurl sends the request again
  /// ("REFUSED_STREAM, retrying a fresh connect").
  static func refused(_ line: Substring) -> Bool {
    line.hasPrefix("REFUSED_STREAM, retrying")
  }

  /// Whether `line` says the transfer made a new connection ("Connected to HOST (IP) port N").
  static func connected(_ line: Substring) -> Bool {
    line.hasPrefix("Connected to ")
  }

  private static func leadingNumber(_ text: Substring) -> Int? {
    Int(text.prefix { $0.isASCII && $0.isNumber })
  }
}

/// The GOAWAY frames the engine's connections received, by connection: libcurl tells a GOAWAY to
/// whichever transfer read it, and it is about every stream of that connection. Made, used and
/// freed on the engine thread only; it keeps the newest `capacity` connections.
final class CurlGoaways {
  private var byConnection: [String: HTTP2Goaway] = [:]
  private var order: [String] = []
  private let capacity = 64

  /// Notes that `connection` received `goaway`.
  func record(_ goaway: HTTP2Goaway, on connection: String) {
    if byConnection.updateValue(goaway, forKey: connection) == nil { order.append(connection) }
    if order.count > capacity { byConnection[order.removeFirst()] = nil }
  }

  /// Forgets what an earlier connection with the same addresses received.
  func forget(_ connection: String) {
    guard byConnection.removeValue(forKey: connection) != nil else { return }
    order.removeAll { $0 == connection }
  }

  /// The GOAWAY `connection` received, if any.
  func goaway(on connection: String) -> HTTP2Goaway? {
    byConnection[connection]
  }

  /// The connection the transfer on `handle` uses or used last, by its local and remote address
  /// and port; `nil` before it has one.
  static func connection(of handle: UnsafeMutableRawPointer) -> String? {
    var localPort = 0
    var remotePort = 0
    var localIP: UnsafeMutablePointer<CChar>?
    var remoteIP: UnsafeMutablePointer<CChar>?
    ccurl_easy_getinfo_long(handle, CURLINFO_LOCAL_PORT, &localPort)
    ccurl_easy_getinfo_long(handle, CURLINFO_PRIMARY_PORT, &remotePort)
    ccurl_easy_getinfo_string(handle, CURLINFO_LOCAL_IP, &localIP)
    ccurl_easy_getinfo_string(handle, CURLINFO_PRIMARY_IP, &remoteIP)
    guard localPort > 0, let localIP, let remoteIP else { return nil }
    return "\(String(cString: localIP)):\(localPort)>\(String(cString: remoteIP)):\(remotePort)"
  }
}
