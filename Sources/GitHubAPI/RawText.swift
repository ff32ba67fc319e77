import Foundation

/// Text as the server sent it, for output that escapes controls itself (headless `--json`).
///
/// Unlike `TextSanitizer.clean` it keeps every character and the whole length; only the
/// registered secrets are still replaced by `<token>`. Never draw it on a terminal as it is.
public enum RawText {
  /// `text` with every secret registered with `TextSanitizer.redact` replaced by `<token>`,
  /// and nothing else changed.
  public static func redacted(_ text: String) -> String {
    var text = text
    for secret in TextSanitizer.secrets where text.contains(secret) {
      text = text.replacingOccurrences(of: secret, with: "<token>")
    }
    return text
  }
}
