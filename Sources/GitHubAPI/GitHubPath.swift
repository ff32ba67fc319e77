import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Path escaping for organization logins.
public enum GitHubPath {
  /// The login percent-encoded for use as one path segment.
  ///
  /// - Parameter segment: The text of one path segment.
  /// - Returns: It, percent-encoded.
  public static func escape(_ segment: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "/?#")
    return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
  }
}
