/// The braille spinner, about ten frames a second.
public enum Spinner {
  /// The frames, in order.
  public static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  /// Seconds between frames.
  public static let interval = 0.1

  /// The frame for a counter, from the ASCII frames `|/-\\` when `ascii`.
  public static func frame(_ counter: Int, ascii: Bool = false) -> String {
    let frames = ascii ? ASCIIFallback.spinnerFrames : frames
    return frames[((counter % frames.count) + frames.count) % frames.count]
  }
}
