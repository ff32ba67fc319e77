import Foundation

extension WebLoader {
  /// Restores the content stored in `cache` into a loader that has none yet: the state becomes
  /// `.success` with it, `freshness` carries the stored confirmation time with `isRestored`, and
  /// the stored validators go into `revalidationCache`, so the next load can be answered `304`.
  func restoreFromCache() {
    guard let cache, case .initial = state else { return }
    do {
      guard let (content, entry) = try cache.restore() else { return }
      if let progress = entry.progress, let resume = entry.resume {
        // What a load read before it stopped: no validators stand for it, and the next load
        // goes on from its first page not read.
        partialContent = PartialContent(content: content, progress: progress, resume: resume)
        pageProgress = progress
        return
      }
      for (url, validators) in entry.validators {
        revalidationCache.store(content, validators: validators, forKey: url)
      }
      freshness = Freshness(lastConfirmed: entry.lastConfirmed, isRestored: true)
      state = .success(content: content)
      // Restored content is revalidated on the refresh schedule from now, as a loaded one is.
      scheduleRefresh()
    } catch {
      reportCacheProblem(LoaderCache<Content>.line(error))
    }
  }

  /// Saves the current content, its validators and confirmation time to `cache`, if any.
  func saveToCache() {
    guard let cache, let content = state.content else { return }
    cache.save(
      content, validators: revalidationCache.validatorsByKey,
      lastConfirmed: freshness.lastConfirmed ?? scheduler.now
    ) { [weak self] problem in
      self?.reportCacheProblem(problem)
    }
  }

  /// Saves ``partialContent`` to ``cache`` now, while no complete content is stored (that stays
  /// what a new start shows), so that a new start goes on from the first page not read. A load
  /// that stops part-way saves it by itself; a program about to quit in the middle of a load
  /// calls this first.
  public func savePartialContent() {
    guard let cache, state.content == nil, let partial = partialContent,
      let resume = partial.resume
    else { return }
    cache.save(
      partial.content, validators: revalidationCache.validatorsByKey,
      lastConfirmed: scheduler.now, partial: PartialMark(progress: partial.progress, resume: resume)
    ) { [weak self] problem in
      self?.reportCacheProblem(problem)
    }
  }

  private func reportCacheProblem(_ problem: String?) {
    guard problem != cacheProblem else { return }
    cacheProblem = problem
    observers.notify()
  }
}
