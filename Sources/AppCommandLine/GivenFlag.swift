/// One flag as given, on the command line or on a line of the config file, before it changes
/// the options: the parser reads them all first, so the config file's can be merged under the
/// command line's.
struct GivenFlag: Sendable {
  /// The flag.
  let flag: Flag
  /// Its name as written (`--timeout`, `-h`), which errors repeat.
  let name: String
  /// Its argument, for a flag that reads one.
  let value: String?
  /// `FILE:LINE` of the config file line it came from; `nil` on the command line.
  let origin: String?

  /// Applies the flag to `options`; an error from a config file line names the file and line.
  func apply(to options: inout Options) throws(UsageError) {
    do {
      switch flag.action {
      case .invoke:
        break
      case .set(let apply):
        apply(&options)
      case .read(_, let apply):
        try apply(&options, FlagArgument(flag: name, text: value ?? "", origin: origin))
      }
    } catch {
      throw located(error)
    }
  }

  /// `error` with this flag's config file line in front, when it came from one.
  func located(_ error: UsageError) -> UsageError {
    origin.map { UsageError(description: "\($0): \(error.description)") } ?? error
  }
}
