import AppModel
import Foundation
import GitHubAPI

/// The arguments of the flags that set how the app looks and which keys it takes: `--theme`,
/// `--color` and `--key`.
extension FlagArgument {
  /// A built-in theme's name.
  func theme() throws(UsageError) -> Theme {
    guard let theme = Theme.named(text) else {
      throw refusal("takes \(Theme.builtIn.map(\.name).joined(separator: " or "))")
    }
    return theme
  }

  /// `ELEMENT=COLOR` or `ELEMENT=COLOR/BACKGROUND`.
  func elementPaint() throws(UsageError) -> (Theme.Element, Theme.Paint) {
    let elements = Theme.Element.allCases.map(\.rawValue)
    let (name, value) = try pair("ELEMENT=COLOR such as border=blue")
    guard let element = Theme.Element(rawValue: name.lowercased()) else {
      throw sentence(unknown(name, "element", among: elements))
    }
    let parts = value.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count <= 2, let foreground = ThemeColor(name: parts[0]),
      let background = parts.count == 2 ? ThemeColor(name: parts[1]) : .terminalDefault
    else {
      throw sentence(
        "takes a colour: default, \(ThemeColor.names.joined(separator: ", ")), bright-NAME or"
          + " 0-255, then /BACKGROUND if wanted; not \"\(TextSanitizer.clean(value))\"")
    }
    return (element, Theme.Paint(foreground, on: background))
  }

  /// `ACTION=KEY[,KEY…]`.
  func keyOverride() throws(UsageError) -> KeyOverride {
    let (name, value) = try pair("ACTION=KEYS such as quit=Q")
    guard let action = Action(name: name) else {
      throw sentence(unknown(name, "action", among: Action.allCases.map(\.name)))
    }
    var keys: [Key] = []
    for word in value.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = word.trimmingCharacters(in: .whitespaces)
      if word.isEmpty {
        // `quit=,` or `quit=a,,`: the comma separates keys, and an empty one is left.
        throw sentence(
          "\(name)=\(value): a comma separates keys, so a key is empty; write Comma for the "
            + "comma key (\(name)=Comma)")
      }
      guard let key = Key(name: trimmed.isEmpty ? String(word) : trimmed) else {
        throw sentence(
          "does not know the key \"\(TextSanitizer.clean(String(word)))\"; write one character,"
            + " Space, Comma, or a name such as Enter, Tab, PgDn, F5, Alt-x, Ctrl-L")
      }
      if let refusal = KeyMap.refusal(binding: key, to: action) {
        throw sentence("\(name)=\(KeyBinding.name(key)): \(refusal)")
      }
      keys.append(key)
    }
    return KeyOverride(action: action, keys: keys, text: text, origin: origin)
  }

  /// "--flag says this.": a whole sentence after the flag's name.
  private func sentence(_ text: String) -> UsageError {
    UsageError(description: "\(flag) \(text)" + (text.hasSuffix("?") ? "" : "."))
  }

  /// The two sides of `NAME=VALUE`, neither empty.
  private func pair(_ shape: String) throws(UsageError) -> (String, String) {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex,
      text.index(after: equals) != text.endIndex
    else { throw refusal("takes \(shape)") }
    return (String(text[..<equals]), String(text[text.index(after: equals)...]))
  }

  /// "has no element \"boder\"; did you mean border?" or the list of them.
  private func unknown(_ name: String, _ noun: String, among names: [String]) -> String {
    let shown = TextSanitizer.clean(name)
    if let nearest = FlagSuggestion.nearest(to: name.lowercased(), among: names) {
      return "has no \(noun) \"\(shown)\"; did you mean \(nearest)?"
    }
    return "has no \(noun) \"\(shown)\"; the \(noun)s: \(names.joined(separator: ", "))"
  }
}
