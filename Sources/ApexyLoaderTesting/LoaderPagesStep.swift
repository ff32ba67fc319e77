import ApexyLoader
import Foundation

/// What a paginated loader showed at one change: its state, with its partial content and its
/// page progress, as ``LoaderStateRecorder/expectPages(_:timeout:fileID:filePath:line:column:)-([LoaderPagesStep<Content>],_,_,_,_,_)``
/// checks them.
///
/// ```swift
/// LoaderPagesStep(
///   .loading(cache: nil),
///   partial: PartialContent(content: ["a", "b"], progress: PageProgress(pagesRead: 1, itemCount: 2)),
///   progress: PageProgress(pagesRead: 1, itemCount: 2))
/// ```
public struct LoaderPagesStep<Content: Equatable>: Equatable, CustomStringConvertible {
  /// The loader's state.
  public var state: LoadingState<Content>
  /// Its `partialContent`.
  public var partial: PartialContent<Content>?
  /// Its `pageProgress`.
  public var progress: PageProgress?

  /// Creates a step from its parts.
  ///
  /// - Parameters:
  ///   - state: The loader's state.
  ///   - partial: Its partial content; `nil` when it has none.
  ///   - progress: Its page progress; `nil` before its first paginated load.
  public init(
    _ state: LoadingState<Content>, partial: PartialContent<Content>? = nil,
    progress: PageProgress? = nil
  ) {
    self.state = state
    self.partial = partial
    self.progress = progress
  }

  /// The state, then the partial content and the progress when there are some:
  /// `Loading: cache nil; partial ["a"] (1 of 3 pages, 1 items); pages 1 of 3 pages, 1 items`.
  public var description: String {
    var text = state.description
    if let partial {
      text += "; partial \(Self.summary(of: partial.content)) (\(Self.describe(partial.progress)))"
      if let resume = partial.resume { text += ", resume at \(resume.next.absoluteString)" }
    }
    if let progress { text += "; pages \(Self.describe(progress))" }
    return text
  }

  /// The content's own description, or a count and the element type for a collection of more
  /// than three elements (or of elements without a description), as `LoadingState` writes it:
  /// `[36 × Repository]`.
  static func summary(of content: Content) -> String {
    guard !(content is String), let collection = content as? any Collection,
      collection.count > 3 || !collection.allSatisfy({ $0 is CustomStringConvertible })
    else { return String(describing: content) }
    return "[\(collection.count) × \(elementName(collection))]"
  }

  private static func elementName<C: Collection>(_ collection: C) -> String {
    String(describing: C.Element.self)
  }

  /// `1 of 3 pages, 2 items`, `1 of ? pages, 2 items, stopped at cap 1`.
  static func describe(_ progress: PageProgress) -> String {
    let count = progress.pageCount.map(String.init) ?? "?"
    var text = "\(progress.pagesRead) of \(count) pages, \(progress.itemCount) items"
    if let cap = progress.stoppedAtCap { text += ", stopped at cap \(cap)" }
    if let limit = progress.stoppedAtLimit { text += ", stopped at limit \(limit)" }
    return text
  }
}

/// What a paginated loader is to show at one change, where the state may be a failure with the
/// error it expects (an ``ExpectedState``): a step of
/// ``LoaderStateRecorder/expectPages(_:timeout:fileID:filePath:line:column:)-([ExpectedPagesStep<Content>],_,_,_,_,_)``.
///
/// ```swift
/// ExpectedPagesStep(
///   .failure(URLError.self, cache: nil),
///   partial: PartialContent(content: ["a"], progress: PageProgress(pagesRead: 1, itemCount: 1)),
///   progress: PageProgress(pagesRead: 1, itemCount: 1))
/// ```
public struct ExpectedPagesStep<Content: Equatable>: CustomStringConvertible {
  /// The state it is to be.
  public var state: ExpectedState<Content>
  /// Its partial content.
  public var partial: PartialContent<Content>?
  /// Its page progress.
  public var progress: PageProgress?

  /// Creates a step from its parts.
  ///
  /// - Parameters:
  ///   - state: The state it is to be.
  ///   - partial: Its partial content; `nil` when it has none.
  ///   - progress: Its page progress; `nil` before its first paginated load.
  public init(
    _ state: ExpectedState<Content>, partial: PartialContent<Content>? = nil,
    progress: PageProgress? = nil
  ) {
    self.state = state
    self.partial = partial
    self.progress = progress
  }

  /// Whether `step` is this one: its state matches, its facets are equal.
  ///
  /// - Parameter step: A step the loader showed.
  /// - Returns: `true` when it is the step expected.
  public func matches(_ step: LoaderPagesStep<Content>) -> Bool {
    state.matches(step.state) && partial == step.partial && progress == step.progress
  }

  /// As ``LoaderPagesStep/description``, with the expected state's text.
  public var description: String {
    var text = LoaderPagesStep<Content>(.initial, partial: partial, progress: progress).description
    text.removeFirst(LoadingState<Content>.initial.description.count)
    return state.description + text
  }
}
