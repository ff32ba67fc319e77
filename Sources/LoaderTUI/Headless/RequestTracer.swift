import AppCore
import Foundation
import GitHubAPI

/// Hears the client's requests for headless `--trace`: hands each start and end to `print` on
/// the main actor, in order, and tells when no request is in flight, so the run can wait for
/// the last request's end line before its summary. The records go through the inspector's log,
/// so a retry's request carries its attempt (`↻2`) as it does in the inspector.
@MainActor
final class RequestTracer {
  private let relay: RequestEventRelay
  private let print: (RequestRecord) -> Void
  private var inFlight = Set<Int>()
  private var log = InspectorState()
  private var whenIdle: (() -> Void)?

  /// Starts listening to `relay`; records are cleaned with `sanitizer`.
  init(
    relay: RequestEventRelay, sanitizer: TextSanitizer,
    print: @escaping (RequestRecord) -> Void
  ) {
    self.relay = relay
    self.print = print
    relay.listen { [weak self] event in
      guard let record = RequestRecord(event, sanitizer: sanitizer) else { return }
      DispatchQueue.main.async {
        MainActor.assumeIsolated { self?.receive(record) }
      }
    }
  }

  /// Stops listening.
  func stop() {
    relay.listen(nil)
    whenIdle = nil
  }

  /// Notes the retry `kind`'s loader waits for now (`nil` for none): its next request is that
  /// retry's attempt.
  func noteRetry(_ kind: LoaderKind, retry: Int?) {
    log.noteRetry(kind, retry: retry)
  }

  /// Runs `action` now when no request is in flight, else once the last one ends.
  func afterInFlight(_ action: @escaping () -> Void) {
    if inFlight.isEmpty {
      action()
    } else {
      whenIdle = action
    }
  }

  private func receive(_ record: RequestRecord) {
    log.record(record)
    let record = log.requests.last { $0.id == record.id } ?? record
    if record.phase == .sent {
      inFlight.insert(record.id)
    } else {
      inFlight.remove(record.id)
    }
    print(record)
    if inFlight.isEmpty, let action = whenIdle {
      whenIdle = nil
      action()
    }
  }
}
