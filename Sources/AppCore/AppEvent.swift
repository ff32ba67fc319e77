import ApexyLoader
import Foundation
import GitHubAPI

/// Everything that can change the app's state; time arrives inside events.
public enum AppEvent: Sendable {
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
