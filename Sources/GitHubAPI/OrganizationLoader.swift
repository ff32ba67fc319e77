import ApexyHTTP
import ApexyLoader
import Foundation

/// Loads the organization: the first of the two loaders both panes share.
@MainActor
public final class OrganizationLoader: WebLoader<Organization>, ContentLoading {
  /// The organization login.
  public let org: String

  /// Creates the loader for `org`.
  public init(apiClient: Client, org: String) {
    self.org = org
    super.init(apiClient: apiClient)
  }

  /// Starts loading unless a load is in flight.
  public func load() {
    guard startLoading() else { return }
    request(OrganizationEndpoint(org: org))
  }
}
