import Foundation

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
    /// Body bytes received.
    public var bytes: Int64 = 0
  }

  /// Whether the inspector is shown.
  public var isOpen = false
  /// The request log, oldest first.
  public private(set) var requests: [RequestRecord] = []
  /// Request counts per loader.
  public private(set) var counts: [LoaderKind: Counts] = [:]
  /// The names of each loader's observers, as the loader lists them.
  public var observers: [LoaderKind: [String]] = [:]
  /// Each state's transitions over time.
  public var timeline = InspectorTimeline()
  /// How many log rows the view is scrolled back from the newest (0 follows the newest).
  public var scrollBack = 0

  /// Nothing recorded, closed.
  public init() {}

  /// Adds a request's creation to the log, or completes its line when it ends.
  public mutating func record(_ record: RequestRecord) {
    var count = counts[record.loader] ?? Counts()
    if record.phase == .sent {
      count.sent += 1
      count.inFlight += 1
      requests.append(record)
      if requests.count > Self.logLimit { requests.removeFirst(requests.count - Self.logLimit) }
      if scrollBack > 0 { scrollBack += 1 }
    } else {
      count.inFlight = max(0, count.inFlight - 1)
      count.bytes += record.bytes
      if case .failed = record.phase { count.failed += 1 }
      if record.status == 304 { count.notModified += 1 }
      if let index = requests.lastIndex(where: { $0.id == record.id }) {
        requests[index] = record
      }
    }
    counts[record.loader] = count
  }
}
