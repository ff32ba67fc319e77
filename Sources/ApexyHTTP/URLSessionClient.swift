import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `Client` and `ConcurrencyClient` over one long-lived `URLSession`.
///
/// Work runs in this order: `makeRequest`, `adapt`, send, `validate` (HTTP responses only),
/// `content(from:with:)`. `configuration.timeoutIntervalForResource` is enforced by the client
/// as an overall deadline, since Foundation on Linux ignores it. The `Progress` returned for a
/// request counts the body bytes received, for an upload the bytes sent; cancelling it cancels
/// the request.
open class URLSessionClient: Client, ConcurrencyClient {
  /// The adapter every request passes through before it is sent, on the thread that sends it:
  /// the adapter of a client used from several threads must be safe to call from them
  /// (`BaseRequestAdapter` is).
  public var requestAdapter: RequestAdapter { common.requestAdapter }
  /// The session all requests share, made when it is first needed: on Linux a client whose
  /// requests go straight to libcurl (see `sendsWithoutSession`) may never make one.
  public var session: URLSession { sessionStore.session }
  /// The queue completion handlers (and the response observer) run on.
  public var completionQueue: DispatchQueue { common.completionQueue }
  /// The largest response body accepted, in bytes; `nil` for no limit.
  public var maximumResponseSize: Int? { common.maximumResponseSize }
  /// Sends requests again after transient failures, for code that calls the client directly;
  /// `nil` (the default) sends each request once. A `WebLoader` retries with its own
  /// `LoaderPolicies.retry` instead: give one or the other, not both.
  public var retryPolicy: RetryPolicy? { common.retryPolicy }

  var responseObserver: ResponseObserver? { common.responseObserver }
  var sessionDelegate: SessionDelegate { common.sessionDelegate }
  /// What both initializers set up alike.
  private let common: ClientSetup
  let sessionStore: SessionStore
  /// How requests are sent without the session, `nil` when they go through it.
  let direct: DirectSending?
  /// What libcurl needs added to each request, `nil` when Foundation sends it.
  let preparation: RequestPreparation?
  var deadline: TimeInterval? { common.deadline }
  let timerQueue = DispatchQueue(label: "ApexyHTTP.URLSessionClient.deadline")

  /// Creates a client whose relative request URLs resolve against `baseURL`.
  ///
  /// - Parameters:
  ///   - baseURL: What relative request URLs resolve against (RFC 3986: keep its trailing
  ///     slash, `https://host/api/v1/`).
  ///   - configuration: The session's configuration; its `timeoutIntervalForResource` is the
  ///     client's overall deadline.
  ///   - delegate: Receives the task callbacks it would from a session of its own.
  ///   - completionQueue: Where completion handlers and the response observer run.
  ///   - responseObserver: Called after every response or transport failure, on
  ///     `completionQueue`, just before the completion.
  ///   - maximumResponseSize: The largest body accepted, in bytes; `nil` for no limit.
  ///   - requestLifeObserver: Hears every step of every request (see `RequestLifeEvent`).
  ///   - retryPolicy: Sends a request of an idempotent method again after a transient failure;
  ///     `nil` (the default) sends each request once. Leave it `nil` for loaders with
  ///     `LoaderPolicies.retry`.
  public convenience init(
    baseURL: URL,
    configuration: URLSessionConfiguration = .default,
    delegate: URLSessionDelegate? = nil,
    completionQueue: DispatchQueue = .main,
    responseObserver: ResponseObserver? = nil,
    maximumResponseSize: Int? = nil,
    requestLifeObserver: RequestLifeObserver? = nil,
    retryPolicy: RetryPolicy? = nil
  ) {
    self.init(
      requestAdapter: BaseRequestAdapter(baseURL: baseURL), configuration: configuration,
      delegate: delegate, completionQueue: completionQueue, responseObserver: responseObserver,
      maximumResponseSize: maximumResponseSize, requestLifeObserver: requestLifeObserver,
      retryPolicy: retryPolicy)
  }

