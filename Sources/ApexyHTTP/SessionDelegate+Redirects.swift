import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// MARK: - Redirects and challenges

extension SessionDelegate {
  /// How a delegate answers an authentication challenge.
  typealias ChallengeAnswer =
    @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void

  /// Foundation on Linux holds a 401 whose `WWW-Authenticate` it can parse (Basic) as a challenge
  /// and, without a credential, never delivers it; here the 401 reaches the endpoint, as it
  /// does on Darwin.
  /// A forwarded delegate may still answer a Basic challenge with a credential.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping ChallengeAnswer
  ) {
    #if canImport(FoundationNetworking)
      let answer: ChallengeAnswer = {
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
        forward.urlSession(session, task: task, didReceive: challenge, completionHandler: answer)
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
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
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
      forward.urlSession(
        session, task: task, willPerformHTTPRedirection: response, newRequest: next,
        completionHandler: completionHandler)
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
