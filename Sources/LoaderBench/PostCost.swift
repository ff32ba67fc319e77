import ApexyHTTP
import Foundation

/// What at most once costs a POST, for `bench.py`: `LoaderBench post BASE ROUNDS` sends a GET
/// to open a connection, then in each round a POST as it is (on a connection of its own, which
/// libcurl's transport gives a request that may not be repeated) and a POST marked with an
/// `Idempotency-Key` (on the kept connection), interleaved, and prints the median of each as
/// one JSON object.
enum PostCost {
  /// Handles `post BASE ROUNDS` (`arguments` without the program's name) and exits.
  static func run(_ arguments: [String]) async -> Never {
    guard arguments.count == 3, let base = URL(string: arguments[1]),
      let rounds = Int(arguments[2]), rounds > 0
    else {
      FileHandle.standardError.write(Data("usage: LoaderBench post BASE_URL ROUNDS\n".utf8))
      exit(2)
    }
    // Made as the app's client is: with `RequestDefaults`, no session.
    let client = URLSessionClient(
      requestAdapter: BaseRequestAdapter(baseURL: base), defaults: RequestDefaults())
    var fresh: [Double] = []
    var kept: [Double] = []
    do {
      _ = try await client.request(Send(method: "GET", key: nil))
      for round in 0..<rounds {
        let started = DispatchTime.now().uptimeNanoseconds
        _ = try await client.request(Send(method: "POST", key: nil))
        let middle = DispatchTime.now().uptimeNanoseconds
        _ = try await client.request(Send(method: "POST", key: "bench-\(round)"))
        let ended = DispatchTime.now().uptimeNanoseconds
        fresh.append(Double(middle - started) / 1e6)
        kept.append(Double(ended - middle) / 1e6)
      }
    } catch {
      FileHandle.standardError.write(Data("LoaderBench post: \(error)\n".utf8))
      exit(1)
    }
    print(#"{"figure":"post","fresh_ms":\#(median(fresh)),"kept_ms":\#(median(kept))}"#)
    exit(0)
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }
}

/// A request of `method` to the base with a small body, marked with `key` as its
/// `Idempotency-Key` when given; its content is the status.
private struct Send: Endpoint {
  let method: String
  let key: String?

  func makeRequest() throws -> URLRequest {
    var request = URLRequest(url: URL(string: "orders")!)
    request.httpMethod = method
    if method != "GET" { request.httpBody = Data(#"{"item":42}"#.utf8) }
    if let key { request.setValue(key, forHTTPHeaderField: "Idempotency-Key") }
    return request
  }

  func content(from response: URLResponse?, with body: Data) throws -> Int {
    (response as? HTTPURLResponse)?.statusCode ?? 0
  }
}
