import DemoAPI
import Foundation
import GitHubAPI

/// Turns arguments into an `Invocation` by looking each flag up in `FlagTable`: pure, no I/O.
enum ArgumentParser {
  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var options = Options()
    var rest = arguments[...]
    var serveDemo = false
    if rest.first == "serve-demo" {
      serveDemo = true
      rest.removeFirst()
    }
    var seen: Set<String> = []
    while let argument = rest.popFirst() {
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let flag = FlagTable.flag(named: name) else {
        let shown = TextSanitizer.clean(argument)
        if argument.hasPrefix("-") {
          throw UsageError(description: "Unknown option \(shown); see --help.")
        }
        throw UsageError(description: "Unexpected argument \"\(shown)\"; see --help.")
      }
      seen.insert(flag.name)
      switch flag.action {
      case .invoke(let invocation):
        return invocation
      case .set(let apply):
        if inline != nil {
          throw UsageError(description: "\(name) takes no value; see --help.")
        }
        apply(&options)
      case .read(_, let apply):
        guard let text = inline ?? rest.popFirst() else {
          throw UsageError(description: "\(name) needs a value; see --help.")
        }
        try apply(&options, FlagArgument(flag: name, text: text))
      }
    }
    for (first, second) in FlagTable.exclusive where seen.contains(first) && seen.contains(second) {
      throw UsageError(description: "Use either \(first) or \(second), not both.")
    }
    return serveDemo ? .serveDemo(options) : .run(options)
  }
}
