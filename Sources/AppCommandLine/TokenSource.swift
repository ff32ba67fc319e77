import AppModel
import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// A token, and where it was read from.
public struct GivenToken: Sendable, Equatable {
  /// The token.
  public let value: String
  /// Where it was read from, as messages name it.
  public let origin: TokenOrigin
}

/// Where the token comes from, and where it may go.
public enum TokenSource {
  /// The environment variable the token is read from.
  public static let variable = "GITHUB_TOKEN"

  /// The token from `--token-file` or `GITHUB_TOKEN`, checked against the data source, with
  /// where it came from.
  public static func token(options: Options, environment: [String: String]) throws(UsageError)
    -> GivenToken?
  {
    var token: String?
    var origin = TokenOrigin.variable(variable)
    if let path = options.tokenFile {
      origin = .file(
        path: path, flag: FlagName.tokenFile.rawValue, configLine: options.tokenFileLine)
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
    } else if let value = environment[variable], !value.isEmpty {
      token = value.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard let token else { return nil }
    let from = TextSanitizer.clean(origin.description)
    if token.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value > 0x7E }) {
      throw UsageError(
        description: "The token from \(from) holds spaces or control characters; check it.")
    }
    if case .remote(let url) = options.source, url.scheme?.lowercased() == "http",
      !isLoopback(url.host ?? "")
    {
      let without =
        options.tokenFile == nil
        ? "unset \(variable)" : "leave out \(FlagName.tokenFile.rawValue)"
      throw UsageError(
        description: "Refusing to send the token from \(from) over plain http to "
          + "\(url.host ?? "?"); use https, or \(without).")
    }
    return GivenToken(value: token, origin: origin)
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
