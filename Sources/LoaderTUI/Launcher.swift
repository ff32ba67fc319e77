import AppCommandLine
import AppModel

/// Reads the command line and the environment, picks the mode and runs it; returns the exit
/// code, which `main` alone turns into the process's exit.
@MainActor
enum Launcher {
  /// Runs the program for `arguments` (without the program name); returns the exit code.
  static func main(_ arguments: [String], environment: [String: String]) async -> ExitCode {
    let invocation: Invocation
    let config: ArgumentParser.ConfigReading = { () throws(UsageError) in
      try ConfigFileReader.read(environment: environment)
    }
    do {
      invocation = try ArgumentParser.parse(arguments, config: config)
    } catch {
      return fail(error.description, code: .usage)
    }
    switch invocation {
    case .help:
      return StandardOutput.exitCode { () throws(OutputFailure) in
        try StandardOutput.line(HelpText.text(keys: BoundKeys.read(arguments, config: config)))
      }
    case .subcommandHelp(let subcommand):
      return StandardOutput.exitCode { () throws(OutputFailure) in
        try StandardOutput.line(HelpText.text(for: subcommand))
      }
    case .version:
      return StandardOutput.exitCode { () throws(OutputFailure) in
        try StandardOutput.line(VersionText.render(LibraryVersions.current))
      }
    case .completions(let shell):
      return StandardOutput.exitCode { () throws(OutputFailure) in
        let keys = BoundKeys.read(arguments, config: config)
        try StandardOutput.text(Completions.script(for: shell, keys: keys))
      }
    case .manual:
      return StandardOutput.exitCode { () throws(OutputFailure) in
        try StandardOutput.text(ManualPage.text(keys: BoundKeys.read(arguments, config: config)))
      }
    case .docTable(let table):
      return StandardOutput.exitCode { () throws(OutputFailure) in
        try StandardOutput.line(table.markdown)
      }
    case .serveDemo(let options):
      return await DemoServing.run(options)
    case .cache(let command, let directory):
      return CacheCommandRunner.run(command, directory: directory, environment: environment)
    case .run(let options):
      return await AppRun(options: options, environment: environment).run()
    }
  }

  /// Prints `message` on stderr and returns `code`, for `return fail(…)`.
  static func fail(_ message: String, code: ExitCode) -> ExitCode {
    StandardOutput.error("loader-tui: \(message)")
    return code
  }
}
