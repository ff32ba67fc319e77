import ApexyHTTP

/// What a `StubTransport` answers one request with.
public enum StubAnswer: Sendable {
  /// A response: status, headers and a body delivered in the given pieces.
  case response(status: Int, headers: [String: String], chunks: [Data])
  /// A transport failure, as a dropped connection or an unknown host would give.
  case failure(URLError)
  /// No answer at all until the request is cancelled.
  case noAnswer

  /// A response with the whole body in one piece; `Content-Length` is set for it.
  ///
  /// - Parameters:
  ///   - status: The HTTP status code; 200 by default.
  ///   - headers: The header fields; a `Content-Length` given is kept.
  ///   - body: The body; empty by default.
  /// - Returns: The answer.
  public static func respond(
    status: Int = 200, headers: [String: String] = [:], body: Data = Data()
  ) -> StubAnswer {
    var headers = headers
    if headers.keys.allSatisfy({ $0.lowercased() != "content-length" }) {
      headers["Content-Length"] = "\(body.count)"
    }
    return .response(status: status, headers: headers, chunks: body.isEmpty ? [] : [body])
  }

  /// A UTF-8 `text/plain` response.
  ///
  /// - Parameters:
  ///   - text: The body.
  ///   - status: The HTTP status code; 200 by default.
  /// - Returns: The answer.
  public static func text(_ text: String, status: Int = 200) -> StubAnswer {
    .respond(
      status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8)
    )
  }

  /// An `application/json` response.
  ///
  /// - Parameters:
  ///   - body: The JSON, encoded.
  ///   - status: The HTTP status code; 200 by default.
  /// - Returns: The answer.
  public static func json(_ body: Data, status: Int = 200) -> StubAnswer {
    .respond(status: status, headers: ["Content-Type": "application/json"], body: body)
  }
}
