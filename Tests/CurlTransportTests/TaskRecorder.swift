import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delegate of a `URLSession`: keeps what each data task received, and cancels the tasks
/// it is asked to as soon as their first body bytes arrive.
final class TaskRecorder: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// What one task received.
  struct Outcome {
    /// The response's status code; 0 before a response.
    var status = 0
    /// The body bytes received.
    var body = Data()
    /// The error the task ended with, `nil` when it succeeded.
    var error: URLError?
  }

  private let lock = NSLock()
  private var outcomes: [Int: Outcome] = [:]
  private var cancelling: Set<Int> = []
  private var ends: [Int: XCTestExpectation] = [:]

  /// Starts a data task for `url` in `session` (whose delegate this is); the expectation is
  /// fulfilled when the task ends.
  func start(_ url: URL, in session: URLSession, cancelAtFirstByte: Bool = false) -> (
    task: URLSessionDataTask, ended: XCTestExpectation
  ) {
    let task = session.dataTask(with: url)
    let ended = XCTestExpectation(description: "\(url.path) ended")
    lock.withLock {
      outcomes[task.taskIdentifier] = Outcome()
      ends[task.taskIdentifier] = ended
      if cancelAtFirstByte { cancelling.insert(task.taskIdentifier) }
    }
    task.resume()
    return (task, ended)
  }

  /// What `task` has received so far.
  func outcome(_ task: URLSessionTask) -> Outcome {
    lock.withLock { outcomes[task.taskIdentifier] ?? Outcome() }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    lock.withLock { outcomes[dataTask.taskIdentifier]?.status = status }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let cancel = lock.withLock {
      outcomes[dataTask.taskIdentifier]?.body.append(data)
      return cancelling.remove(dataTask.taskIdentifier) != nil
    }
    if cancel { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    let ended = lock.withLock {
      outcomes[task.taskIdentifier]?.error = error.map { $0 as? URLError ?? URLError(.unknown) }
      return ends.removeValue(forKey: task.taskIdentifier)
    }
    ended?.fulfill()
  }
}
