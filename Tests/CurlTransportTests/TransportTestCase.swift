import ApexyHTTP
import Foundation
import LoopbackHTTP
import LoopbackTesting
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a request got back: status, header fields and body.
struct Answer: Sendable {
  let status: Int
  let headers: [String: String]
  let body: Data
}

/// GETs a URL and returns the whole answer, whatever its status.
struct AnswerEndpoint: Endpoint {
  var url: URL
  var headers: [String: String] = [:]

  func makeRequest() throws -> URLRequest {
    var request = URLRequest(url: url)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    return request
  }

  func content(from response: URLResponse?, with body: Data) throws -> Answer {
    let http = response as? HTTPURLResponse
    var headers: [String: String] = [:]
    for (name, value) in http?.allHeaderFields ?? [:] {
      headers["\(name)"] = "\(value)"
    }
    return Answer(status: http?.statusCode ?? 0, headers: headers, body: body)
  }
}

/// Loopback servers (stopped after each test) and clients that send with libcurl.
class TransportTestCase: LoopbackServerTestCase {
  /// Whether the tests send through `URLSessionClient` and check what libcurl does: built
  /// without the `Curl` trait the client sends with Foundation's transport, so they are skipped.
  class var needsTheCurlTrait: Bool { true }

  override func setUpWithError() throws {
    try super.setUpWithError()
    if Self.needsTheCurlTrait, !HTTPTransport.isCurlAvailable {
      throw XCTSkip("needs libcurl: built without the Curl trait, the client uses Foundation's")
    }
  }
  /// A client with a 10 s deadline (libcurl is its default transport on Linux).
  func client(deadline: TimeInterval = 10) -> URLSessionClient {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForResource = deadline
    return URLSessionClient(
      baseURL: URL(string: "http://127.0.0.1")!, configuration: configuration,
      completionQueue: DispatchQueue(label: "transport-tests"))
  }

  /// The URLError a request fails with, `nil` when it succeeds.
  func failure(_ client: URLSessionClient, _ url: URL) async -> URLError? {
    do {
      _ = try await client.request(AnswerEndpoint(url: url))
      return nil
    } catch {
      return error as? URLError
    }
  }
}
