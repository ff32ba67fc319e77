import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Makes the task that sends an upload's body.
enum UploadTaskFactory {
  /// An upload task, or, where `CurlURLProtocol` sends the session's requests (it cannot see an
  /// upload task's body), a data task with the body in `httpBody`.
  static func task(
    in session: URLSession, request: URLRequest, body: UploadEndpointBody
  ) throws -> URLSessionTask {
    #if Curl && os(Linux)
      if HTTPTransport.sendsWithCurl(session.configuration) {
        var request = request
        switch body {
        case .data(let data): request.httpBody = data
        case .file(let url): request.httpBody = try Data(contentsOf: url, options: .mappedIfSafe)
        case .stream: throw UploadError.streamNotSupported
        }
        return session.dataTask(with: request)
      }
    #endif
    switch body {
    case .data(let data): return session.uploadTask(with: request, from: data)
    case .file(let url): return session.uploadTask(with: request, fromFile: url)
    case .stream: throw UploadError.streamNotSupported
    }
  }
}
