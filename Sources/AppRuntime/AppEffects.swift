import Foundation
import GitHubAPI

/// What the loop does beyond the loaders and its backend: the built-in server's switches, the
/// browser and the memory trim. Each is a no-op unless given.
@MainActor
public struct AppEffects {
  /// Turns the built-in server's simulated outage on or off.
  public var setOutage: (Bool) -> Void
  /// Tells the built-in server which fetch round of which owner starts (`--fail round=N`):
  /// each owner's rounds are counted on their own.
  public var setRound: (_ round: Int, _ owner: GitHubLogin) -> Void
  /// Opens a web page in the browser; hands a one-line failure to its second argument when
  /// it could not (at once, or once the browser's commands ended without opening it).
  public var openURL: (URL, @escaping @MainActor @Sendable (String) -> Void) -> Void
  /// Gives the memory freed by the loads that just ended back to the kernel.
  public var trimMemory: () -> Void
  /// Keeps the recent owners, most recent first, for the next run.
  public var saveRecentOwners: ([GitHubLogin]) -> Void

  /// Effects from their parts.
  public init(
    setOutage: @escaping (Bool) -> Void = { _ in },
    setRound: @escaping (Int, GitHubLogin) -> Void = { _, _ in },
    openURL: @escaping (URL, @escaping @MainActor @Sendable (String) -> Void) -> Void = { _, _ in
    },
    trimMemory: @escaping () -> Void = {},
    saveRecentOwners: @escaping ([GitHubLogin]) -> Void = { _ in }
  ) {
    self.saveRecentOwners = saveRecentOwners
    self.setOutage = setOutage
    self.setRound = setRound
    self.openURL = openURL
    self.trimMemory = trimMemory
  }
}
