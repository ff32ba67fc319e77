import ApexyLoader
import Foundation

/// A key press, decoded from the terminal.
enum Key: Sendable, Equatable {
  case character(Character)
  case enter, escape, tab, backTab, backspace
  case up, down, left, right, pageUp, pageDown, home, end
  case interrupt
}

/// Everything that can change the app's state; time arrives inside events.
enum AppEvent: Sendable {
  /// A key was pressed.
  case key(Key)
  /// The spinner timer fired.
  case tick(Date)
  /// The terminal was resized.
  case resize(Size)
  /// A loader changed; carries both states so the panes see the same instances' values.
  case loadersChanged(
    organization: LoadingState<Organization>, repositories: LoadingState<[Repository]>, at: Date)
}

/// Effects `update` asks the runtime to perform.
enum Command: Sendable, Equatable {
  /// Load the organization and the repositories, as the Fetch button does.
  case fetchBoth
  /// Reload the repositories only.
  case reloadRepositories
  /// Turn the simulated outage of the built-in server on or off.
  case setOutage(Bool)
  /// Leave the app.
  case quit
}
