import AppCore
import DemoAPI
import Foundation
import GitHubAPI

/// Turns arguments into an `Invocation`: pure, no I/O.
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
    var sawGitHub = false
    var sawBaseURL = false
    while let argument = rest.popFirst() {
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      func value() throws(UsageError) -> String {
        if let inline { return inline }
        guard let next = rest.popFirst() else {
          throw UsageError(description: "\(name) needs a value; see --help.")
        }
        return next
      }
      switch name {
      case "-h", "--help": return .help
      case "-V", "--version": return .version
      case "--github":
        sawGitHub = true
        options.source = .remote(URL(string: "https://api.github.com")!)
      case "--base-url":
        sawBaseURL = true
        options.source = .remote(try url(try value(), flag: name))
      case "--org":
        options.org = try orgName(try value())
      case "--latency":
        let seconds = try number(try value(), flag: name, range: 0...600)
        options.organizationLatency = seconds
        options.repositoriesLatency = seconds
      case "--org-latency":
        options.organizationLatency = try number(try value(), flag: name, range: 0...600)
      case "--repos-latency":
        options.repositoriesLatency = try number(try value(), flag: name, range: 0...600)
      case "--page-size":
        options.pageSize = try integer(try value(), flag: name, range: 1...100)
      case "--repos":
        options.repositoryCount = try integer(try value(), flag: name, range: 0...100_000)
      case "--fail":
        try failure(try value(), into: &options)
      case "--fail-mode":
        let mode = try value()
        guard let parsed = DemoFailureMode(rawValue: mode) else {
          throw UsageError(
            description:
              "--fail-mode takes one of \(DemoFailureMode.names); not \"\(TextSanitizer.clean(mode))\"."
          )
        }
        options.failureMode = parsed
      case "--port":
        options.port = UInt16(try integer(try value(), flag: name, range: 0...65_535))
      case "--timeout":
        options.timeout = try number(try value(), flag: name, range: 1...3_600)
      case "--page-cap":
        options.pageCap = try integer(try value(), flag: name, range: 1...1_000)
      case "--max-response-size":
        options.maximumResponseSize = try integer(
          try value(), flag: name, range: 1_024...1_073_741_824)
      case "--token-file":
        options.tokenFile = try value()
      case "--no-color":
        options.noColor = true
      case "--headless":
        options.headless = true
      case "--interactive":
        options.interactive = true
      case "--json":
        options.json = true
      case "--rounds":
        options.rounds = try integer(try value(), flag: name, range: 1...1_000)
      case "--no-timestamps":
        options.timestamps = false
      default:
        let shown = TextSanitizer.clean(argument)
        if argument.hasPrefix("-") {
          throw UsageError(description: "Unknown option \(shown); see --help.")
        }
        throw UsageError(description: "Unexpected argument \"\(shown)\"; see --help.")
      }
    }
    if sawGitHub && sawBaseURL {
      throw UsageError(description: "Use either --github or --base-url, not both.")
    }
    if options.headless && options.interactive {
      throw UsageError(description: "Use either --headless or --interactive, not both.")
    }
    return serveDemo ? .serveDemo(options) : .run(options)
  }

  private static func number(_ text: String, flag: String, range: ClosedRange<Double>)
    throws(UsageError) -> Double
  {
    guard let value = Double(text), value.isFinite, range.contains(value) else {
      throw UsageError(
        description:
          "\(flag) takes seconds from \(format(range.lowerBound)) to \(format(range.upperBound)), not \"\(TextSanitizer.clean(text))\"."
      )
    }
    return value
  }

  private static func integer(_ text: String, flag: String, range: ClosedRange<Int>)
    throws(UsageError) -> Int
  {
    guard let value = Int(text), range.contains(value) else {
      throw UsageError(
        description:
          "\(flag) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(TextSanitizer.clean(text))\"."
      )
    }
    return value
  }

  private static func url(_ text: String, flag: String) throws(UsageError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else {
      throw UsageError(
        description:
          "\(flag) needs an http or https URL such as https://github.example.com/api/v3, not \"\(TextSanitizer.clean(text))\"."
      )
    }
    return url
  }

  private static func orgName(_ text: String) throws(UsageError) -> String {
    let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
    guard !text.isEmpty, text.count <= 100, text.unicodeScalars.allSatisfy(allowed.contains)
    else {
      throw UsageError(
        description:
          "--org takes an organization login (letters, digits, - _ .), not \"\(TextSanitizer.clean(text))\"."
      )
    }
    return text
  }

  private static func failure(_ text: String, into options: inout Options) throws(UsageError) {
    for part in text.split(separator: ",") {
      if let route = DemoServer.Route(rawValue: String(part)) {
        options.failingRoutes.insert(route)
      } else if part.hasPrefix("round="), let round = Int(part.dropFirst(6)), round >= 1 {
        options.failingRounds.insert(round)
      } else {
        throw UsageError(
          description:
            "--fail takes org, repos or round=N (comma-separated), not \"\(TextSanitizer.clean(String(part)))\"."
        )
      }
    }
  }

  private static func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
