import Foundation
import URLProtocolSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// MARK: - Sending

extension URLSessionClient {
  /// Hands a result on, with the call of the response observer to make just before it
  /// (`nil` when nothing was sent, or there is no observer).
  typealias Delivery<C> = (APIResult<C>, (() -> Void)?) -> Void

  /// Delivers to a completion handler on `completionQueue`, the observer first.
  func onCompletionQueue<C>(_ handler: @escaping (APIResult<C>) -> Void) -> Delivery<C> {
    { [completionQueue] result, observe in
      // The caller's handler and its result: used on `completionQueue` only from here on.
      completionQueue.async(
        execute: uncheckedSendable {
          observe?()
          handler(result)
        })
    }
  }

  func startRequest<T: Endpoint>(_ endpoint: T, delivery: @escaping Delivery<T.Content>)
    -> Progress
  {
    let progress = Progress(totalUnitCount: -1)
    let request: URLRequest
    do {
      request = try requestAdapter.adapt(endpoint.makeRequest())
    } catch {
      return fail(error, progress: progress, delivery: delivery)
    }
    // The endpoint's: one attempt at a time uses it, each after the last one ended.
    let attempt: Attempt<T.Content> = uncheckedSendable { [self] deliver in
      let record = makeRecord(
        request: request, subject: endpoint.requestSubject, progress: progress,
        countsSentBytes: false, delivery: deliver, validate: endpoint.validate,
        content: endpoint.content)
      let sent = preparation?.prepared(request) ?? request
      if let direct, DirectSending.canSend(sent) {
        #if Curl && os(Linux)
          runWithoutSession(direct, request: sent, record: record, progress: progress)
          return
        #endif
      }
      run(session.dataTask(with: sent), record: record, progress: progress)
    }
    send(attempt, method: request.httpMethod, progress: progress, delivery: delivery)
    return progress
  }

  func startUpload<T: UploadEndpoint>(_ endpoint: T, delivery: @escaping Delivery<T.Content>)
    -> Progress
  {
    let progress = Progress(totalUnitCount: -1)
    let request: URLRequest
    let body: UploadEndpointBody
    do {
      let made: URLRequest
      (made, body) = try endpoint.makeRequest()
      request = try requestAdapter.adapt(made)
      switch body {
      case .data(let data):
        progress.totalUnitCount = Int64(data.count)
      case .file(let url):
        let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
        progress.totalUnitCount = Int64(size ?? -1)
      case .stream: throw UploadError.streamNotSupported
      }
    } catch {
      return fail(error, progress: progress, delivery: delivery)
    }
    // The endpoint's and its body's: one attempt at a time uses them, each after the last ended.
    let attempt: Attempt<T.Content> = uncheckedSendable { [self] deliver in
      let task: URLSessionTask
      do {
        task = try UploadTaskFactory.task(
          in: session, request: preparation?.prepared(request) ?? request, body: body)
      } catch {
        // Nothing was sent: no observer, and never inside the call that started the upload.
        timerQueue.async(
          execute: uncheckedSendable { deliver(AttemptEnd(result: .failure(error))) })
        return
      }
      let record = makeRecord(
        request: request, subject: nil, progress: progress, countsSentBytes: true,
        delivery: deliver, validate: endpoint.validate, content: endpoint.content)
      run(task, record: record, progress: progress)
    }
    send(attempt, method: request.httpMethod, progress: progress, delivery: delivery)
    return progress
  }

