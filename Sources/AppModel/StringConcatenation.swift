extension Array where Element == String {
  /// The strings with `separator` between them, as `joined(separator:)` makes them. That
  /// method of the standard library runs unspecialized when called from the app's modules, and
  /// its first call looks an associated type up by scanning every protocol conformance record
  /// in the binary and the type descriptors they point to (about 0.2 MB of it read at start).
  /// Code that runs before the first frame uses this instead.
  public func concatenated(separator: String) -> String {
    var text = ""
    for (index, part) in enumerated() {
      if index > 0 { text += separator }
      text += part
    }
    return text
  }
}
