import Foundation

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
    let record = makeRecord(
      request: request, progress: progress, countsSentBytes: false, delivery: delivery,
      validate: endpoint.validate, content: endpoint.content)
    let sent = preparation?.prepared(request) ?? request
    if let direct, DirectSending.canSend(sent) {
      #if Curl && os(Linux)
        runWithoutSession(direct, request: sent, record: record, progress: progress)
        return progress
      #endif
    }
    run(session.dataTask(with: sent), record: record, progress: progress)
    return progress
  }

  func startUpload<T: UploadEndpoint>(_ endpoint: T, delivery: @escaping Delivery<T.Content>)
    -> Progress
  {
    let progress = Progress(totalUnitCount: -1)
    let request: URLRequest
    let task: URLSessionTask
    do {
      let (made, body) = try endpoint.makeRequest()
      request = try requestAdapter.adapt(made)
      switch body {
      case .data(let data):
        progress.totalUnitCount = Int64(data.count)
      case .file(let url):
        let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
        progress.totalUnitCount = Int64(size ?? -1)
      case .stream: throw UploadError.streamNotSupported
      }
      task = try UploadTaskFactory.task(
        in: session, request: preparation?.prepared(request) ?? request, body: body)
    } catch {
      return fail(error, progress: progress, delivery: delivery)
    }
    let record = makeRecord(
      request: request, progress: progress, countsSentBytes: true, delivery: delivery,
      validate: endpoint.validate, content: endpoint.content)
    run(task, record: record, progress: progress)
    return progress
  }

  /// What the client tracks for a request; when it ends, validates (HTTP responses only),
  /// decodes what arrived and delivers the result.
  private func makeRecord<C>(
    request: URLRequest, progress: Progress, countsSentBytes: Bool,
    delivery: @escaping Delivery<C>,
    validate: @escaping (URLRequest?, HTTPURLResponse, Data?) throws -> Void,
    content: @escaping (URLResponse?, Data) throws -> C
  ) -> TaskRecord {
    let observer = responseObserver
    let reporter = sessionDelegate.lifeReporter
    let trace = RequestTrace(request, at: reporter?.now() ?? Date())
    // The endpoint's `validate` and `content` and the delivery are the caller's: the record
    // calls this once, on the queue that ends the request (`SessionDelegate.complete`).
    let finish = uncheckedSendable { (outcome: TaskOutcome) in
      let result = APIResult<C> {
        if let error = outcome.error { throw error }
        if let http = outcome.response as? HTTPURLResponse {
          try validate(request, http, outcome.data)
        }
        return try content(outcome.response, outcome.data ?? Data())
      }
      reporter?.reportEnd(outcome, error: result.error)
      let observe = observer.map { observer in
        { observer(request, outcome.response as? HTTPURLResponse, outcome.data, outcome.error) }
      }
      delivery(result, observe)
    }
    return TaskRecord(
      progress: progress, countsSentBytes: countsSentBytes, trace: trace, completion: finish)
  }

  /// Sends `task` through the session, tracked by `record`.
  private func run(_ task: URLSessionTask, record: TaskRecord, progress: Progress) {
    sessionDelegate.register(task, record: record)
    let delegate = sessionDelegate
    progress.cancellationHandler = {
      delegate.finishEarly(task, error: URLError(.cancelled))
    }
    if let deadline {
      timerQueue.asyncAfter(deadline: .now() + deadline) {
        delegate.finishEarly(task, error: URLError(.timedOut))
      }
    }
    task.resume()
    if progress.isCancelled {
      delegate.finishEarly(task, error: URLError(.cancelled))
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
