/// Whether an account the built-in server serves is an organization or a user, as GitHub's
/// `type` field says.
public enum DemoOwnerKind: String, Sendable, CaseIterable {
  /// An organization: `GET /orgs/NAME` and `GET /orgs/NAME/repos` answer, as do the users'
  /// routes (`type` is `Organization`).
  case organization = "Organization"
  /// A user: only the users' routes answer (`type` is `User`); `/orgs/NAME` is 404.
  case user = "User"
}

/// One account the built-in server serves: an organization or a user and its repositories.
public struct DemoOwner: Sendable, Equatable, Hashable {
  /// The login, as the JSON spells it; requests may spell it in any case.
  public var login: String
  /// The account's stable numeric id: `GET /user/ID` serves it.
  public var id: Int
  /// Organization or user.
  public var kind: DemoOwnerKind
  /// How many repositories it has; `nil` for the main organization, whose repositories the
  /// options decide (the fixtures, or `--repos N` generated ones).
  public var repositoryCount: Int?

  /// Creates an owner from its parts.
  public init(login: String, id: Int, kind: DemoOwnerKind, repositoryCount: Int?) {
    self.login = login
    self.id = id
    self.kind = kind
    self.repositoryCount = repositoryCount
  }
}

/// Every account the built-in server serves: the main organization
/// (`DemoServerOptions.login`) and a few more organizations and users with generated
/// repositories, so that other owners, users, empty lists and renamed logins can be tried.
public enum DemoOwners {
  /// The main organization, under its default login (`DemoServerOptions.login` replaces it).
  /// Its id is the one its `GET /orgs/NAME` answer has always had.
  public static let main = DemoOwner(
    login: DemoServerOptions.defaultLogin, id: 1_791_236, kind: .organization,
    repositoryCount: nil)

  /// Every owner served, the main organization first: `swift-tools` (25 repositories, three
  /// pages of 10), `tiny-org` (2), and the users `alice` (4), `bob-builder` (12, two pages of
  /// 10) and `carol` (none).
  public static let all: [DemoOwner] = [
    main,
    DemoOwner(login: "swift-tools", id: 2_001, kind: .organization, repositoryCount: 25),
    DemoOwner(login: "tiny-org", id: 2_002, kind: .organization, repositoryCount: 2),
    DemoOwner(login: "alice", id: 1_001, kind: .user, repositoryCount: 4),
    DemoOwner(login: "bob-builder", id: 1_002, kind: .user, repositoryCount: 12),
    DemoOwner(login: "carol", id: 1_003, kind: .user, repositoryCount: 0),
  ]

  /// Former logins and the login each now has: `GET /users/OLD` answers `301` to
  /// `/user/ID`, as GitHub does for a renamed user.
  public static let renamed = ["old-bob": "bob-builder"]

  /// The owners served when the main organization's login is `login`: `all` with the main
  /// organization under that login, and without another owner of the same login.
  public static func served(mainLogin login: String) -> [DemoOwner] {
    var main = Self.main
    main.login = login
    return [main] + all.dropFirst().filter { $0.login.lowercased() != login.lowercased() }
  }
}
