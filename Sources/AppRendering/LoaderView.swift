import AppModel

/// A view that draws what loaders say: its name, and the kinds of loader it reads.
public struct LoaderView: Sendable, Equatable {
  /// The view's name, as the inspector shows it.
  public let name: String
  /// The kinds of loader it reads.
  public let reads: Set<LoaderKind>
}

extension LoaderView {
  /// Every view that reads loaders, each from its own declaration, in the order they draw.
  public static let all: [LoaderView] = [
    PaneView.loaderView(.fetch), PaneView.loaderView(.result), DetailView.loaderView,
    StatusBar.loaderView,
    InspectorView.loaderView,
  ]

  /// The names of the views that read loaders of `kind`.
  public static func views(reading kind: LoaderKind) -> [String] {
    all.filter { $0.reads.contains(kind) }.map(\.name)
  }
}
