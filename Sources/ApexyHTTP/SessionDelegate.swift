import Foundation
import Locking
import URLProtocolSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Receives every task's events: collects bodies, counts bytes into each task's `Progress`,
/// enforces the response size limit, reports the life of each request, strips `Authorization`
/// from redirects that leave the original origin, and forwards the task callbacks to the
/// delegate the client was given.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private let records = Locked<[Int: TaskRecord]>([:])
  let forward: URLSessionDelegate?
  private let maximumResponseSize: Int?
  let lifeReporter: RequestLifeReporter?
  private let weakSession = Locked(WeakSession())

  private struct WeakSession {
    weak var session: URLSession?
  }

  /// The session this delegate serves; set once, right after the session is made.
  var session: URLSession? {
    get { weakSession.withLock { $0.session } }
    set { weakSession.withLock { $0.session = newValue } }
  }

  init(
    forwardingTo delegate: URLSessionDelegate?, maximumResponseSize: Int?,
    lifeReporter: RequestLifeReporter?
  ) {
    self.forward = delegate
    self.maximumResponseSize = maximumResponseSize
    self.lifeReporter = lifeReporter
  }

  /// Registers what to track for a task; call before `resume()`.
  func register(_ task: URLSessionTask, record: TaskRecord) {
    register(id: task.taskIdentifier, record: record)
    SentBytesReports.register(task, delegate: self)
  }

  /// Registers what to track for a request under `id`: a task's identifier, or a negative
  /// number for a load the client sends without the session.
  func register(id: Int, record: TaskRecord) {
    records.withLock { records in
      records[id] = record
      lifeReporter?.report(record.trace, .created)
    }
  }

  /// Completes a task early with the given error (deadline, cancellation); later events are dropped.
  func finishEarly(_ task: URLSessionTask, error: Error) {
    guard finishEarly(id: task.taskIdentifier, error: error) else { return }
    SentBytesReports.unregister(task)
    task.cancel()
  }

  /// Completes the request `id` early with the given error, unless it ended; returns whether
  /// it was still running (the caller then stops its transfer).
  @discardableResult
  func finishEarly(id: Int, error: Error) -> Bool {
    guard let record = records.withLock({ $0.removeValue(forKey: id) }) else { return false }
    var outcome = record.outcome(error: error)
    outcome.data = nil
    record.completion(outcome)
    return true
  }

  // MARK: - Receiving

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let tooLarge = !receive(response, id: dataTask.taskIdentifier)
    forwardResponse(session, dataTask, response) { disposition in
      completionHandler(tooLarge ? .cancel : disposition)
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    if !receive(data, id: dataTask.taskIdentifier) { dataTask.cancel() }
    forwardData(session, dataTask, data)
  }

  /// Notes the response of request `id`; returns `false` when it announces a body over the
  /// size limit (the caller stops the transfer).
  func receive(_ response: URLResponse, id: Int) -> Bool {
    records.withLock { records in
      guard var record = records[id] else { return true }
      record.response = response
      // A new response (an authentication retry) starts a new body.
      record.data = Data()
      record.receivedResponse()
      if let http = response as? HTTPURLResponse {
        lifeReporter?.report(record.trace, .responseReceived(Self.head(of: http)))
      }
      defer { records[id] = record }
      guard let limit = maximumResponseSize, response.expectedContentLength > Int64(limit) else {
        return true
      }
      record.limitError = ResponseTooLargeError(limit: limit)
      return false
    }
  }

  /// Adds part of the body of request `id`; returns `false` once the body is over the size
  /// limit (the caller stops the transfer).
  func receive(_ data: Data, id: Int) -> Bool {
    records.withLock { records in
      guard let received = records[id]?.data.count else { return true }
      if let limit = maximumResponseSize, received + data.count > limit {
        records[id]?.limitError = ResponseTooLargeError(limit: limit)
        records[id]?.data = Data()
        return false
      }
      // Appended in place: copying the record out would copy the whole body on every piece.
      // The first piece is kept as it is (over loopback it is often the whole body), not
      // copied into a new buffer.
      if received == 0 {
        records[id]?.data = data
      } else {
        records[id]?.data.append(data)
      }
      if let record = records[id] {
        record.countReceived()
        lifeReporter?.report(
          record.trace,
          .bytesReceived(
            Int64(record.data.count), expected: record.response?.expectedContentLength.known))
      }
      return true
    }
  }

  // MARK: - Sending

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
    totalBytesSent: Int64, totalBytesExpectedToSend: Int64
  ) {
    sent(id: task.taskIdentifier, total: totalBytesSent, expected: totalBytesExpectedToSend)
    forwardSent(session, task, bytesSent, totalBytesSent, totalBytesExpectedToSend)
  }

  /// Counts the request body bytes request `id` has sent (`expected` -1 when unknown).
  func sent(id: Int, total: Int64, expected: Int64) {
    records.withLock { records in
      guard var record = records[id] else { return }
      record.countSent(total, expected: expected)
      records[id] = record
      lifeReporter?.report(record.trace, .bytesSent(total, expected: expected.known))
    }
  }

  /// How many requests are being tracked: sent and not yet completed.
  var pendingRequests: Int { records.withLock { $0.count } }

  /// A transport's report of body bytes sent (see `URLProtocol.reportBodyBytesSent`), delivered
  /// on the session's delegate queue as Foundation's own callback would be.
  func transportSent(_ task: URLSessionTask, _ bytes: Int64, total: Int64, expected: Int64) {
    guard let session else { return }
    session.delegateQueue.addOperation {
      self.urlSession(
        session, task: task, didSendBodyData: bytes, totalBytesSent: total,
        totalBytesExpectedToSend: expected)
    }
  }

  // MARK: - Completion

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    complete(task, response: task.response, error: error)
    forwardCompletion(session, task, error)
  }

  /// Completes a task with what arrived for it, unless it was completed already.
  func complete(_ task: URLSessionTask, response: URLResponse?, error: Error?) {
    SentBytesReports.unregister(task)
    complete(id: task.taskIdentifier, response: response, error: error)
  }

  /// Completes request `id` with what arrived for it, unless it was completed already.
  func complete(id: Int, response: URLResponse?, error: Error?) {
    guard let record = records.withLock({ $0.removeValue(forKey: id) }) else { return }
    var outcome = record.outcome(error: error)
    outcome.response = record.response ?? response
    if let limitError = record.limitError {
      outcome.data = nil
      outcome.error = limitError
    } else {
      outcome.error = Self.explain(error, record)
      if outcome.error == nil { record.finishProgress() }
    }
    record.completion(outcome)
  }

  /// A transfer that failed after part of a body with a known length arrived lost its connection;
  /// Foundation on Linux reports that as an unknown error. An error that libcurl's transport
  /// described already (its reason ends with libcurl's own words) is kept.
  private static func explain(_ error: Error?, _ record: TaskRecord) -> Error? {
    guard let error, (error as? URLError)?.code != .cancelled,
      !((error as NSError).localizedFailureReason ?? "").contains(" (libcurl: "),
      let expected = record.response?.expectedContentLength, expected > 0,
      Int64(record.data.count) < expected
    else { return error }
    let url = record.response?.url
    return URLError.described(
      .networkConnectionLost, url: url,
      reason: "The connection to \(url?.host ?? "the server") was lost in the middle of the "
        + "response (\(record.data.count) of \(expected) bytes).")
  }

  private static func head(of response: HTTPURLResponse) -> RequestLifeEvent.Head {
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      headers["\(name)"] = "\(value)"
    }
    return RequestLifeEvent.Head(
      status: response.statusCode, headers: headers,
      expectedBytes: response.expectedContentLength.known)
  }
}

extension Int64 {
  /// The value when it is a real count, `nil` for Foundation's "unknown" (-1) or nothing.
  var known: Int64? { self > 0 ? self : nil }
}
