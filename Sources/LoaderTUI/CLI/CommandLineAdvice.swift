import AppCore
import Foundation

/// What the command line adds to an error message: the flag that changes the limit hit.
enum CommandLineAdvice {
  /// The advice the app and headless mode give.
  static let errors = ErrorAdvice(pageCap: "raise it with --page-cap")
}
