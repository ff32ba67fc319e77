/// The name each action has in the config file (`--key fetch=F`), and back.
extension Action {
  /// The action's name, as `--key` takes it: `fetch`, `reload`, `quit`.
  public var name: String {
    switch self {
    case .fetch: "fetch"
    case .reloadRepositories: "reload"
    case .openOwner: "owner"
    case .previousOwner: "previous-owner"
    case .openDetail: "detail"
    case .focusNext: "focus-next"
    case .focusPrevious: "focus-previous"
    case .selectPrevious: "up"
    case .selectNext: "down"
    case .pageUp: "page-up"
    case .pageDown: "page-down"
    case .selectFirst: "first"
    case .selectLast: "last"
    case .cycleSort: "sort"
    case .reverseSort: "reverse-sort"
    case .nextMatch: "next-match"
    case .previousMatch: "previous-match"
    case .toggleInspector: "inspector"
    case .scrollLogOlder: "log-older"
    case .scrollLogNewer: "log-newer"
    case .openInBrowser: "open"
    case .copyAddress: "copy"
    case .editFilter: "filter"
    case .toggleOutage: "outage"
    case .showKeys: "help"
    case .repaint: "repaint"
    case .suspend: "suspend"
    case .quit: "quit"
    }
  }

  /// The action called `name` (any case), `nil` for none.
  public init?(name: String) {
    let lowered = name.lowercased()
    guard let action = Action.allCases.first(where: { $0.name == lowered }) else { return nil }
    self = action
  }
}
