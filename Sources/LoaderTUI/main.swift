import Foundation

MainActor.assumeIsolated {
  Launcher.main(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
}
