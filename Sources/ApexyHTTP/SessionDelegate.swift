import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the session reported for one task: body, response and transport error.
struct TaskOutcome {
  var data: Data?
  var response: URLResponse?
  var error: Error?
}

/// Receives every task's events, collects bodies, enforces the response size limit and
/// strips `Authorization` from redirects that leave the original origin.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private struct Entry {
    var data = Data()
    var response: URLResponse?
    var limitError: Error?
    let completion: (TaskOutcome) -> Void
  }

  private let lock = NSLock()
  private var entries: [Int: Entry] = [:]
  private let forward: URLSessionDelegate?
  private let maximumResponseSize: Int?

  init(forwardingTo delegate: URLSessionDelegate?, maximumResponseSize: Int?) {
    self.forward = delegate
    self.maximumResponseSize = maximumResponseSize
  }

  /// Registers the completion for a task; call before `resume()`.
  func register(_ task: URLSessionTask, completion: @escaping (TaskOutcome) -> Void) {
    lock.withLock { entries[task.taskIdentifier] = Entry(completion: completion) }
  }

  /// Completes a task early with the given error (deadline, cancellation); later events are dropped.
  func finishEarly(_ task: URLSessionTask, error: Error) {
    guard let entry = lock.withLock({ entries.removeValue(forKey: task.taskIdentifier) }) else {
      return
    }
    task.cancel()
    entry.completion(TaskOutcome(data: nil, response: entry.response, error: error))
  }

  // MARK: - URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let tooLarge: Bool = lock.withLock {
      entries[dataTask.taskIdentifier]?.response = response
      // A new response (an authentication retry) starts a new body.
      entries[dataTask.taskIdentifier]?.data = Data()
      guard let limit = maximumResponseSize, response.expectedContentLength > Int64(limit) else {
        return false
      }
      entries[dataTask.taskIdentifier]?.limitError = ResponseTooLargeError(limit: limit)
      return true
    }
    completionHandler(tooLarge ? .cancel : .allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let exceeded: Bool = lock.withLock {
      let id = dataTask.taskIdentifier
      guard let received = entries[id]?.data.count else { return false }
      if let limit = maximumResponseSize, received + data.count > limit {
        entries[id]?.limitError = ResponseTooLargeError(limit: limit)
        entries[id]?.data = Data()
        return true
      }
      // Appended in place: copying the entry out would copy the whole body on every piece.
      entries[id]?.data.append(data)
      return false
    }
    if exceeded { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    complete(task, response: task.response, error: error)
  }

  /// Completes a task with what arrived for it, unless it was completed already.
  private func complete(_ task: URLSessionTask, response: URLResponse?, error: Error?) {
    guard let entry = lock.withLock({ entries.removeValue(forKey: task.taskIdentifier) }) else {
      return
    }
    let response = entry.response ?? response
    if let limitError = entry.limitError {
      entry.completion(TaskOutcome(data: nil, response: response, error: limitError))
    } else {
      entry.completion(
        TaskOutcome(data: entry.data, response: response, error: Self.explain(error, entry)))
    }
  }

  /// A transfer that failed after part of a body with a known length arrived lost its connection;
  /// Foundation on Linux reports that as an unknown error.
  private static func explain(_ error: Error?, _ entry: Entry) -> Error? {
    guard let error, (error as? URLError)?.code != .cancelled,
      let expected = entry.response?.expectedContentLength, expected > 0,
      Int64(entry.data.count) < expected
    else { return error }
    return URLError(.networkConnectionLost)
  }

  // MARK: - Redirects and challenges

  /// Foundation on Linux holds a 401 whose `WWW-Authenticate` it can parse (Basic) as a challenge
  /// and, without a credential, never delivers it; here the 401 reaches the endpoint, as it
  /// does on Darwin.
  /// A forwarded delegate may still answer a Basic challenge with a credential.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    #if canImport(FoundationNetworking)
      let answer: (URLSession.AuthChallengeDisposition, URLCredential?) -> Void = {
        disposition, credential in
        // Foundation on Linux can only answer Basic with a credential; it traps on any other.
        if disposition == .useCredential, let credential,
          challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodHTTPBasic
        {
          completionHandler(.useCredential, credential)
          return
        }
        self.complete(task, response: challenge.failureResponse, error: nil)
        completionHandler(.cancelAuthenticationChallenge, nil)
      }
      if let forward = forward as? URLSessionTaskDelegate {
        let answer = Unchecked(answer)
        forward.urlSession(
          session, task: task, didReceive: challenge, completionHandler: { answer.value($0, $1) })
      } else {
        answer(.performDefaultHandling, nil)
      }
    #else
      guard let forward = forward as? URLSessionTaskDelegate,
        forward.responds(
          to: #selector(
            URLSessionTaskDelegate.urlSession(_:task:didReceive:completionHandler:)))
      else {
        completionHandler(.performDefaultHandling, nil)
        return
      }
      forward.urlSession?(
        session, task: task, didReceive: challenge, completionHandler: completionHandler)
    #endif
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    var next = request
    if let original = task.originalRequest?.url, let target = request.url,
      !original.hasSameOrigin(as: target)
    {
      next.setValue(nil, forHTTPHeaderField: "Authorization")
    }
    guard let forward = forward as? URLSessionTaskDelegate else {
      completionHandler(next)
      return
    }
    #if canImport(FoundationNetworking)
      let handler = Unchecked(completionHandler)
      forward.urlSession(
        session, task: task, willPerformHTTPRedirection: response, newRequest: next,
        completionHandler: { handler.value($0) })
    #else
      guard
        forward.responds(
          to: #selector(
            URLSessionTaskDelegate.urlSession(
              _:task:willPerformHTTPRedirection:newRequest:completionHandler:)
          ))
      else {
        completionHandler(next)
        return
      }
      forward.urlSession?(
        session, task: task, willPerformHTTPRedirection: response, newRequest: next,
        completionHandler: completionHandler)
    #endif
  }
}

/// The response body was larger than the client's `maximumResponseSize`.
public struct ResponseTooLargeError: Error, Equatable, CustomStringConvertible {
  /// The limit in bytes that was exceeded.
  public let limit: Int

  /// Creates the error for the given limit in bytes.
  public init(limit: Int) {
    self.limit = limit
  }

  /// A one-line explanation.
  public var description: String {
    "The response was larger than the limit of \(limit) bytes and was not read."
  }
}

extension URL {
  /// Whether this URL and `other` share scheme, host and port (default ports filled in):
  /// where a redirect may carry `Authorization`.
  public func hasSameOrigin(as other: URL) -> Bool {
    func origin(_ url: URL) -> (String, String, Int) {
      let scheme = url.scheme?.lowercased() ?? ""
      let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
      return (scheme, url.host?.lowercased() ?? "", port)
    }
    return origin(self) == origin(other)
  }
}
