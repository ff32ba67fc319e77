import AppCore
import CNcurses
import DemoAPI
import Foundation
import GitHubAPI

#if canImport(Glibc)
  import Glibc
#endif

/// The ncurses backend: writes the cells a grid diff names and reads keys.
/// The only file that knows ncurses exists.
@MainActor
final class NcursesTerminal: TerminalBackend {
  /// Why the terminal could not be used.
  struct Unusable: Error, CustomStringConvertible {
    /// A one-line explanation.
    let description: String
  }

  /// What reading the keyboard produced.
  enum Input: Equatable {
    case key(Key)
    case resize
  }

  private var screen: OpaquePointer?
  private let colors: Bool

  /// Starts ncurses on the controlling terminal; throws instead of exiting on a bad `TERM`.
  init(colors wantColors: Bool) throws {
    setlocale(LC_ALL, "")
    let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
    guard !term.isEmpty, term != "dumb" else {
      throw Unusable(description: "TERM is \(term.isEmpty ? "not set" : "\"dumb\"")")
    }
    guard cncurses_term_known(term) == 1 else {
      throw Unusable(description: "the terminal type \"\(term)\" is unknown")
    }
    TerminalSafety.save()
    TerminalSafety.arm()
    guard let screen = cncurses_newterm_std() else {
      TerminalSafety.disarm()
      throw Unusable(description: "ncurses could not start on \"\(term)\"")
    }
    self.screen = screen
    set_term(screen)
    raw()
    noecho()
    nonl()
    keypad(cncurses_stdscr(), true)
    nodelay(cncurses_stdscr(), true)
    set_escdelay(25)
    curs_set(0)
    colors = wantColors && has_colors()
    if colors {
      start_color()
      use_default_colors()
      init_pair(1, Int16(COLOR_CYAN), -1)
      init_pair(2, Int16(COLOR_RED), -1)
      init_pair(3, Int16(COLOR_GREEN), -1)
      init_pair(4, Int16(COLOR_YELLOW), -1)
      init_pair(5, Int16(COLOR_BLACK), Int16(COLOR_CYAN))
    }
  }

  /// The terminal size now.
  var size: Size {
    Size(columns: Int(cncurses_cols()), rows: Int(cncurses_lines()))
  }

  /// Tells ncurses the terminal now has `rows` × `columns` (after SIGWINCH).
  func resize(to size: Size) {
    resizeterm(Int32(size.rows), Int32(size.columns))
  }

  /// Writes the cells `diff` names, after clearing the screen when it asks.
  func draw(_ diff: GridDiff) {
    if diff.clearsScreen { erase() }
    for change in diff.changes { put(change.cell, x: change.x, y: change.y) }
    refresh()
  }

  /// Every key waiting in the input, without blocking.
  func readInput() -> [Input] {
    var inputs: [Input] = []
    while true {
      var code: wint_t = 0
      let result = wget_wch(cncurses_stdscr(), &code)
      if result == cncurses_err() { break }
      if result == KEY_CODE_YES {
        if Int32(code) == cncurses_key_resize() {
          inputs.append(.resize)
        } else if let key = Self.functionKey(Int32(code)) {
          inputs.append(.key(key))
        }
      } else if let key = Self.characterKey(UInt32(code)) {
        inputs.append(.key(key))
      }
    }
    return inputs
  }

  /// Shuts ncurses down and puts the terminal settings back exactly as they were.
  func close() {
    guard let screen else { return }
    curs_set(1)
    endwin()
    delscreen(screen)
    self.screen = nil
    TerminalSafety.restoreSettings()
    TerminalSafety.disarm()
  }

  // MARK: - Drawing

  private func put(_ cell: Cell, x: Int, y: Int) {
    let (attributes, pair) = style(cell.style)
    var scalars = cell.text.unicodeScalars.prefix(4).map { wchar_t(bitPattern: $0.value) }
    scalars.append(0)
    _ = cncurses_put_cell(Int32(y), Int32(x), scalars, attributes, pair)
  }

  private func style(_ style: Style) -> (Int32, Int16) {
    let bold = cncurses_a_bold()
    let reverse = cncurses_a_reverse()
    let dim = cncurses_a_dim()
    switch style {
    case .plain: return (0, 0)
    case .border: return (0, colors ? 0 : 0)
    case .focusBorder, .title: return (bold, colors ? 1 : 0)
    case .button: return (bold, 0)
    case .focusButton: return (reverse | bold, 0)
    case .error: return (bold, colors ? 2 : 0)
    case .heading, .success: return (bold, colors ? 3 : 0)
    case .dim: return (dim, 0)
    case .spinner: return (bold, colors ? 4 : 0)
    case .tabActive: return (reverse | bold, 0)
    case .tabInactive: return (0, 0)
    case .statusBar: return (colors ? 0 : reverse, colors ? 5 : 0)
    }
  }

  // MARK: - Keys

  private static func functionKey(_ code: Int32) -> Key? {
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_PPAGE: return .pageUp
    case KEY_NPAGE: return .pageDown
    case KEY_HOME: return .home
    case KEY_END: return .end
    case KEY_BTAB: return .backTab
    case KEY_BACKSPACE: return .backspace
    case KEY_ENTER: return .enter
    default: return nil
    }
  }

  private static func characterKey(_ code: UInt32) -> Key? {
    switch code {
    case 3: return .interrupt
    case 9: return .tab
    case 10, 13: return .enter
    case 27: return .escape
    case 8, 127: return .backspace
    case 0..<32: return nil
    default: return Unicode.Scalar(code).map { .character(Character($0)) }
    }
  }
}
