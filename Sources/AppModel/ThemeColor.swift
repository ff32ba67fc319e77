/// A colour as the config file names it: the terminal's own, one of the 16 named colours, or
/// a number of the 256-colour palette.
public enum ThemeColor: Sendable, Equatable {
  /// The terminal's default foreground or background.
  case terminalDefault
  /// A palette number, 0 to 255: 0–7 the basic colours, 8–15 their bright forms.
  case palette(Int)

  /// Black, palette 0.
  public static let black = ThemeColor.palette(0)
  /// Red, palette 1.
  public static let red = ThemeColor.palette(1)
  /// Green, palette 2.
  public static let green = ThemeColor.palette(2)
  /// Yellow, palette 3.
  public static let yellow = ThemeColor.palette(3)
  /// Blue, palette 4.
  public static let blue = ThemeColor.palette(4)
  /// Magenta, palette 5.
  public static let magenta = ThemeColor.palette(5)
  /// Cyan, palette 6.
  public static let cyan = ThemeColor.palette(6)
  /// White, palette 7.
  public static let white = ThemeColor.palette(7)

  /// The names of palette 0–7, in order; `bright-` before one adds 8.
  public static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

  /// The colour called `name`: `default`, a name of `names`, `bright-` and a name, or a
  /// number from 0 to 255; `nil` for anything else.
  public init?(name: String) {
    let lowered = name.lowercased()
    if lowered == "default" {
      self = .terminalDefault
    } else if let index = Self.names.firstIndex(of: lowered) {
      self = .palette(index)
    } else if lowered.hasPrefix("bright-"),
      let index = Self.names.firstIndex(of: String(lowered.dropFirst(7)))
    {
      self = .palette(index + 8)
    } else if lowered.allSatisfy(\.isASCII), let number = Int(lowered), (0...255).contains(number),
      lowered.first != "+"
    {
      self = .palette(number)
    } else {
      return nil
    }
  }

  /// The colour for a terminal with `colors` colours: a bright colour is its basic one on an
  /// 8-colour terminal, and a number of the 256 past the terminal's palette is the basic
  /// colour nearest it (each of red, green and blue on or off), so that text on a background
  /// chosen from the 256 stays readable where the terminal has 8 or 16.
  public func number(colors: Int) -> Int {
    guard case .palette(let number) = self else { return -1 }
    if number < colors { return number }
    if number < 16 { return number - 8 < colors ? number - 8 : -1 }
    return colors >= 8 ? Self.nearestBasic(number) : -1
  }

  /// The basic colour (0–7) nearest palette `number` (16–255): the 6×6×6 cube's levels, or the
  /// grey ramp's, each channel on from half its range.
  static func nearestBasic(_ number: Int) -> Int {
    let levels = [0, 95, 135, 175, 215, 255]
    let channels: [Int]
    if number >= 232 {
      channels = Array(repeating: 8 + 10 * (number - 232), count: 3)
    } else {
      let cube = number - 16
      channels = [levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6]]
    }
    return zip(channels, [1, 2, 4]).reduce(0) { $0 + ($1.0 > 127 ? $1.1 : 0) }
  }
}
