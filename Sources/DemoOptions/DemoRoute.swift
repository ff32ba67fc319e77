/// The two routes the built-in server serves, as `--fail` names them; each covers every owner
/// (`DemoOwners`).
public enum DemoRoute: String, Sendable, CaseIterable {
  /// An owner's profile: `GET /orgs/NAME` (organizations), `GET /users/NAME` (organizations
  /// and users) and `GET /user/ID`.
  case organization = "org"
  /// An owner's repositories, every page: `GET /orgs/NAME/repos` (organizations),
  /// `GET /users/NAME/repos` (organizations and users) and `GET /user/ID/repos`.
  case repositories = "repos"
}