  /// What the client tracks for one attempt; when it ends, validates (HTTP responses only),
  /// decodes what arrived and hands the result on, with the failure as a retry policy reads it.
  private func makeRecord<C>(
    request: URLRequest, subject: String?, progress: Progress, countsSentBytes: Bool,
    delivery: @escaping AttemptDelivery<C>,
    validate: @escaping (URLRequest?, HTTPURLResponse, Data?) throws -> Void,
    content: @escaping (URLResponse?, Data) throws -> C
  ) -> TaskRecord {
    let observer = responseObserver
    let reporter = sessionDelegate.lifeReporter
    let trace = RequestTrace(request, subject: subject, at: reporter?.now() ?? Date())
    // The endpoint's `validate` and `content` and the delivery are the caller's: the record
    // calls this once, on the queue that ends the request (`SessionDelegate.complete`).
    let finish = uncheckedSendable { (outcome: TaskOutcome) in
      var failure: Error?
      let http = outcome.response as? HTTPURLResponse
      let result = APIResult<C> {
        if let error = outcome.error {
          failure = error
          throw error
        }
        if let http {
          do {
            try validate(request, http, outcome.data)
          } catch {
            failure = ResponseFailure(underlying: error, response: http, isDecoding: false)
            throw error
          }
        }
        do {
          return try content(outcome.response, outcome.data ?? Data())
        } catch {
          failure = http.map { ResponseFailure(underlying: error, response: $0, isDecoding: true) }
          throw error
        }
      }
      reporter?.reportEnd(outcome, error: result.error)
      let observe = observer.map { observer in
        { observer(request, http, outcome.data, outcome.error) }
      }
      delivery(AttemptEnd(result: result, observe: observe, failure: failure))
    }
    return TaskRecord(
      progress: progress, countsSentBytes: countsSentBytes, trace: trace, completion: finish)
  }

  /// Sends `task` through the session, tracked by `record`.
  private func run(_ task: URLSessionTask, record: TaskRecord, progress: Progress) {
    sessionDelegate.register(task, record: record)
    let delegate = sessionDelegate
    let url = task.originalRequest?.url
    progress.cancellationHandler = {
      delegate.finishEarly(task, error: Self.cancelled(url))
    }
    if let deadline {
      timerQueue.asyncAfter(deadline: .now() + deadline) {
        delegate.finishEarly(task, error: Self.pastDeadline(deadline, url: url))
      }
    }
    task.resume()
    if progress.isCancelled {
      delegate.finishEarly(task, error: Self.cancelled(url))
    }
  }

  /// Fails a request that was never sent: later, never inside the call that started it, and
  /// without calling the response observer.
  private func fail<C>(_ error: Error, progress: Progress, delivery: @escaping Delivery<C>)
    -> Progress
  {
    // The caller's delivery: called once, on `timerQueue`.
    timerQueue.async(execute: uncheckedSendable { delivery(.failure(error), nil) })
    return progress
  }

  /// Runs a completion-based start as an async call; cancelling the task cancels the request.
  /// The response observer runs on `completionQueue` before the call returns.
  func bridge<C>(_ start: (@escaping Delivery<C>) -> Progress) async throws -> C {
    let holder = ProgressHolder()
    let queue = completionQueue
    return try await withTaskCancellationHandler {
      let result: @Sendable () -> APIResult<C> = await withCheckedContinuation { continuation in
        holder.set(
          start { result, observe in
            // The result is the awaiting caller's alone once the continuation resumes.
            let handOver = uncheckedSendable { result }
            guard let observe else { return continuation.resume(returning: handOver) }
            // The observer runs on `completionQueue`, once, before the caller resumes.
            queue.async(
              execute: uncheckedSendable {
                observe()
                continuation.resume(returning: handOver)
              })
          })
      }
      return try result().get()
    } onCancel: {
      holder.cancel()
    }
  }
}

// MARK: - Errors the client makes

extension URLSessionClient {
  /// The error of a request its caller cancelled, as URLSession makes it.
  static func cancelled(_ url: URL?) -> URLError {
    URLError.described(.cancelled, url: url, reason: "The request was cancelled.")
  }

  /// The error of a request with no complete answer within the client's overall deadline.
  static func pastDeadline(_ seconds: TimeInterval, url: URL?) -> URLError {
    let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    return URLError.described(
      .timedOut, url: url,
      reason: "No complete answer from \(url?.host ?? "the server") within the client's"
        + " deadline of \(shown) s.")
  }
}
