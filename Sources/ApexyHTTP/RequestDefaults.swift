import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a `URLSessionClient` made without a `URLSessionConfiguration` applies to every request:
/// the timeouts and header fields a configuration would carry. Such a client keeps no cookies
/// and no URL cache.
public struct RequestDefaults: Sendable, Equatable {
  /// Seconds a request may wait for data before it fails with `.timedOut`.
  public var requestTimeout: TimeInterval
  /// Seconds a whole request may take, answer included (`.timedOut`); `nil` for no limit.
  public var deadline: TimeInterval?
  /// Header fields added to each request that does not set them itself.
  public var additionalHeaders: [String: String]

  /// Defaults of 60 s a request, no overall deadline and no extra fields, unless given.
  ///
  /// - Parameters:
  ///   - requestTimeout: Seconds a request may wait for data (idle), as
  ///     `timeoutIntervalForRequest`.
  ///   - deadline: Seconds a whole request may take; `nil` for no limit.
  ///   - additionalHeaders: Header fields added to each request that does not set them.
  public init(
    requestTimeout: TimeInterval = 60, deadline: TimeInterval? = nil,
    additionalHeaders: [String: String] = [:]
  ) {
    self.requestTimeout = requestTimeout
    self.deadline = deadline
    self.additionalHeaders = additionalHeaders
  }

  /// The configuration a session for these defaults gets: `.default` with cookies and the URL
  /// cache off, these timeouts and fields.
  func configuration() -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.default
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.urlCache = nil
    configuration.timeoutIntervalForRequest = requestTimeout
    if let deadline { configuration.timeoutIntervalForResource = deadline }
    configuration.httpAdditionalHeaders = additionalHeaders
    return configuration
  }
}
