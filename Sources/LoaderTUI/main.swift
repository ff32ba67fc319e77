import AppCore
import DemoAPI
import Foundation
import GitHubAPI

MainActor.assumeIsolated {
  Launcher.main(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
}
