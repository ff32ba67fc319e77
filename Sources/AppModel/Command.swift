import Foundation
import GitHubAPI

/// Effects `update` asks the runtime to perform; the runtime decides nothing by itself.
public enum Command: Sendable, Equatable {
  /// Load the repositories and then the organization, as the Fetch button does (each joins a
  /// load already in flight); `round` counts the fetches, for the built-in server.
  case fetchBoth(round: Int)
  /// Show this owner's loaders in both panes (made when none are kept, of `kind` when
  /// known): observe them, and stop observing the owner's before.
  case showOwner(GitHubLogin, kind: OwnerKind?)
  /// Keep these owners, most recent first, as the recent ones of the next run.
  case saveRecentOwners([GitHubLogin])
  /// Reload the repositories only.
  case reloadRepositories
  /// Load one repository through its detail loader, kept under this `owner/name` key, and
  /// observe that loader while its detail view is open.
  case loadDetail(String)
  /// The detail view closed: stop observing its loader.
  case closeDetail
  /// Turn the simulated outage of the built-in server on or off.
  case setOutage(Bool)
  /// Send one `.tick` at this time, replacing any wake asked for before.
  case wake(at: Date)
  /// Forget the wake asked for before: nothing on screen changes with time.
  case cancelWake
  /// Open this web page in the user's browser.
  case openURL(URL)
  /// Put this text on the terminal's clipboard (OSC 52).
  case copy(String)
  /// Repaint every cell, whatever the terminal shows now (after a resize, and on `Ctrl-L`).
  case repaint
  /// Every load has ended: give the memory they freed back to the kernel.
  case trimMemory
  /// Give the terminal back and stop, as Ctrl-Z does in every terminal program; on `fg`,
  /// take it back at its current size.
  case suspend
  /// Send `.requestEventsDrained` once every request event the client reported so far has
  /// arrived (the client hears its requests on a queue of its own, behind the loaders).
  case drainRequestEvents
  /// Cancel the shown loaders' requests in flight, and send `.stop` with this code if they
  /// have not all ended within a second (headless `--trace` stopped by a signal: each
  /// request ends, and says so, before the app quits).
  case cancelRequests(ExitCode)
  /// Leave the app with this exit code.
  case quit(ExitCode)
}
