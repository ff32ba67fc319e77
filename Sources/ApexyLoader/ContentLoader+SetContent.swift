extension ContentLoader {
  /// Shows `content` now, as SWR's `mutate` does: the state becomes `.success(content)`, and a
  /// load under way is given up: its answer, when it comes, is dropped and never overwrites
  /// `content`. The next load starts as usual.
  ///
  /// A `WebLoader` also cancels the request in flight, forgets the pages of a load that
  /// stopped part-way, and saves `content` to its cache.
  ///
  /// - Parameter content: What the loader holds from now on.
  public func setContent(_ content: Content) {
    loadGeneration &+= 1
    willSetContent()
    state = .success(content: content)
    didSetContent()
  }
}
