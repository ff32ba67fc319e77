import ApexyHTTP
import GitHubAPI

/// One line of the inspector's request log, built from the client's request-life events.
public struct RequestRecord: Sendable, Equatable {
  /// Where a request is in its life.
  public enum Phase: Sendable, Equatable {
    /// Sent, no answer yet.
    case sent
    /// Answered and decoded.
    case finished
    /// Failed, with a one-line reason.
    case failed(String)
  }

  /// The client's request number.
  public var id: Int
  /// `GET`, `POST`…
  public var method: String
  /// The path and query, cleaned for display.
  public var path: String
  /// The kind of loader it served, `nil` for another path.
  public var loader: LoaderKind?
  /// Where it is in its life.
  public var phase: Phase
  /// The HTTP status, once known.
  public var status: Int?
  /// Seconds from sending to the end, once ended.
  public var duration: TimeInterval?
  /// Body bytes received.
  public var bytes: Int64
  /// For a detail request, its loader's key `owner/name` (secrets redacted; not safe to draw).
  public var detailKey: String?
  /// Which attempt of its loader's load it is, when a retry: 2 for the first retry.
  public var attempt: Int?
  /// For an owner's request, the owner it was made for, as its endpoint said.
  public var owner: GitHubLogin?

  /// Creates a value from its parts.
  public init(
    id: Int, method: String, path: String, loader: LoaderKind?, phase: Phase, status: Int? = nil,
    duration: TimeInterval? = nil, bytes: Int64 = 0, detailKey: String? = nil,
    owner: GitHubLogin? = nil
  ) {
    self.detailKey = detailKey
    self.owner = owner
    self.id = id
    self.method = method
    self.path = path
    self.loader = loader
    self.phase = phase
    self.status = status
    self.duration = duration
    self.bytes = bytes
  }

  /// The loader it served, `nil` for another path: an owner's loader by the owner it was made
  /// for, a detail loader by its key.
  public var subject: LoaderID? {
    loader.map { kind in LoaderID(kind: kind, key: kind == .repository ? detailKey : owner?.key) }
  }

  /// The record for a request's creation or end, every text cleaned with `sanitizer`; `nil`
  /// for the events in between (headers, bytes).
  public init?(_ event: RequestLifeEvent, sanitizer: TextSanitizer) {
    let url = event.url
    let rawPath =
      (url.map { $0.path.isEmpty ? "/" : $0.path } ?? "?")
      + (url?.query.map { "?" + $0 } ?? "")
    let path = sanitizer.clean(rawPath)
    let method = sanitizer.clean(event.method)
    let loader = LoaderKind.of(path: url?.path ?? "")
    let key =
      loader == .repository
      ? url.map { sanitizer.redacted($0.pathComponents.suffix(2).joined(separator: "/")) } : nil
    switch event.kind {
    case .created:
      self.init(
        id: event.id, method: method, path: path, loader: loader, phase: .sent, detailKey: key)
    case .finished(let status, let received, _):
      self.init(
        id: event.id, method: method, path: path, loader: loader, phase: .finished,
        status: status, duration: event.elapsed, bytes: received, detailKey: key)
    case .failed(let error, let status, let received, _):
      let host = [url?.host, url?.port.map(String.init)].compactMap { $0 }.joined(separator: ":")
      let reason = sanitizer.clean(
        ErrorMessage.line(
          for: error.unwrappingResponse, host: host, timeout: event.elapsed.rounded()))
      self.init(
        id: event.id, method: method, path: path, loader: loader,
        phase: .failed(String(reason.prefix(120))), status: status, duration: event.elapsed,
        bytes: received, detailKey: key)
    case .responseReceived, .bytesReceived, .bytesSent:
      return nil
    }
    owner = event.subject.map { GitHubLogin($0) }
  }
}
