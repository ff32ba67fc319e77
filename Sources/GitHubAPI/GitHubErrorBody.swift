import Foundation

/// The JSON body GitHub sends with an error status: `{"message": "Bad credentials", …}`.
struct GitHubErrorBody: Decodable {
  /// The human-readable message.
  let message: String

  /// The `message` of an error body, cleaned with `sanitizer` and cut to 200 characters;
  /// `nil` when the body is not such JSON.
  static func message(in body: Data?, sanitizer: TextSanitizer) -> String? {
    guard let body, !body.isEmpty,
      let decoded = try? JSONDecoder().decode(GitHubErrorBody.self, from: body)
    else { return nil }
    // Secrets first, so cutting the text never leaves part of one.
    return TextSanitizer.clean(String(sanitizer.redacted(decoded.message).prefix(200)))
  }
}
