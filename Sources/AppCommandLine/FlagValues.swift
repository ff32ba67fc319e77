/// What a flag's argument can be, as completions offer it: a fixed set of words, a
/// comma-separated list of them, a file, a directory, or anything (nothing to offer).
enum FlagValues: Sendable, Equatable {
  /// Nothing to offer: a number, a URL, a name.
  case any
  /// One of these words.
  case oneOf([String])
  /// These words, comma-separated (a word ending in `=` takes a value after it).
  case list([String])
  /// One `NAME=VALUE`: these names, each offered with its `=` (`--key quit=Q`).
  case assignment([String])
  /// A file's path.
  case file
  /// A directory's path.
  case directory

  /// The fixed words, for `oneOf` and `list`; empty otherwise.
  var words: [String] {
    switch self {
    case .oneOf(let words), .list(let words): words
    case .assignment(let names): names.map { $0 + "=" }
    case .any, .file, .directory: []
    }
  }

  /// Whether the argument names a file or a directory.
  var isPath: Bool { self == .file || self == .directory }
}
