/// What kind of account owns repositories: an organization or a user.
public enum OwnerKind: String, Sendable, Hashable, CaseIterable, Codable {
  /// An organization: `/orgs/{login}`, `/orgs/{login}/repos`.
  case organization
  /// A user: `/users/{login}`, `/users/{login}/repos`.
  case user

  /// The kind GitHub's `type` field names (`"Organization"` or `"User"`); `nil` for any
  /// other value.
  ///
  /// - Parameter type: The `type` of a `/users/{login}` answer.
  public init?(type: String) {
    switch type {
    case "Organization": self = .organization
    case "User": self = .user
    default: return nil
    }
  }

  /// The first segment of this kind's paths: `orgs` or `users`.
  public var pathSegment: String {
    switch self {
    case .organization: "orgs"
    case .user: "users"
    }
  }
}