  /// Creates a client that passes every request through `requestAdapter`.
  ///
  /// - Parameters:
  ///   - requestAdapter: Changes each request before it is sent (`BaseRequestAdapter` resolves
  ///     relative URLs); called on the thread that sends.
  ///   - configuration: The session's configuration; its `timeoutIntervalForResource` is the
  ///     client's overall deadline.
  ///   - delegate: Receives the task callbacks it would from a session of its own.
  ///   - completionQueue: Where completion handlers and the response observer run.
  ///   - responseObserver: Called after every response or transport failure, on
  ///     `completionQueue`, just before the completion.
  ///   - maximumResponseSize: The largest body accepted, in bytes; `nil` for no limit.
  ///   - requestLifeObserver: Hears every step of every request (see `RequestLifeEvent`).
  ///   - retryPolicy: Sends a request of an idempotent method again after a transient failure;
  ///     `nil` (the default) sends each request once. Leave it `nil` for loaders with
  ///     `LoaderPolicies.retry`.
  public init(
    requestAdapter: RequestAdapter,
    configuration: URLSessionConfiguration = .default,
    delegate: URLSessionDelegate? = nil,
    completionQueue: DispatchQueue = .main,
    responseObserver: ResponseObserver? = nil,
    maximumResponseSize: Int? = nil,
    requestLifeObserver: RequestLifeObserver? = nil,
    retryPolicy: RetryPolicy? = nil
  ) {
    common = ClientSetup(
      requestAdapter, completionQueue, responseObserver, maximumResponseSize, retryPolicy,
      delegate: delegate, requestLifeObserver: requestLifeObserver,
      deadline: configuration.timeoutIntervalForResource)
    let sessionDelegate = common.sessionDelegate
    self.direct = nil
    self.preparation = RequestPreparation(configuration: configuration)
    // Made now, so the session made later sends with the transport chosen now.
    let sessionConfiguration = Self.sessionConfiguration(configuration)
    self.sessionStore = SessionStore { Self.session(sessionConfiguration, sessionDelegate) }
  }

  /// Creates a client that needs no `URLSessionConfiguration`, with `defaults` for every
  /// request, no cookies and no URL cache.
  ///
  /// On Linux with the libcurl transport its requests (uploads excepted) go straight to
  /// libcurl without a session (`sendsWithoutSession`): no configuration or session is made
  /// unless `session` is read (Foundation's first configuration opens its cookie storage and
  /// URL cache, about 2 ms of a short program's start), and a session made then sees none of
  /// those requests: cancel one through its `Progress` or task. Elsewhere, or with
  /// `HTTPTransport.default` set to `.foundation`, it is a client whose session has a
  /// configuration with these defaults.
  ///
  /// - Parameters:
  ///   - requestAdapter: Changes each request before it is sent (`BaseRequestAdapter` resolves
  ///     relative URLs); called on the thread that sends.
  ///   - defaults: The timeouts and header fields of every request.
  ///   - completionQueue: Where completion handlers and the response observer run.
  ///   - responseObserver: Called after every response or transport failure, on
  ///     `completionQueue`, just before the completion.
  ///   - maximumResponseSize: The largest body accepted, in bytes; `nil` for no limit.
  ///   - requestLifeObserver: Hears every step of every request (see `RequestLifeEvent`).
  ///   - retryPolicy: Sends a request of an idempotent method again after a transient failure;
  ///     `nil` (the default) sends each request once. Leave it `nil` for loaders with
  ///     `LoaderPolicies.retry`.
  public init(
    requestAdapter: RequestAdapter,
    defaults: RequestDefaults,
    completionQueue: DispatchQueue = .main,
    responseObserver: ResponseObserver? = nil,
    maximumResponseSize: Int? = nil,
    requestLifeObserver: RequestLifeObserver? = nil,
    retryPolicy: RetryPolicy? = nil
  ) {
    common = ClientSetup(
      requestAdapter, completionQueue, responseObserver, maximumResponseSize, retryPolicy,
      delegate: nil, requestLifeObserver: requestLifeObserver, deadline: defaults.deadline)
    let sessionDelegate = common.sessionDelegate
    let direct = DirectSending()
    self.direct = direct
    // On every path: the fields then reach any protocol that sees the request (a stub's too).
    self.preparation = RequestPreparation(defaults: defaults)
    if direct == nil {
      let sessionConfiguration = Self.sessionConfiguration(defaults.configuration())
      self.sessionStore = SessionStore { Self.session(sessionConfiguration, sessionDelegate) }
    } else {
      // Read only if `session` is: the transport it sends with is the one chosen now.
      let transport = HTTPTransport.default
      self.sessionStore = SessionStore {
        Self.session(
          Self.sessionConfiguration(defaults.configuration(), transport: transport),
          sessionDelegate)
      }
    }
  }

