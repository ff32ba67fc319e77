import Foundation

extension LoaderStore {
  // MARK: - Release after a time

  /// Starts the wait of ``releaseAfter`` for `key` when its loader is not in use (again from
  /// now when `restart`), and stops it when the loader is in use.
  func armRelease(_ key: Key, restart: Bool) {
    guard let releaseAfter, kept[key] != nil else { return }
    guard !isInUse(key) else {
      releaseTimers.removeValue(forKey: key)?.cancel()
      return
    }
    guard restart || releaseTimers[key] == nil else { return }
    scheduleRelease(key, after: releaseAfter)
  }

  private func scheduleRelease(_ key: Key, after delay: TimeInterval) {
    releaseTimers.removeValue(forKey: key)?.cancel()
    releaseTimers[key] = scheduler.schedule(after: delay) { [weak self] in
      self?.releaseTimerFired(key)
    }
  }

  /// The loader of `key` may have stopped (or started) being in use.
  func useChanged(_ key: Key) {
    armRelease(key, restart: false)
  }

  private func releaseTimerFired(_ key: Key) {
    releaseTimers[key] = nil
    guard kept[key] != nil else { return }
    guard isInUse(key) else {
      forget(key, as: .dropped(key))
      return
    }
    // A loader that cannot tell when it stops being in use is looked at again later.
    if useObservations[key] == nil, let releaseAfter { scheduleRelease(key, after: releaseAfter) }
  }

  // MARK: - Holds

  func hold(_ loader: Loader, key: Key) -> LoaderHold<Loader> {
    let id = nextHoldID
    nextHoldID += 1
    holds[id] = key
    releaseTimers.removeValue(forKey: key)?.cancel()
    return LoaderHold(loader) { @Sendable [weak self] in
      onMainActor { self?.endHold(id) }
    }
  }

  private func endHold(_ id: Int) {
    guard let key = holds.removeValue(forKey: id) else { return }
    armRelease(key, restart: true)
  }

  /// The keys held now (``hold(_:)``), least recently taken first.
  public var heldKeys: [Key] {
    let held = Set(holds.values)
    return recency.filter(held.contains)
  }
}
