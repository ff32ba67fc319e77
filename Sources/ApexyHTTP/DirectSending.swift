import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

#if Curl && os(Linux)
  import CurlTransport
#endif

/// How a `URLSessionClient` made with `RequestDefaults` sends its requests straight to
/// libcurl (`CurlLoad`) instead of through a session: each request's events are handled in
/// order on one serial queue, as a session's delegate queue would.
struct DirectSending: Sendable {
  /// Where each request's events are handled, in the order they happen.
  let queue = DispatchQueue(label: "ApexyHTTP.URLSessionClient.direct")

  /// Sending without a session, where it can be: on Linux with the libcurl transport; `nil`
  /// elsewhere (Apple platforms, the `Curl` trait off, or `HTTPTransport.default` set to
  /// `.foundation`).
  init?() {
    #if Curl && os(Linux)
      guard HTTPTransport.default == .curl else { return nil }
    #else
      return nil
    #endif
  }

  /// Whether `request` can go without the session: what `CurlURLProtocol` takes, unless a test
  /// double's protocol (`ProtocolInterception`) takes it.
  static func canSend(_ request: URLRequest) -> Bool {
    #if Curl && os(Linux)
      CurlURLProtocol.canInit(with: request) && !ProtocolInterception.claims(request)
    #else
      false
    #endif
  }

  /// A new identifier for a request sent without the session.
  static func nextID() -> Int { IDCounter.sessionless.next() }
}
