import DemoOptions

extension Options {
  /// Throws when `--fail-mode` cannot change what `--fail` names, which would otherwise be
  /// silently ignored: a mode of the repositories' links with the organization alone failing,
  /// or endless pages on single pages (the page after one links on as usual).
  func checkFailureMode() throws(UsageError) {
    guard failureMode == .linkLoop || failureMode == .endlessPages else { return }
    let mode = "--fail-mode \(failureMode.rawValue)"
    if failingRoutes == [.organization], failingPages.isEmpty {
      throw UsageError(
        description: "\(mode) changes the links between the repositories' pages, and --fail org "
          + "fails the organization alone: use --fail repos, or another mode.")
    }
    if failureMode == .endlessPages, !failingPages.isEmpty {
      throw UsageError(
        description: "\(mode) makes every page link to one more, and --fail page=N changes "
          + "single pages (the next one links on as usual): leave out page=, or use another "
          + "mode.")
    }
  }
}