  /// The client's session, with one serial delegate queue; a test double's protocols
  /// (`ProtocolInterception`) come first in its configuration.
  private static func session(
    _ configuration: URLSessionConfiguration, _ delegate: SessionDelegate
  ) -> URLSession {
    let configuration = ProtocolInterception.applied(to: configuration)
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    queue.name = "ApexyHTTP.URLSessionClient"
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    delegate.session = session
    return session
  }

  deinit {
    sessionStore.made?.finishTasksAndInvalidate()
  }

  /// Whether requests go straight to libcurl without a session: for a client made with
  /// `init(requestAdapter:defaults:)` on Linux with the libcurl transport (uploads still go
  /// through the session). Deadlines, limits, redirects, observers and progress are the same
  /// on both paths.
  public var sendsWithoutSession: Bool { direct != nil }

  /// The configuration the session gets: on Linux, a copy without `urlCache` that sends with
  /// `HTTPTransport.default` (libcurl unless changed).
  ///
  /// Foundation on Linux looks a data task up in its URL cache before loading it; a task
  /// cancelled during that lookup can have its cancellation delivered after the task completed,
  /// which traps the process. Without a cache the client cancels safely (and every request
  /// reaches the server, which is what a loader's reload means).
  private static func sessionConfiguration(
    _ configuration: URLSessionConfiguration, transport: HTTPTransport = .default
  ) -> URLSessionConfiguration {
    #if canImport(FoundationNetworking)
      guard let copy = configuration.copy() as? URLSessionConfiguration else {
        return configuration
      }
      copy.urlCache = nil
      #if Curl && os(Linux)
        copy.protocolClasses = transport.protocolClasses(copy.protocolClasses)
      #endif
      return copy
    #else
      return configuration
    #endif
  }

  // MARK: - Client

  /// Sends a request; the response observer, then the completion, run on `completionQueue`.
  ///
  /// - Parameters:
  ///   - endpoint: Builds the request and decodes its response.
  ///   - completionHandler: Called once, on `completionQueue`, with the content or the error
  ///     that stopped the request (also when `makeRequest()` or the adapter throws).
  /// - Returns: The request's progress, counting the body bytes received; cancelling it
  ///   cancels the request, which then completes with `URLError(.cancelled)`.
  open func request<T: Endpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    startRequest(endpoint, delivery: onCompletionQueue(completionHandler))
  }

  /// Sends an upload; the response observer, then the completion, run on `completionQueue`.
  ///
  /// - Parameters:
  ///   - endpoint: Builds the request and its body, and decodes the response.
  ///   - completionHandler: Called once, on `completionQueue`, with the content or the error
  ///     that stopped the upload (`UploadError.streamNotSupported` for a stream body).
  /// - Returns: The upload's progress, counting the body bytes sent; cancelling it cancels
  ///   the upload.
  open func upload<T: UploadEndpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    startUpload(endpoint, delivery: onCompletionQueue(completionHandler))
  }

  // MARK: - ConcurrencyClient

  /// Sends a request and returns its content; cancelling the task cancels the request.
  ///
  /// The response observer runs on `completionQueue` before this returns.
  ///
  /// - Parameter endpoint: Builds the request and decodes its response.
  /// - Returns: The content `endpoint` decoded.
  /// - Throws: What the endpoint or the adapter threw, a transport `URLError`
  ///   (`.timedOut` past the deadline, `.cancelled` when the task is cancelled), or
  ///   ``ResponseTooLargeError``.
  open func request<T: Endpoint>(_ endpoint: T) async throws -> T.Content {
    try await bridge { startRequest(endpoint, delivery: $0) }
  }

  /// Sends an upload and returns its content; cancelling the task cancels the upload.
  ///
  /// - Parameter endpoint: Builds the request and its body, and decodes the response.
  /// - Returns: The content `endpoint` decoded.
  /// - Throws: What ``request(_:)`` throws, and ``UploadError/streamNotSupported`` for a
  ///   stream body.
  open func upload<T: UploadEndpoint>(_ endpoint: T) async throws -> T.Content {
    try await bridge { startUpload(endpoint, delivery: $0) }
  }
}

// Safe: `let`s, Sendable or locked; adapter runs where requests start, observer on completionQueue.
extension URLSessionClient: @unchecked Sendable {}
