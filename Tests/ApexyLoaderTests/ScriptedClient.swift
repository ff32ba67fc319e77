import ApexyHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `Client` that keeps each request until a test answers it with a status, headers and body
/// (run through the endpoint's `validate` and `content`, as `URLSessionClient` does) or an error.
final class ScriptedClient: Client, @unchecked Sendable {
  /// A request sent and not answered yet.
  struct Sent {
    /// The request as the endpoint made it.
    let request: URLRequest
    /// The progress handed back; a test may check whether it was cancelled.
    let progress: Progress
    let answer: (HTTPURLResponse?, Data, Error?) -> Void
  }

  private let lock = NSLock()
  private var pending: [Sent] = []
  private var sentCount = 0

  /// Requests waiting for an answer, oldest first.
  var waiting: [Sent] { lock.withLock { pending } }
  /// How many requests were sent in all.
  var sent: Int { lock.withLock { sentCount } }

  func request<T: Endpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    let progress = Progress(totalUnitCount: 1)
    guard let request = try? endpoint.makeRequest() else {
      completionHandler(.failure(URLError(.badURL)))
      return progress
    }
    let sent = Sent(request: request, progress: progress) { response, body, error in
      completionHandler(
        APIResult {
          if let error { throw error }
          if let response { try endpoint.validate(request, response: response, data: body) }
          return try endpoint.content(from: response, with: body)
        })
    }
    lock.withLock {
      pending.append(sent)
      sentCount += 1
    }
    return progress
  }

  func upload<T: UploadEndpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    completionHandler(.failure(URLError(.unsupportedURL)))
    return Progress(totalUnitCount: 1)
  }

  /// Answers the oldest request (to `path`, when given) with an HTTP response; returns the
  /// request it answered.
  @discardableResult
  func respond(
    to path: String? = nil, status: Int = 200, headers: [String: String] = [:], body: String = ""
  ) -> URLRequest? {
    guard let next = takeNext(path) else { return nil }
    let url = next.request.url ?? URL(string: "http://localhost/")!
    let response = HTTPURLResponse(
      url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
    next.answer(response, Data(body.utf8), nil)
    return next.request
  }

  /// Fails the oldest request with `error`, as a transport failure.
  func fail(_ error: Error) {
    takeNext()?.answer(nil, Data(), error)
  }

  private func takeNext(_ path: String? = nil) -> Sent? {
    lock.withLock {
      let index = pending.firstIndex { path == nil || $0.request.url?.absoluteString == path }
      return index.map { pending.remove(at: $0) }
    }
  }
}

/// `GET {path}` (or another method), its body read as a UTF-8 string; any non-2xx status fails
/// validation.
struct TextPathEndpoint: Endpoint {
  let path: String
  /// Counts the bodies decoded, when given.
  var decodes: Counter?
  var method = "GET"

  func makeRequest() throws -> URLRequest {
    var request = URLRequest(url: URL(string: path)!)
    request.httpMethod = method
    return request
  }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    guard (200..<300).contains(response.statusCode) else {
      throw StatusError(status: response.statusCode)
    }
  }

  func content(from response: URLResponse?, with body: Data) throws -> String {
    decodes?.increment()
    guard let text = String(data: body, encoding: .utf8), !text.isEmpty else {
      throw DecodeError()
    }
    return text
  }
}

/// A non-2xx status, as an app's `validate` would throw it.
struct StatusError: Error, Equatable {
  let status: Int
}

/// An unreadable body.
struct DecodeError: Error, Equatable {}

/// A count shared across queues.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  var value: Int { lock.withLock { count } }

  func increment() { add(1) }

  func add(_ amount: Int) { lock.withLock { count += amount } }
}
