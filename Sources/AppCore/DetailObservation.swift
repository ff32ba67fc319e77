import ApexyLoader
import Foundation
import GitHubAPI

/// The open detail view's hold on its keyed loader: observes it under the names of the detail
/// view and the inspector while the view is open, and turns its changes into events.
@MainActor
final class DetailObservation {
  /// Who reads the open detail loader's state.
  static let names = ["detail view", "inspector"]

  private let store: RepositoryDetailLoaders?
  private var observations: [LoaderObservation] = []
  private var lastSent: (key: String, changes: Int, status: LoaderStatus)?
  /// The loader observed now, while a detail view is open.
  private(set) var loader: RepositoryDetailLoader?

  /// Takes its loaders from `store`; with none, a detail view shows the list data only.
  init(store: RepositoryDetailLoaders?) {
    self.store = store
  }

  /// Observes the loader kept under `key` (made on first use), starts its load and sends its
  /// state at once, then on every change.
  func open(_ key: String, clock: @escaping () -> Date, send: @escaping (AppEvent) -> Void) {
    close()
    guard let loader = store?.loader(for: key) else { return }
    self.loader = loader
    let changed = { [weak self, weak loader] in
      guard let self, let loader, self.loader === loader else { return }
      let status = LoaderStatus(of: loader)
      let now = (key: key, changes: loader.changeCount, status: status)
      if let last = self.lastSent, last.key == now.key, last.changes == now.changes,
        last.status == now.status
      {
        return
      }
      self.lastSent = now
      send(.detailChanged(key: key, state: loader.state, status: status, at: clock()))
    }
    observations = Self.names.map { loader.observe(named: $0, changed) }
    loader.load()
    changed()
  }

  /// Stops observing the loader; the store keeps it for the next time it is opened.
  func close() {
    observations = []
    loader = nil
    lastSent = nil
  }
}
