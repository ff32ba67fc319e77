import Foundation

/// Parses RFC 8288 `Link` headers as paginated APIs such as GitHub's send them.
public enum LinkHeader {
  /// The URL with `rel="next"`, if any.
  ///
  /// - Parameter header: The `Link` field's value.
  /// - Returns: The next page's URL, `nil` on the last page.
  public static func next(_ header: String) -> URL? {
    links(header)["next"]
  }

  /// Every link by relation name; the first link of a relation wins.
  ///
  /// - Parameter header: The `Link` field's value.
  /// - Returns: Each relation's URL.
  public static func links(_ header: String) -> [String: URL] {
    var result: [String: URL] = [:]
    for part in header.split(separator: ",") {
      let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">"),
        target.count > 2,
        let url = URL(string: String(target.dropFirst().dropLast()))
      else { continue }
      for parameter in pieces.dropFirst() {
        let pair = parameter.split(separator: "=", maxSplits: 1)
        guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel"
        else { continue }
        let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        for relation in value.split(separator: " ") where result[String(relation)] == nil {
          result[String(relation)] = url
        }
      }
    }
    return result
  }
}
