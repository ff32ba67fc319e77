/// What the inspector shows beyond the loaders' states: who observes each loader (as the
/// loaders report it), each loader's request counts, and the request log.
public struct InspectorState: Sendable, Equatable {
  /// The most requests the log keeps; the counts go on counting past it.
  public static let logLimit = 200

  /// Requests of one loader.
  public struct Counts: Sendable, Equatable {
    /// Requests sent.
    public var sent = 0
    /// Requests sent and not yet ended.
    public var inFlight = 0
    /// Requests that failed.
    public var failed = 0
    /// Requests answered 304 Not Modified (revalidated, served from the loader's cache).
    public var notModified = 0
    /// Retries the loader waited for (from its retry status).
    public var retried = 0
    /// Body bytes received.
    public var bytes: Int64 = 0

    /// Nothing counted yet.
    public init() {}

    /// Counts one request's creation or end.
    mutating func add(_ record: RequestRecord) {
      if record.phase == .sent {
        sent += 1
        inFlight += 1
        return
      }
      inFlight = max(0, inFlight - 1)
      bytes += record.bytes
      if case .failed = record.phase { failed += 1 }
      if record.status == 304 { notModified += 1 }
    }
  }

  /// Whether the inspector is shown.
  public var isOpen = false
  /// The request log, oldest first.
  public private(set) var requests: [RequestRecord] = []
  /// Request counts per loader (a detail loader by its key).
  public private(set) var counts: [LoaderID: Counts] = [:]
  /// The names of each kind of loader's observers, as the loader lists them.
  public var observers: [LoaderKind: [String]] = [:]
  /// Each state's transitions over time.
  public var timeline = InspectorTimeline()
  /// How many log rows the view is scrolled back from the newest (0 follows the newest).
  public var scrollBack = 0
  /// How many request events were recorded, and the newest as the log holds it (with its
  /// attempt): what `--trace` prints, one line an event.
  public private(set) var recordedCount = 0
  /// The newest request event, as the log holds it.
  public private(set) var latestRecord: RequestRecord?
  /// Requests sent and not yet ended, of every loader.
  public private(set) var inFlight = 0
  /// The retry each loader waits for now.
  private var waitingRetry: [LoaderID: Int] = [:]
  /// The attempt numbers each loader's next requests get, in order, one a retry it waited
  /// for. A queue, not one number: the request events come through the client's reporter, the
  /// loader's retries through its observer, so a retry's request can arrive after the loader
  /// already waits for the retry after it.
  private var nextAttempts: [LoaderID: [Int]] = [:]

  /// Nothing recorded, closed.
  public init() {}

  /// Adds a request's creation to the log, or completes its line when it ends.
  public mutating func record(_ record: RequestRecord) {
    var record = record
    let subject = record.subject
    if record.phase == .sent {
      if let subject, var queue = nextAttempts[subject], !queue.isEmpty {
        record.attempt = queue.removeFirst()
        nextAttempts[subject] = queue.isEmpty ? nil : queue
      }
      requests.append(record)
      if requests.count > Self.logLimit { requests.removeFirst(requests.count - Self.logLimit) }
      if scrollBack > 0 { scrollBack += 1 }
      inFlight += 1
    } else {
      if let index = requests.lastIndex(where: { $0.id == record.id }) {
        record.attempt = requests[index].attempt
        requests[index] = record
      }
      // An answered request ends its load's retries: numbers left (a wait cancelled) would
      // mark the next load's requests.
      if record.phase == .finished, let subject { nextAttempts[subject] = nil }
      inFlight = max(0, inFlight - 1)
    }
    recordedCount += 1
    latestRecord = record
    if let subject { counts[subject, default: Counts()].add(record) }
  }

  /// Notes the retry a loader waits for now (`nil` for none): each retry is counted once,
  /// and the loader's next request is marked as attempt `retry + 1`.
  public mutating func noteRetry(_ id: LoaderID, retry: Int?) {
    guard let retry else {
      waitingRetry[id] = nil
      return
    }
    guard waitingRetry[id] != retry else { return }
    waitingRetry[id] = retry
    nextAttempts[id, default: []].append(retry + 1)
    counts[id, default: Counts()].retried += 1
  }
}
