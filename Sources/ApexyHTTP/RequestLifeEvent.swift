import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Called with every event in the life of every request a `URLSessionClient` sends, in order,
/// on a serial queue of the client.
public typealias RequestLifeObserver = @Sendable (RequestLifeEvent) -> Void

/// One moment in the life of a request: created, response headers, bytes, finished or failed.
///
/// Every event of one request carries the same `id`, `method`, `url` and `startedAt`, so an
/// inspector can group them; `date` is when this event happened.
public struct RequestLifeEvent: Sendable {
  /// The status line and headers of a response.
  public struct Head: Sendable, Equatable {
    /// The HTTP status code.
    public let status: Int
    /// The response headers, names as the server sent them.
    public let headers: [String: String]
    /// The body length the response announced, `nil` when unknown.
    public let expectedBytes: Int64?
  }

  /// What happened.
  public enum Kind: Sendable {
    /// The request was made and is about to be sent.
    case created
    /// The response's status and headers arrived.
    case responseReceived(Head)
    /// Body bytes arrived; the total so far and the announced length.
    case bytesReceived(Int64, expected: Int64?)
    /// Request body bytes were sent; the total so far and the body's length.
    case bytesSent(Int64, expected: Int64?)
    /// The request succeeded (transport, `validate` and `content` all passed).
    case finished(status: Int?, bytesReceived: Int64, bytesSent: Int64)
    /// The request failed in the transport, `validate` or `content(from:with:)`.
    case failed(Error, status: Int?, bytesReceived: Int64, bytesSent: Int64)
  }

  /// The same for every event of one request, different for every request of the process.
  public let id: Int
  /// The HTTP method, `GET` when the request did not set one.
  public let method: String
  /// The URL sent (after the request adapter).
  public let url: URL?
  /// When the request was created.
  public let startedAt: Date
  /// When this event happened.
  public let date: Date
  /// What happened.
  public let kind: Kind
  /// What the request is for, as its endpoint says (``Endpoint/requestSubject``); `nil` when
  /// it says nothing.
  public let subject: String?

  init(
    id: Int, method: String, url: URL?, startedAt: Date, date: Date, kind: Kind,
    subject: String? = nil
  ) {
    self.id = id
    self.method = method
    self.url = url
    self.startedAt = startedAt
    self.date = date
    self.kind = kind
    self.subject = subject
  }

  /// Seconds from `startedAt` to this event.
  public var elapsed: TimeInterval { date.timeIntervalSince(startedAt) }
}

/// Who a request is, for its life events.
struct RequestTrace: Sendable {
  let id: Int
  let method: String
  let url: URL?
  let startedAt: Date
  let subject: String?

  /// A new trace for `request`, for `subject`, started at `date`.
  init(_ request: URLRequest, subject: String?, at date: Date) {
    id = IDCounter.requests.next()
    method = request.httpMethod ?? "GET"
    url = request.url
    startedAt = date
    self.subject = subject
  }
}

/// Stamps and delivers request-life events, in the order they are reported, on a serial queue.
final class RequestLifeReporter: Sendable {
  private let observer: RequestLifeObserver
  private let queue = DispatchQueue(label: "ApexyHTTP.RequestLifeReporter")
  /// The clock events are stamped with.
  let now: @Sendable () -> Date

  init(observer: @escaping RequestLifeObserver, now: @escaping @Sendable () -> Date = Date.init) {
    self.observer = observer
    self.now = now
  }

  /// Delivers `kind` for `trace`, stamped now (`.created` with the trace's start).
  func report(_ trace: RequestTrace, _ kind: RequestLifeEvent.Kind) {
    var date = trace.startedAt
    if case .created = kind {} else { date = now() }
    let event = RequestLifeEvent(
      id: trace.id, method: trace.method, url: trace.url, startedAt: trace.startedAt, date: date,
      kind: kind, subject: trace.subject)
    let observer = self.observer
    queue.async { observer(event) }
  }

  /// Calls `body` on the delivery queue once every event reported before is delivered.
  func afterDelivered(_ body: @escaping @Sendable () -> Void) {
    queue.async(execute: body)
  }

  /// Delivers the last event of a request: finished or failed with what was counted.
  func reportEnd(_ outcome: TaskOutcome, error: Error?) {
    let status = (outcome.response as? HTTPURLResponse)?.statusCode
    if let error {
      report(
        outcome.trace,
        .failed(
          error, status: status, bytesReceived: outcome.bytesReceived,
          bytesSent: outcome.bytesSent))
    } else {
      report(
        outcome.trace,
        .finished(
          status: status, bytesReceived: outcome.bytesReceived, bytesSent: outcome.bytesSent))
    }
  }
}
