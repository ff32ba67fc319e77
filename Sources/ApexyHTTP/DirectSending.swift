import Foundation

#if canImport(FoundationNetworking)
  import CurlTransport
  import FoundationNetworking
#endif

/// How a `URLSessionClient` sends a request straight to libcurl (`CurlLoad`) when nothing it
/// was configured with needs a `URLSession`: what the session would have added to the request,
/// and the serial queue the request's events are handled on, as a session's delegate queue
/// would.
struct DirectSending: @unchecked Sendable {
  /// The configuration's `httpAdditionalHeaders`, added where a request has no such field.
  let additionalHeaders: [(name: String, value: String)]
  /// The configuration's `timeoutIntervalForRequest`, for requests with the default timeout.
  let requestTimeout: TimeInterval
  /// Where each request's events are handled, in the order they happen.
  let queue = DispatchQueue(label: "ApexyHTTP.URLSessionClient.direct")

  /// How requests are sent without a session for `configuration` and `delegate`; `nil` when
  /// they need the session: another transport, a delegate to call, protocol classes of the
  /// caller's, or cookies to send and keep. Always `nil` on Apple platforms.
  init?(configuration: URLSessionConfiguration, delegate: URLSessionDelegate?) {
    #if canImport(FoundationNetworking)
      guard HTTPTransport.default == .curl, delegate == nil,
        !configuration.httpShouldSetCookies || configuration.httpCookieStorage == nil,
        HTTPTransport.onlyBuiltIn(configuration.protocolClasses)
      else { return nil }
      self.init(
        additionalHeaders: (configuration.httpAdditionalHeaders ?? [:]).map {
          (name: "\($0.key)", value: "\($0.value)")
        }, requestTimeout: configuration.timeoutIntervalForRequest)
    #else
      return nil
    #endif
  }

  /// How requests are sent without a session for `defaults`; `nil` where they cannot be
  /// (another transport, or an Apple platform).
  init?(defaults: RequestDefaults) {
    #if canImport(FoundationNetworking)
      guard HTTPTransport.default == .curl else { return nil }
      self.init(
        additionalHeaders: defaults.additionalHeaders.sorted { $0.key < $1.key }.map {
          (name: $0.key, value: $0.value)
        }, requestTimeout: defaults.requestTimeout)
    #else
      return nil
    #endif
  }

  private init(additionalHeaders: [(name: String, value: String)], requestTimeout: TimeInterval) {
    self.additionalHeaders = additionalHeaders
    self.requestTimeout = requestTimeout
  }

  /// Whether `request` can go without the session: an `http` or `https` URL.
  static func canSend(_ request: URLRequest) -> Bool {
    let scheme = request.url?.scheme?.lowercased()
    return scheme == "http" || scheme == "https"
  }

  /// `request` with what the session would have added: the additional header fields it lacks,
  /// and the configuration's timeout when it has the default one.
  func prepared(_ request: URLRequest) -> URLRequest {
    var request = request
    for field in additionalHeaders where request.value(forHTTPHeaderField: field.name) == nil {
      request.setValue(field.value, forHTTPHeaderField: field.name)
    }
    if request.timeoutInterval == Self.defaultTimeout {
      request.timeoutInterval = requestTimeout
    }
    return request
  }

  /// A request's timeout when nobody set one.
  private static let defaultTimeout: TimeInterval = 60

  /// A new identifier for a request sent without the session: negative, so it never meets a
  /// session task's.
  static func nextID() -> Int { IDCounter.sessionless.next() }
}
