import ApexyLoader
import Foundation
import GitHubAPI

/// Everything that can change the app's state; time arrives inside events.
public enum AppEvent: Sendable, Equatable {
  /// A key was pressed.
  case key(Key)
  /// A timer the app asked for fired (spinner frame or a status-bar age that changes).
  case tick(Date)
  /// Text was pasted (bracketed paste), as it came.
  case paste(String)
  /// The mouse was used.
  case mouse(MouseEvent)
  /// The terminal was resized.
  case resize(Size)
  /// A loader changed; carries both states so the panes see the same instances' values.
  case loadersChanged(
    organization: LoadingState<Organization>, repositories: LoadingState<[Repository]>, at: Date)
  /// A loader's retry, freshness or rate limit changed; carries both loaders' statuses.
  case loaderStatusChanged(organization: LoaderStatus, repositories: LoaderStatus, at: Date)
  /// The detail loader kept under `key` changed: its state and its status.
  case detailChanged(
    key: String, state: LoadingState<Repository>, status: LoaderStatus, at: Date)
  /// The cache's status changed: content was restored, confirmed since, or the store failed.
  case cacheChanged(CacheStatus)
  /// A request was sent or ended (from the client's request-life events).
  case request(RequestRecord)
  /// The names each loader lists as its observers.
  case observers([LoaderKind: [String]])
  /// The runtime has something to tell the user (a browser that could not be started).
  case notice(String)
  /// The app must end: a signal arrived or the terminal hung up.
  case stop(exitCode: Int32)
}
