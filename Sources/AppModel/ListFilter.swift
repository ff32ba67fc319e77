import GitHubAPI

/// Which repositories a filter keeps.
public enum ListFilter {
  /// Whether `repository` matches `filter`: a case-insensitive substring of its name, language
  /// or description; `lang:swift` matches the language alone.
  public static func matches(_ repository: Repository, _ filter: String) -> Bool {
    guard !filter.isEmpty else { return true }
    func has(_ text: String?, _ part: String) -> Bool {
      guard let text else { return false }
      return text.range(of: part, options: .caseInsensitive) != nil
    }
    if filter.lowercased().hasPrefix("lang:") {
      let language = filter.dropFirst(5).trimmingCharacters(in: .whitespaces)
      return language.isEmpty || has(repository.language, language)
    }
    return has(repository.name, filter) || has(repository.language, filter)
      || has(repository.description, filter)
  }
}
