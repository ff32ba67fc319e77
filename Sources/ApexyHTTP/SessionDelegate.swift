import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Receives every task's events: collects bodies, counts bytes into each task's `Progress`,
/// enforces the response size limit, reports the life of each request, strips `Authorization`
/// from redirects that leave the original origin, and forwards the task callbacks to the
/// delegate the client was given.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let lock = NSLock()
  private var records: [Int: TaskRecord] = [:]
  let forward: URLSessionDelegate?
  private let maximumResponseSize: Int?
  let lifeReporter: RequestLifeReporter?
  /// The session this delegate serves; set once, right after the session is made.
  weak var session: URLSession?

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
    lock.withLock {
      records[task.taskIdentifier] = record
      lifeReporter?.report(record.trace, .created)
    }
    SentBytesReports.register(task, delegate: self)
  }

  /// Completes a task early with the given error (deadline, cancellation); later events are dropped.
  func finishEarly(_ task: URLSessionTask, error: Error) {
    guard let record = lock.withLock({ records.removeValue(forKey: task.taskIdentifier) }) else {
      return
    }
    SentBytesReports.unregister(task)
    task.cancel()
    var outcome = record.outcome(error: error)
    outcome.data = nil
    record.completion(outcome)
  }

  // MARK: - Receiving

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let tooLarge: Bool = lock.withLock {
      guard var record = records[dataTask.taskIdentifier] else { return false }
      record.response = response
      // A new response (an authentication retry) starts a new body.
      record.data = Data()
      record.receivedResponse()
      if let http = response as? HTTPURLResponse {
        lifeReporter?.report(record.trace, .responseReceived(Self.head(of: http)))
      }
      defer { records[dataTask.taskIdentifier] = record }
      guard let limit = maximumResponseSize, response.expectedContentLength > Int64(limit) else {
        return false
      }
      record.limitError = ResponseTooLargeError(limit: limit)
      return true
    }
    forwardResponse(session, dataTask, response) { disposition in
      completionHandler(tooLarge ? .cancel : disposition)
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let exceeded: Bool = lock.withLock {
      let id = dataTask.taskIdentifier
      guard let received = records[id]?.data.count else { return false }
      if let limit = maximumResponseSize, received + data.count > limit {
        records[id]?.limitError = ResponseTooLargeError(limit: limit)
        records[id]?.data = Data()
        return true
      }
      // Appended in place: copying the record out would copy the whole body on every piece.
      records[id]?.data.append(data)
      if let record = records[id] {
        record.countReceived()
        lifeReporter?.report(
          record.trace,
          .bytesReceived(
            Int64(record.data.count), expected: record.response?.expectedContentLength.known))
      }
      return false
    }
    if exceeded { dataTask.cancel() }
    forwardData(session, dataTask, data)
  }

  // MARK: - Sending

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
    totalBytesSent: Int64, totalBytesExpectedToSend: Int64
  ) {
    lock.withLock {
      guard var record = records[task.taskIdentifier] else { return }
      record.countSent(totalBytesSent, expected: totalBytesExpectedToSend)
      records[task.taskIdentifier] = record
      lifeReporter?.report(
        record.trace, .bytesSent(totalBytesSent, expected: totalBytesExpectedToSend.known))
    }
    forwardSent(session, task, bytesSent, totalBytesSent, totalBytesExpectedToSend)
  }

  /// A transport's report of body bytes sent (see `URLProtocol.reportBodyBytesSent`), delivered
  /// on the session's delegate queue as Foundation's own callback would be.
  func transportSent(_ task: URLSessionTask, _ bytes: Int64, total: Int64, expected: Int64) {
    guard let session else { return }
    let box = UncheckedSendableBox((session, task))
    session.delegateQueue.addOperation {
      let (session, task) = box.value
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
    guard let record = lock.withLock({ records.removeValue(forKey: task.taskIdentifier) }) else {
      return
    }
    SentBytesReports.unregister(task)
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
  /// Foundation on Linux reports that as an unknown error.
  private static func explain(_ error: Error?, _ record: TaskRecord) -> Error? {
    guard let error, (error as? URLError)?.code != .cancelled,
      let expected = record.response?.expectedContentLength, expected > 0,
      Int64(record.data.count) < expected
    else { return error }
    return URLError(.networkConnectionLost)
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
