import Foundation

/// Parses RFC 8288 `Link` headers as GitHub sends them for pagination.
public enum LinkHeader {
  /// The URL with `rel="next"`, if any.
  public static func next(_ header: String) -> URL? {
    links(header)["next"]
  }

  /// Every link by relation name.
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
