import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a request sent with libcurl needs added that Foundation adds for its own transport:
/// the configured header fields a request does not set itself, and the configured request
/// timeout where the request has the default one. Foundation hands a custom protocol the
/// request without either. A client made with `RequestDefaults` adds them to every request,
/// whichever transport sends it, so a stub sees what the server would.
struct RequestPreparation: Sendable {
  /// Header fields added where a request has no such field.
  let additionalHeaders: [(name: String, value: String)]
  /// The timeout for requests with the default one.
  let requestTimeout: TimeInterval

  /// The preparation for a session with `configuration`: `nil` unless its requests go to
  /// `CurlURLProtocol` (Linux, the libcurl transport, no protocol classes of the caller's).
  init?(configuration: URLSessionConfiguration) {
    #if Curl && os(Linux)
      guard HTTPTransport.default == .curl,
        HTTPTransport.onlyBuiltIn(configuration.protocolClasses)
      else { return nil }
      self.init(
        additionalHeaders: (configuration.httpAdditionalHeaders ?? [:]).map {
          (name: "\($0.key)", value: "\($0.value)")
        }.sorted { $0.name < $1.name },
        requestTimeout: configuration.timeoutIntervalForRequest)
    #else
      return nil
    #endif
  }

  /// The preparation for requests with `defaults`.
  init(defaults: RequestDefaults) {
    self.init(
      additionalHeaders: defaults.additionalHeaders.sorted { $0.key < $1.key }.map {
        (name: $0.key, value: $0.value)
      }, requestTimeout: defaults.requestTimeout)
  }

  private init(additionalHeaders: [(name: String, value: String)], requestTimeout: TimeInterval) {
    self.additionalHeaders = additionalHeaders
    self.requestTimeout = requestTimeout
  }

  /// `request` with the fields it lacks and, when it has the default timeout, this one.
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
}
