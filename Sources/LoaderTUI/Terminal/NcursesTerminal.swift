import AppModel
import AppRendering
import AppRuntime
import CNcurses
import CTerminalRestore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal screen through ncurses: writes the cells a grid diff names. The only file that
/// knows ncurses exists; keys are read and decoded by `TerminalInput`.
@MainActor
final class NcursesTerminal: TerminalScreen {
  /// Why the terminal could not be used.
  struct Unusable: Error, CustomStringConvertible {
    /// A one-line explanation.
    let description: String
  }

  private var screen: OpaquePointer?
  /// Each style's attributes and colour pair, by its raw value: worked out once, at the start,
  /// not for every cell drawn.
  private let looks: [(attributes: Int32, pair: Int16)]
  private let modes: String
  /// Whether the locale's characters are UTF-8; when not, the app draws in ASCII.
  let isUTF8: Bool
  private var modesSent = false

  /// Bracketed paste on, and mouse reports in xterm's SGR encoding when asked for.
  private static func modes(mouse: Bool) -> String {
    "\u{1B}[?2004h" + (mouse ? "\u{1B}[?1000h\u{1B}[?1006h" : "")
  }
  /// Every mode `modes(mouse:)` turns on, off again.
  static let modesOff = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l"

  /// Starts ncurses on the controlling terminal, drawing in `theme`'s colours when `colors`;
  /// throws instead of exiting on a bad `TERM`.
  init(colors wantColors: Bool, theme: Theme = .dark, mouse: Bool) throws {
    isUTF8 = TerminalLocale.adoptAndCheckUTF8()
    if let problem = Self.typeProblem() { throw problem }
    let term = getenv("TERM").map { String(cString: $0) } ?? ""
    terminal_restore_save()
    let crashes = SignalRule.numbers(.crashes)
    terminal_restore_arm(crashes, Int32(crashes.count))
    guard let screen = cncurses_newterm_std() else {
      terminal_restore_disarm()
      throw Unusable(description: "ncurses could not start on \"\(term)\"")
    }
    self.screen = screen
    set_term(screen)
    raw()
    noecho()
    nonl()
    // Keys are read and decoded by the app (InputDecoder), never by ncurses.
    typeahead(-1)
    curs_set(0)
    modes = Self.modes(mouse: mouse)
    let colors = wantColors && has_colors()
    if colors {
      start_color()
      use_default_colors()
      let count = Int(cncurses_colors())
      for (index, element) in Theme.Element.allCases.enumerated() {
        let paint = theme.paint(element).numbers(colors: count)
        init_pair(Int16(index + 1), Int16(paint.foreground), Int16(paint.background))
      }
    }
    looks = Style.allCases.map { Self.look($0, colors: colors, theme: theme) }
  }

  /// Why ncurses cannot start on the terminal `TERM` names (not set, `dumb`, unknown), before
  /// anything is drawn; `nil` when it names one ncurses knows.
  static func typeProblem() -> Unusable? {
    let term = getenv("TERM").map { String(cString: $0) } ?? ""
    guard !term.isEmpty, term != "dumb" else {
      return Unusable(description: "TERM is \(term.isEmpty ? "not set" : "\"dumb\"")")
    }
    guard cncurses_term_known(term) == 1 else {
      return Unusable(description: "the terminal type \"\(term)\" is unknown")
    }
    return nil
  }

  /// The terminal size now.
  var size: Size {
    Size(columns: Int(cncurses_cols()), rows: Int(cncurses_lines()))
  }

  /// Tells ncurses the terminal now has `rows` × `columns` (after SIGWINCH).
  func resize(to size: Size) {
    resizeterm(Int32(size.rows), Int32(size.columns))
  }

  /// The size the kernel reports for the terminal now, if it reports one.
  static func currentSize() -> Size? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    return Size(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  /// Writes the cells `diff` names, after clearing the screen when it asks.
  func draw(_ diff: GridDiff) {
    // `clear` also makes ncurses forget what it believes is on screen: a true repaint.
    if diff.clearsScreen { clear() }
    for change in diff.changes {
      // After `clear` every cell is a plain blank already: most of a first frame is.
      if diff.clearsScreen, change.cell == .blank { continue }
      put(change.cell, x: change.x, y: change.y)
    }
    refresh()
    if !modesSent {
      // After ncurses set the terminal up (first frame, or back from a suspend), so they are
      // not reset by it; and with no refresh before the frame, which would paint what ncurses
      // remembered from before a suspend at the size from before it.
      writeRaw(modes)
      modesSent = true
    }
  }

  /// Gives the terminal back, stops the process as Ctrl-Z does, and on `fg` takes the
  /// terminal back at its current size.
  func suspend() {
    guard JobControl.canStop else { return }
    writeRaw(Self.modesOff)
    endwin()
    terminal_restore_settings()
    JobControl.stop()
    // Continued: the next frame's refresh puts ncurses' terminal modes back, then the modes.
    if let size = Self.currentSize() { resize(to: size) }
    modesSent = false
  }

  /// Shuts ncurses down and puts the terminal settings back exactly as they were.
  func close() {
    guard let screen else { return }
    writeRaw(Self.modesOff)
    // Terminals without an alternate screen would keep the last frame: leave them blank.
    erase()
    refresh()
    curs_set(1)
    endwin()
    delscreen(screen)
    self.screen = nil
    terminal_restore_settings()
    terminal_restore_disarm()
  }

  // MARK: - Drawing

  /// Puts `text` on the clipboard with OSC 52; terminals that do not allow it ignore it.
  func copy(_ text: String) {
    writeRaw("\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}")
  }

  private func put(_ cell: Cell, x: Int, y: Int) {
    let (attributes, pair) = looks[Int(cell.style.rawValue)]
    // Up to four code points and a terminating zero, on the stack: a first frame puts
    // thousands of cells, and an array per cell was most of the time it took.
    var scalars: (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) = (0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &scalars) { raw in
      let buffer = raw.bindMemory(to: wchar_t.self)
      var count = 0
      for scalar in cell.text.unicodeScalars {
        buffer[count] = wchar_t(bitPattern: scalar.value)
        count += 1
        if count == 4 { break }
      }
      _ = cncurses_put_cell(Int32(y), Int32(x), buffer.baseAddress, attributes, pair)
    }
  }

  /// A style's attributes and colour pair: its theme element's pair when colours are on.
  /// The selection and the status bar are in reverse video unless their element has a
  /// background of its own.
  private static func look(_ style: Style, colors: Bool, theme: Theme) -> (Int32, Int16) {
    let bold = cncurses_a_bold()
    let reverse = cncurses_a_reverse()
    let attributes: Int32 =
      switch style {
      case .plain, .border, .tabInactive, .inspector: 0
      case .dim: cncurses_a_dim()
      case .focusButton, .tabActive: reverse | bold
      case .statusBar: reverse
      default: bold
      }
    guard colors, var element = style.element else { return (attributes, 0) }
    // The inspector's title is a title: in the borders' colour unless the inspector has one.
    if style == .inspectorTitle, !theme.paint(element).isColored { element = .border }
    let paint = theme.paint(element)
    guard paint.isColored, let index = Theme.Element.allCases.firstIndex(of: element)
    else { return (attributes, 0) }
    let unreversed = paint.background != .terminalDefault ? attributes & ~reverse : attributes
    return (unreversed, Int16(index + 1))
  }

  /// Writes control sequences ncurses does not know about, after its own output.
  private func writeRaw(_ text: String) {
    fflush(nil)
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
  }
}
