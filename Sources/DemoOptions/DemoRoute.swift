/// The two routes the built-in server serves, as `--fail` names them.
public enum DemoRoute: String, Sendable, CaseIterable {
  /// `GET /orgs/NAME`.
  case organization = "org"
  /// `GET /orgs/NAME/repos`, every page.
  case repositories = "repos"
}
