import ApexyLoader
import Foundation
import GitHubAPI

/// Effects `update` asks the runtime to perform.
public enum Command: Sendable, Equatable {
  /// Load the organization and the repositories, as the Fetch button does.
  case fetchBoth
  /// Reload the repositories only.
  case reloadRepositories
  /// Turn the simulated outage of the built-in server on or off.
  case setOutage(Bool)
  /// Leave the app.
  case quit
}
