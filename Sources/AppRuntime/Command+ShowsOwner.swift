import AppModel

extension Command {
  /// Whether this shows another owner.
  var showsOwner: Bool {
    if case .showOwner = self { return true }
    return false
  }
}
