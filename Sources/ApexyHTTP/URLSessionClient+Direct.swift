import Foundation
import URLProtocolSupport

#if Curl && os(Linux)
  import CurlTransport
  import FoundationNetworking

  // MARK: - Sending without the session

  extension URLSessionClient {
    /// Sends `request` (prepared already) with a `CurlLoad` of its own, tracked by `record` as
    /// a session task would be: its events are handled in order on `direct.queue`, a body over the size limit
    /// stops the transfer, and cancellation and the deadline end it early.
    func runWithoutSession(
      _ direct: DirectSending, request: URLRequest, record: TaskRecord, progress: Progress
    ) {
      let id = DirectSending.nextID()
      let delegate = sessionDelegate
      delegate.register(id: id, record: record)
      let load = CurlLoad(request: request)
      let queue = direct.queue
      // Weak: the load's handlers hold these, and the engine holds the load while it runs.
      let cancelLoad: @Sendable () -> Void = { [weak load] in load?.cancel() }
      let stop: @Sendable (Error) -> Void = { error in
        if delegate.finishEarly(id: id, error: error) { cancelLoad() }
      }
      load.onResponse = { response in
        queue.async {
          guard !delegate.receive(response, id: id) else { return }
          cancelLoad()
          delegate.complete(id: id, response: response, error: Self.cancelled(request.url))
        }
      }
      load.onData = { data in
        queue.async {
          guard !delegate.receive(data, id: id) else { return }
          cancelLoad()
          delegate.complete(id: id, response: nil, error: Self.cancelled(request.url))
        }
      }
      load.onSent = { _, total, expected in
        queue.async { delegate.sent(id: id, total: total, expected: expected) }
      }
      load.onFinish = { error in
        queue.async { delegate.complete(id: id, response: nil, error: error) }
      }
      let url = request.url
      progress.cancellationHandler = { stop(Self.cancelled(url)) }
      if let deadline {
        timerQueue.asyncAfter(deadline: .now() + deadline) {
          stop(Self.pastDeadline(deadline, url: url))
        }
      }
      load.start()
      if progress.isCancelled { stop(Self.cancelled(url)) }
    }
  }
#endif
