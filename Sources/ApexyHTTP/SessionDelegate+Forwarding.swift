import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// MARK: - Forwarding task callbacks to the client's delegate

/// The client's own delegate sits between the session and the delegate the caller passed to
/// `URLSessionClient`; these pass on the task callbacks that delegate would get from a session
/// of its own, after the client has counted them.
extension SessionDelegate {
  /// Asks the forwarded delegate what to do with a response; `.allow` without one.
  func forwardResponse(
    _ session: URLSession, _ task: URLSessionDataTask, _ response: URLResponse,
    decide: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    guard let forward = forward as? URLSessionDataDelegate else { return decide(.allow) }
    #if canImport(FoundationNetworking)
      forward.urlSession(session, dataTask: task, didReceive: response, completionHandler: decide)
    #else
      guard
        forward.responds(
          to: #selector(
            URLSessionDataDelegate.urlSession(_:dataTask:didReceive:completionHandler:)))
      else { return decide(.allow) }
      forward.urlSession?(session, dataTask: task, didReceive: response, completionHandler: decide)
    #endif
  }

  /// Passes on a piece of a response body.
  func forwardData(_ session: URLSession, _ task: URLSessionDataTask, _ data: Data) {
    guard let forward = forward as? URLSessionDataDelegate else { return }
    #if canImport(FoundationNetworking)
      forward.urlSession(session, dataTask: task, didReceive: data)
    #else
      forward.urlSession?(session, dataTask: task, didReceive: data)
    #endif
  }

  /// Passes on a count of request body bytes sent.
  func forwardSent(
    _ session: URLSession, _ task: URLSessionTask, _ bytes: Int64, _ total: Int64,
    _ expected: Int64
  ) {
    guard let forward = forward as? URLSessionTaskDelegate else { return }
    #if canImport(FoundationNetworking)
      forward.urlSession(
        session, task: task, didSendBodyData: bytes, totalBytesSent: total,
        totalBytesExpectedToSend: expected)
    #else
      forward.urlSession?(
        session, task: task, didSendBodyData: bytes, totalBytesSent: total,
        totalBytesExpectedToSend: expected)
    #endif
  }

  /// Passes on the end of a task.
  func forwardCompletion(_ session: URLSession, _ task: URLSessionTask, _ error: Error?) {
    guard let forward = forward as? URLSessionTaskDelegate else { return }
    #if canImport(FoundationNetworking)
      forward.urlSession(session, task: task, didCompleteWithError: error)
    #else
      forward.urlSession?(session, task: task, didCompleteWithError: error)
    #endif
  }
}
