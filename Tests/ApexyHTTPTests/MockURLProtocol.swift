import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the mock protocol answers a request with.
enum MockBehavior {
  case respond(status: Int, headers: [String: String], body: Data)
  case fail(URLError)
  case hang
}

/// A `protocolClasses` mock: answers from a handler and records what it saw.
final class MockURLProtocol: URLProtocol {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var handler: (URLRequest) -> MockBehavior = { _ in
    .fail(URLError(.unsupportedURL))
  }
  nonisolated(unsafe) private static var requests: [URLRequest] = []
  nonisolated(unsafe) private static var stops = 0

  /// Installs the handler and clears what was recorded.
  static func reset(_ handler: @escaping (URLRequest) -> MockBehavior) {
    lock.withLock {
      self.handler = handler
      requests = []
      stops = 0
    }
  }

  /// The requests seen since the last reset.
  static var seen: [URLRequest] { lock.withLock { requests } }

  /// How many loads were stopped (cancelled) since the last reset.
  static var stopCount: Int { lock.withLock { stops } }

  /// A session configuration that routes every request to this mock.
  static func configuration() -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [MockURLProtocol.self]
    return configuration
  }

  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let behavior = Self.lock.withLock {
      Self.requests.append(request)
      return Self.handler(request)
    }
    switch behavior {
    case .respond(let status, let headers, let body):
      let response = HTTPURLResponse(
        url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
      client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
      client?.urlProtocol(self, didLoad: body)
      client?.urlProtocolDidFinishLoading(self)
    case .fail(let error):
      client?.urlProtocol(self, didFailWithError: error)
    case .hang:
      break
    }
  }

  override func stopLoading() {
    Self.lock.withLock { Self.stops += 1 }
  }
}
