import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A caller's session delegate: records the task callbacks it gets, and the returned
/// `Progress` (once the test hands it over) at each of them.
final class TaskDelegateRecorder: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  let events = Recorder<String>()
  private let lock = NSLock()
  private var watched: Progress?
  private var completion: XCTestExpectation?

  /// Fulfilled when a task completes.
  var completed: XCTestExpectation? {
    get { lock.withLock { completion } }
    set { lock.withLock { completion = newValue } }
  }

  /// The progress to read at each callback.
  var progress: Progress? {
    get { lock.withLock { watched } }
    set { lock.withLock { watched = newValue } }
  }

  private var counts: String {
    guard let progress else { return "" }
    return " progress \(progress.completedUnitCount)/\(progress.totalUnitCount)"
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    events.append("response \((response as? HTTPURLResponse)?.statusCode ?? 0)")
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    events.append("data \(data.count)\(counts)")
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
    totalBytesSent: Int64, totalBytesExpectedToSend: Int64
  ) {
    events.append("sent \(bytesSent) \(totalBytesSent)/\(totalBytesExpectedToSend)\(counts)")
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?
  ) {
    events.append("complete \(error.map { "\(($0 as? URLError)?.code ?? .unknown)" } ?? "ok")")
    completed?.fulfill()
  }
}
