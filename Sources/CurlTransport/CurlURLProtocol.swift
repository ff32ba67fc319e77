import Foundation
import URLProtocolSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Answers `http://` and `https://` requests of a `URLSession` with libcurl, so a request that
/// waits for its answer sleeps instead of keeping a core busy.
///
/// Put it first in `URLSessionConfiguration.protocolClasses`. All loads share one libcurl multi
/// handle on a thread of its own: connections are kept alive and reused (HTTP/2 where the
/// server offers it), bodies are asked for compressed and decoded, proxies come from the
/// environment as curl reads them (`http_proxy`, `HTTPS_PROXY`, `NO_PROXY`…), and TLS uses the
/// system trust store, or `SSL_CERT_FILE`/`SSL_CERT_DIR` when set (read for every request).
/// TLS failures map to `URLError` codes as `CurlFailure` lists, each naming the host;
/// `CurlPinning` pins public keys. Foundation on Linux cannot hand a protocol's redirect back to
/// the session, so this class follows redirects itself (at most 16) and drops `Authorization`
/// when one leaves the scheme, host and port it started on. Upload tasks fail with
/// `UploadUnsupported` (Foundation keeps their bodies to itself); send bodies with data tasks
/// and `httpBody`.
public final class CurlURLProtocol: URLProtocol {
  /// Where the load's reports go: to the task's work queue (which `startLoading()` and
  /// `stopLoading()` run on too), in order, never after a stop. Reports made there while other
  /// tasks of the session are added or removed would otherwise race with them and crash; and
  /// `client` is `nil` for Foundation's own cancellation report once the task has completed.
  private var reports: URLProtocolReports<CurlURLProtocol>!

  /// A protocol for `request`, as Foundation makes one for each task.
  ///
  /// - Parameters:
  ///   - request: The request to send.
  ///   - cachedResponse: Ignored: libcurl sends every request.
  ///   - client: Where the response is reported.
  public required init(
    request: URLRequest, cachedResponse: CachedURLResponse?, client: URLProtocolClient?
  ) {
    super.init(request: request, cachedResponse: cachedResponse, client: client)
    reports = URLProtocolReports(self) { $0.loadClient }
  }

  /// Told as a request body goes out (bytes since the last call, in all, expected or -1), on
  /// the task's work queue in order with its other reports: Foundation on Linux gives a
  /// protocol no way to report sent bytes to its session, so a client that wants upload
  /// progress sets this once (`URLSessionClient` does). Set it before the first request.
  public static var bodyBytesSent: (@Sendable (URLProtocol, Int64, Int64, Int64) -> Void)? {
    get { BodyBytesSentObserver.shared.current }
    set { BodyBytesSentObserver.shared.current = newValue }
  }

  /// Told about every transfer libcurl finishes (see `CurlTransferReport`: the HTTP version
  /// spoken, the connection used), on the transfer thread; `nil` (the default) for none.
  /// Tests and diagnostics use it to see HTTP/2 and connection reuse at work.
  public static var transferFinished: (@Sendable (CurlTransferReport) -> Void)? {
    get { TransferObserver.shared.current }
    set { TransferObserver.shared.current = newValue }
  }

  /// Takes every `http://` and `https://` request.
  ///
  /// - Parameter request: A request of a session that lists this protocol.
  /// - Returns: `true` for the schemes `http` and `https`, in any case.
  override public class func canInit(with request: URLRequest) -> Bool {
    let scheme = request.url?.scheme?.lowercased()
    return scheme == "http" || scheme == "https"
  }

  /// The request as it is.
  ///
  /// - Parameter request: The request to send.
  /// - Returns: `request`, unchanged.
  override public class func canonicalRequest(for request: URLRequest) -> URLRequest {
    request
  }

  /// The loading system's client; `nil` once the task has completed.
  ///
  /// Foundation reports a cancellation on the queue that also removes completed tasks, so a
  /// task seen running here is still registered when that report arrives.
  override public var client: URLProtocolClient? {
    get { task?.state == .completed ? nil : super.client }
    set { super.client = newValue }
  }

  /// The client the load reports to, read on the task's work queue.
  private var loadClient: URLProtocolClient? { super.client }

  /// Hands the request to the libcurl engine.
  override public func startLoading() {
    let reports = reports!
    if task is URLSessionUploadTask {
      reports.start(on: task.flatMap(Self.workQueue(of:)))
      reports.report { $1.urlProtocol($0, didFailWithError: UploadUnsupported()) }
      return
    }
    let load = CurlLoad(request: request)
    load.onResponse = { response in
      reports.report { $1.urlProtocol($0, didReceive: response, cacheStoragePolicy: .notAllowed) }
    }
    load.onData = { data in reports.report { $1.urlProtocol($0, didLoad: data) } }
    load.onSent = { bytes, total, expected in
      guard let report = Self.bodyBytesSent else { return }
      reports.report { urlProtocol, _ in report(urlProtocol, bytes, total, expected) }
    }
    load.onFinish = { error in
      // The load's handlers hold the reports: the load is let go of now.
      reports.finished()
      if let error {
        reports.report { $1.urlProtocol($0, didFailWithError: error) }
      } else {
        reports.report { $1.urlProtocolDidFinishLoading($0) }
      }
    }
    let queue = task.flatMap(Self.workQueue(of:))
    if reports.start(on: queue, cancel: { load.cancel() }) { load.start() }
  }

  /// Stops the transfer; nothing more is reported.
  override public func stopLoading() {
    reports.stop()
  }

  /// Foundation's `workQueue` of `task` (internal to Foundation, so found by reflection).
  static func workQueue(of task: URLSessionTask) -> DispatchQueue? {
    URLProtocolReports<CurlURLProtocol>.workQueue(of: task)
  }
}

extension CurlURLProtocol {
  /// An upload task reached `CurlURLProtocol`, which cannot see its body.
  public struct UploadUnsupported: Error, CustomStringConvertible {
    /// A one-line explanation.
    public var description: String {
      "CurlURLProtocol cannot send an upload task's body; use a data task with httpBody."
    }
  }
}
