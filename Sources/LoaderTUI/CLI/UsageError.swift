import AppCore
import DemoAPI
import Foundation
import GitHubAPI

/// A command line that cannot be understood; exit code 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
  /// A one-line explanation that says what to do.
  let description: String
}
