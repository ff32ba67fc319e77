@testable import AppCommandLine

/// Where the tests' config file is, as errors name it.
let testConfigPath = "/home/me/.config/loader-tui/config"

/// What reads a config file holding `text` at `testConfigPath`; none for `nil`.
func testConfig(_ text: String?) -> ArgumentParser.ConfigReading {
  { () throws(UsageError) in
    text.map { ConfigFile(path: testConfigPath, text: $0, home: "/home/me") }
  }
}

/// The options of the app run `arguments` ask for, with a config file holding `config`.
func parsedOptions(_ arguments: [String], config: String? = nil) throws -> Options {
  guard case .run(let options) = try ArgumentParser.parse(arguments, config: testConfig(config))
  else { throw UsageError(description: "not a run") }
  return options
}

/// The usage error `arguments` end in, with a config file holding `config`; `nil` for none.
func usageMessage(_ arguments: [String], config: String? = nil) -> String? {
  do {
    _ = try ArgumentParser.parse(arguments, config: testConfig(config))
    return nil
  } catch {
    return error.description
  }
}
