import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPURLResponse {
  /// The header fields as strings.
  package var headerFields: [String: String] {
    var fields: [String: String] = [:]
    for (name, value) in allHeaderFields { fields["\(name)"] = "\(value)" }
    return fields
  }

  /// A header's value by case-insensitive name.
  package func header(_ name: String) -> String? {
    if let value = value(forHTTPHeaderField: name) { return value }
    let lowered = name.lowercased()
    for (key, value) in allHeaderFields where "\(key)".lowercased() == lowered { return "\(value)" }
    return nil
  }
}
