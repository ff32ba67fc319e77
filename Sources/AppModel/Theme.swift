/// The colours of the screen's elements: a built-in theme (`--theme dark` or `light`) with the
/// config file's `--color ELEMENT=COLOR` over it. The terminal backend draws each `Style` with
/// its element's paint; `NO_COLOR` and `--no-color` turn every colour off.
public struct Theme: Sendable, Equatable {
  /// An element the config file can colour.
  public enum Element: String, Sendable, CaseIterable {
    /// The focused pane's border and the panes' titles.
    case border
    /// Headings and success marks.
    case header
    /// The selected row or button.
    case selection
    /// The spinner and what is loading.
    case loading
    /// Errors.
    case error
    /// The status bar along the bottom.
    case statusBar = "status-bar"
    /// The inspector's border.
    case inspector
  }

  /// A foreground and a background colour.
  public struct Paint: Sendable, Equatable {
    /// The text's colour.
    public var foreground: ThemeColor
    /// The colour behind it.
    public var background: ThemeColor

    /// A paint from its colours.
    public init(_ foreground: ThemeColor, on background: ThemeColor = .terminalDefault) {
      self.foreground = foreground
      self.background = background
    }

    /// The foreground and background numbers for a terminal with `colors` colours (-1 for the
    /// terminal's own); where falling back made them one colour, the text is black or white,
    /// whichever reads on it.
    public func numbers(colors: Int) -> (foreground: Int, background: Int) {
      var foreground = self.foreground.number(colors: colors)
      let background = self.background.number(colors: colors)
      if foreground == background, background >= 0, self.foreground != self.background {
        foreground = [0, 1, 4, 5].contains(background % 8) ? 7 : 0
      }
      return (foreground, background)
    }

    /// Whether it sets any colour at all.
    public var isColored: Bool {
      foreground != .terminalDefault || background != .terminalDefault
    }
  }

  /// The built-in theme it started from: `dark` or `light`.
  public let name: String
  /// Each element's paint.
  private var paints: [Element: Paint]

  /// For dark backgrounds: cyan borders, green headings, yellow spinners, red errors, black on
  /// cyan status bar; the selection in reverse video.
  public static let dark = Theme(
    name: "dark",
    paints: [
      .border: Paint(.cyan), .header: Paint(.green), .selection: Paint(.terminalDefault),
      .loading: Paint(.yellow), .error: Paint(.red), .statusBar: Paint(.black, on: .cyan),
      .inspector: Paint(.terminalDefault),
    ])

  /// For light backgrounds: blue borders, green headings, magenta spinners, red errors, white
  /// on blue selection and status bar.
  public static let light = Theme(
    name: "light",
    paints: [
      .border: Paint(.blue), .header: Paint(.green), .selection: Paint(.white, on: .blue),
      .loading: Paint(.magenta), .error: Paint(.red), .statusBar: Paint(.white, on: .blue),
      .inspector: Paint(.blue),
    ])

  /// The built-in themes, as `--theme` names them.
  public static let builtIn = [dark, light]

  /// The built-in theme called `name` (any case), `nil` for none.
  public static func named(_ name: String) -> Theme? {
    builtIn.first { $0.name == name.lowercased() }
  }

  /// `element`'s paint.
  public func paint(_ element: Element) -> Paint {
    paints[element] ?? Paint(.terminalDefault)
  }

  /// This theme with `element` painted `paint`.
  public func painting(_ element: Element, _ paint: Paint) -> Theme {
    var theme = self
    theme.paints[element] = paint
    return theme
  }
}

extension Style {
  /// The theme element a style is drawn with; `nil` for styles drawn without colour.
  public var element: Theme.Element? {
    switch self {
    case .focusBorder, .title: .border
    case .heading, .success: .header
    case .focusButton, .tabActive: .selection
    case .spinner: .loading
    case .error: .error
    case .statusBar: .statusBar
    case .inspector, .inspectorTitle: .inspector
    case .plain, .border, .button, .dim, .tabInactive: nil
    }
  }
}
