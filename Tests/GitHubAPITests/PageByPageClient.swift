import ApexyHTTP
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `Client` that keeps each request until a test answers it, and lets the test wait for the
/// next one: a paginated loader asks for a page only once the one before is handled.
///
/// An answer runs the endpoint's `validate` and `content` as `URLSessionClient` does, and
/// completes on the main thread, where the test answers.
final class PageByPageClient: Client, @unchecked Sendable {
  private struct Sent {
    let request: URLRequest
    let answer: (HTTPURLResponse, Data) -> Void
  }

  // Every field below is guarded by `lock`.
  private let lock = NSLock()
  private var pending: [Sent] = []
  private var sentURLs: [String] = []
  private var answered: URLRequest?
  private var waiter: CheckedContinuation<Void, Never>?
  private var waits = 0

  /// The URLs of every request sent, in order.
  var requested: [String] { lock.withLock { sentURLs } }
  /// The request answered last.
  var lastRequest: URLRequest? { lock.withLock { answered } }

  func request<T: Endpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    let progress = Progress(totalUnitCount: 1)
    guard let request = try? endpoint.makeRequest() else {
      completionHandler(.failure(URLError(.badURL)))
      return progress
    }
    let sent = Sent(request: request) { response, body in
      completionHandler(
        APIResult {
          try endpoint.validate(request, response: response, data: body)
          return try endpoint.content(from: response, with: body)
        })
    }
    let waiter = lock.withLock {
      pending.append(sent)
      sentURLs.append(request.url?.absoluteString ?? "?")
      defer { self.waiter = nil }
      return self.waiter
    }
    waiter?.resume()
    return progress
  }

  func upload<T: UploadEndpoint>(
    _ endpoint: T, completionHandler: @escaping (APIResult<T.Content>) -> Void
  ) -> Progress {
    completionHandler(.failure(URLError(.unsupportedURL)))
    return Progress(totalUnitCount: 1)
  }

  /// Waits for the next request (failing the test after 10 s rather than hang), then answers
  /// the oldest with `status`, `headers` and `body`; returns the URL it answered.
  @MainActor
  @discardableResult
  func respond(
    status: Int = 200, headers: [String: String] = [:], body: String,
    file: StaticString = #filePath, line: UInt = #line
  ) async -> String? {
    await waitForRequest(file: file, line: line)
    let next: Sent? = lock.withLock {
      guard !pending.isEmpty else { return nil }
      answered = pending[0].request
      return pending.removeFirst()
    }
    guard let next else { return nil }
    let url = next.request.url ?? URL(string: "https://api.test/")!
    let response = HTTPURLResponse(
      url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
    next.answer(response, Data(body.utf8))
    return url.absoluteString
  }

  @MainActor
  private func waitForRequest(file: StaticString, line: UInt) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let wait: Int? = lock.withLock {
        if !pending.isEmpty { return nil }
        waiter = done
        waits += 1
        return waits
      }
      guard let wait else { return done.resume() }
      DispatchQueue.main.asyncAfter(deadline: .now() + 10) { [self] in
        let late: CheckedContinuation<Void, Never>? = lock.withLock {
          guard waits == wait, let waiter else { return nil }
          self.waiter = nil
          return waiter
        }
        guard let late else { return }
        XCTFail("no request came", file: file, line: line)
        late.resume()
      }
    }
  }
}
