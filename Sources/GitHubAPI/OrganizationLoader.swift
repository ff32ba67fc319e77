import ApexyHTTP
import ApexyLoader

/// Loads the organization: the first of the two loaders both panes share.
@MainActor
public final class OrganizationLoader: WebLoader<Organization>, ContentLoading {
  /// The organization login.
  public let org: String
  /// Cleans the text of what it loads.
  public let sanitizer: TextSanitizer

  /// Creates the loader for `org`; `sanitizer` cleans the text of what it loads.
  public init(apiClient: Client, org: String, sanitizer: TextSanitizer) {
    self.org = org
    self.sanitizer = sanitizer
    super.init(apiClient: apiClient)
  }

  /// Starts loading unless a load is in flight.
  public func load() {
    guard startLoading() else { return }
    request(OrganizationEndpoint(org: org, sanitizer: sanitizer))
  }
}
