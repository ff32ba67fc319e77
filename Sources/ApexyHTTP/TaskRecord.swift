import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the session reported for one task: body, response, transport error and byte counts.
struct TaskOutcome: Sendable {
  var data: Data?
  var response: URLResponse?
  var error: Error?
  var bytesReceived: Int64 = 0
  var bytesSent: Int64 = 0
  var trace: RequestTrace
}

/// What the client tracks for one task while it runs: the body so far, the response, and the
/// `Progress` handed to the caller, which counts bytes received (a request) or sent (an upload).
struct TaskRecord: Sendable {
  /// The progress returned by `request` or `upload`.
  let progress: Progress
  /// Whether `progress` counts bytes sent (an upload) rather than received.
  let countsSentBytes: Bool
  /// Who the request is, for request-life events.
  let trace: RequestTrace
  /// Called once with the outcome.
  let completion: @Sendable (TaskOutcome) -> Void
  var data = Data()
  var response: URLResponse?
  var limitError: Error?
  var bytesSent: Int64 = 0

  /// A response arrived: a request's progress now knows how many bytes to expect.
  func receivedResponse() {
    guard !countsSentBytes, let response else { return }
    progress.totalUnitCount = response.expectedContentLength.known ?? -1
    progress.completedUnitCount = 0
  }

  /// Part of the body arrived: a request's progress counts it.
  func countReceived() {
    guard !countsSentBytes else { return }
    progress.completedUnitCount = Int64(data.count)
  }

  /// Part of the request body was sent: an upload's progress counts it.
  mutating func countSent(_ total: Int64, expected: Int64) {
    bytesSent = total
    guard countsSentBytes else { return }
    if let expected = expected.known { progress.totalUnitCount = expected }
    progress.completedUnitCount = total
  }

  /// The transfer succeeded: the progress is complete; an unknown total becomes what was counted.
  func finishProgress() {
    if progress.totalUnitCount <= 0 {
      progress.totalUnitCount = countsSentBytes ? bytesSent : Int64(data.count)
    }
    progress.completedUnitCount = progress.totalUnitCount
  }

  /// The outcome so far, with `error`.
  func outcome(error: Error?) -> TaskOutcome {
    TaskOutcome(
      data: data, response: response, error: error, bytesReceived: Int64(data.count),
      bytesSent: bytesSent, trace: trace)
  }
}
