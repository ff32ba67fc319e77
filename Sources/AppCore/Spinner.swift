import Foundation
import GitHubAPI

/// The braille spinner, about ten frames a second.
public enum Spinner {
  /// The frames, in order.
  public static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  /// Seconds between frames.
  public static let interval = 0.1

  /// The frame for a counter.
  public static func frame(_ counter: Int) -> String {
    frames[((counter % frames.count) + frames.count) % frames.count]
  }
}
