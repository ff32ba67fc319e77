#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Reason phrases for the status codes the app names.
public enum HTTPStatus {
  /// The standard reason phrase, for example "Not Found".
  ///
  /// - Parameter status: The status code.
  /// - Returns: Its reason phrase.
  public static func reason(_ status: Int) -> String {
    HTTPURLResponse.localizedString(forStatusCode: status).capitalized
  }
}
