import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// Where the token comes from, and where it may go.
public enum TokenSource {
  /// The token from `--token-file` or `GITHUB_TOKEN`, checked against the data source.
  public static func token(options: Options, environment: [String: String]) throws(UsageError)
    -> String?
  {
    var token: String?
    if let path = options.tokenFile {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw UsageError(
          description:
            "Cannot read the token file \(TextSanitizer.clean(path)); check the path and its permissions."
        )
      }
      token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      if token?.isEmpty == true {
        throw UsageError(description: "The token file \(TextSanitizer.clean(path)) is empty.")
      }
    } else if let value = environment["GITHUB_TOKEN"], !value.isEmpty {
      token = value.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    if let token, token.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value > 0x7E }) {
      throw UsageError(description: "The token holds spaces or control characters; check it.")
    }
    if token != nil, case .remote(let url) = options.source, url.scheme?.lowercased() == "http",
      !isLoopback(url.host ?? "")
    {
      throw UsageError(
        description:
          "Refusing to send the token over plain http to \(url.host ?? "?"); use https, or unset GITHUB_TOKEN."
      )
    }
    return token
  }

  /// A warning when the `--token-file` can be read by its group or others, as ssh warns of a
  /// key file: "the token file PATH can be read by others (mode 0644); chmod 600 PATH". `nil`
  /// when it cannot, or no file is given.
  public static func warning(options: Options) -> String? {
    guard let path = options.tokenFile else { return nil }
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & 0o044 != 0 else { return nil }
    let mode = String(status.st_mode & 0o777, radix: 8)
    let shown = TextSanitizer.clean(path)
    return "warning: the token file \(shown) can be read by others (mode 0\(mode)); "
      + "chmod 600 \(shown)"
  }

  private static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
  }
}
