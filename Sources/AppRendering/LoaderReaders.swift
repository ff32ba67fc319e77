import AppModel

/// A view that draws what loaders say: its name, and the kinds of loader it reads.
public struct LoaderReader: Sendable, Equatable {
  /// The view's name, as the inspector shows it.
  public let view: String
  /// The kinds of loader it reads.
  public let reads: Set<LoaderKind>
}

extension LoaderReader {
  /// Every view that reads loaders, each from its own declaration, in the order they draw.
  public static let all: [LoaderReader] = [
    PaneView.reader(.fetch), PaneView.reader(.result), DetailView.reader, StatusBar.reader,
    InspectorView.reader,
  ]

  /// The names of the views that read loaders of `kind`.
  public static func views(reading kind: LoaderKind) -> [String] {
    all.filter { $0.reads.contains(kind) }.map(\.view)
  }
}
