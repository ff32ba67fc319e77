import ApexyLoader
import AppModel
import Foundation

/// When a frame that shows only another page read may be drawn: at once when the page drawn
/// before it is at least ``interval`` old, else once it is. Pages that come faster than the
/// spinner's frames are drawn together, at the spinner's pace; pages that come slower are each
/// drawn as they come. Every other change (a key, the load's end) is drawn at once, and a frame
/// drawn for it shows the pages waiting too.
@MainActor
final class FramePace {
  /// The shortest time between two frames of pages: the spinner's.
  let interval: TimeInterval
  /// Draws the pages waiting, when their time comes and nothing drew them before.
  var drawLate: () -> Void = {}
  /// When the last frame that showed a page was drawn.
  private var lastPageFrame: Date?
  /// Whether a page read is not drawn yet.
  private var isBehind = false
  private var isScheduled = false
  /// What calls ``drawLate`` when the pages' time comes.
  private let scheduler: any WakeScheduler

  init(interval: TimeInterval, scheduler: any WakeScheduler) {
    self.interval = interval
    self.scheduler = scheduler
  }

  /// Whether the frame of a page read at `now` waits: it is due at most ``interval`` after
  /// `now` (whatever the clock did), and ``drawLate`` is called then unless a frame came first.
  func defersPage(at now: Date) -> Bool {
    guard let last = lastPageFrame else { return false }
    let wait = min(interval, interval - now.timeIntervalSince(last))
    guard wait > 0 else { return false }
    isBehind = true
    guard !isScheduled else { return true }
    isScheduled = true
    scheduler.schedule(at: now.addingTimeInterval(wait)) { [weak self] in
      guard let self else { return }
      self.isScheduled = false
      if self.isBehind { self.drawLate() }
    }
    return true
  }

  /// Whether `event`, which led from `before` to `after`, is a page read by the repositories'
  /// load under way (which goes on). A load that starts with it starts the pace anew: its
  /// first page is drawn at once.
  func isPage(_ event: AppEvent, from before: AppState, to after: AppState) -> Bool {
    guard case .loaderChanged(.repositories, _) = event, after.repositories.state.isLoading
    else { return false }
    guard before.repositories.state.isLoading else {
      lastPageFrame = nil
      return false
    }
    return after.pagesLoading != nil && after.pagesLoading != before.pagesLoading
  }

  /// Whether `event` waits with the pages not drawn yet: what the client and the stores report
  /// on the way (a request made or answered, a loader kept) is drawn in the pages' frame.
  func holds(_ event: AppEvent) -> Bool {
    guard isBehind else { return false }
    switch event {
    case .request, .observers, .kept: return true
    default: return false
    }
  }

  /// A frame was drawn at `now`, showing a page when `page` says so or a page was waiting.
  func drew(at now: Date, page: Bool) {
    if page || isBehind { lastPageFrame = now }
    isBehind = false
  }
}
