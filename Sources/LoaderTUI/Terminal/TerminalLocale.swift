#if canImport(Glibc)
  import Glibc
#endif

/// The user's locale, as `LANG`, `LC_ALL` and `LC_CTYPE` set it.
enum TerminalLocale {
  /// Takes the locale from the environment (ncurses needs it) and says whether its characters
  /// are UTF-8; unset, `C` and `POSIX` (Docker's default) are not.
  static func adoptAndCheckUTF8() -> Bool {
    setlocale(LC_ALL, "")
    guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
  }
}
