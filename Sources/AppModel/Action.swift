/// What a key does: `KeyBinding.all` maps every key the app answers to onto one of these, and
/// `update` acts on the action, never on the key itself.
public enum Action: Sendable, Equatable, CaseIterable {
  /// Fetch the organization and its repositories (the Fetch button).
  case fetch
  /// Reload the repositories only.
  case reloadRepositories
  /// Open the prompt that switches both panes to another organization or user.
  case openOwner
  /// Go back to the owner shown before.
  case previousOwner
  /// Open the selected repository's details; on `[ Fetch ]`, fetch.
  case openDetail
  /// Focus the next element.
  case focusNext
  /// Focus the previous element.
  case focusPrevious
  /// Select the row above.
  case selectPrevious
  /// Select the row below.
  case selectNext
  /// Move the selection a page up.
  case pageUp
  /// Move the selection a page down.
  case pageDown
  /// Select the first repository.
  case selectFirst
  /// Select the last repository.
  case selectLast
  /// Sort both lists the next way.
  case cycleSort
  /// Sort the other way: the same order, last first.
  case reverseSort
  /// Move the selection to the next row the filter matched (wrapping).
  case nextMatch
  /// Move the selection to the previous row the filter matched (wrapping).
  case previousMatch
  /// Show or hide the inspector.
  case toggleInspector
  /// Scroll the request log toward older lines.
  case scrollLogOlder
  /// Scroll the request log toward newer lines.
  case scrollLogNewer
  /// Open the selected repository's page in the browser.
  case openInBrowser
  /// Copy the selected repository's address to the clipboard.
  case copyAddress
  /// Start typing a filter.
  case editFilter
  /// Turn the built-in server's simulated outage on or off.
  case toggleOutage
  /// Show every key.
  case showKeys
  /// Repaint the whole screen.
  case repaint
  /// Suspend to the shell.
  case suspend
  /// Quit.
  case quit
}
