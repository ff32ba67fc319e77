/// Keeps a loader of a ``LoaderStore`` in use for as long as it is held, for a view that reads
/// it only through Observation. Released on any thread, it ends at once on the main thread, and
/// soon after on another; it is `Sendable` (its loaders are main-actor objects), so another
/// task may hold and release it.
public final class LoaderHold<Loader: AnyObject> {
  /// The loader held.
  public let loader: Loader
  private let observation: LoaderObservation

  init(_ loader: Loader, release: @escaping @Sendable () -> Void) {
    self.loader = loader
    observation = LoaderObservation(release)
  }
}

extension LoaderHold: Sendable where Loader: Sendable {}
