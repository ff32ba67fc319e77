import ApexyLoader
import ApexyLoaderTesting
import Foundation
import Testing

/// A failure written as a `LoadingState` is checked with its error: the recorder never passes
/// a wrong one.
@MainActor
@Suite struct LoaderStateRecorderErrorTests {
  private let loader = ContentLoader<Int>()

  /// The loader fails with a timeout.
  private func failWithATimeout() -> LoaderStateRecorder<Int> {
    let states = LoaderStateRecorder(loader)
    loader.startLoading()
    loader.finishLoading(.failure(URLError(.timedOut)))
    return states
  }

  /// An error of a test's own, equatable by its status.
  private struct StatusError: Error, Equatable {
    let status: Int
  }

  /// A failure written as a `LoadingState` checks its error too, so a wrong one never passes:
  /// another code, another type, another value; the same error passes, written either way.
  @Test func aFailureWrittenAsAStateChecksItsError() async {
    let states = failWithATimeout()
    await states.expect([
      .initial, .loading(cache: nil), .failure(error: URLError(.timedOut), cache: nil),
    ])
    let wrong: [any Error] = [
      URLError(.cannotFindHost), CancellationError(), StatusError(status: 1),
    ]
    for error in wrong {
      loader.startLoading()
      loader.finishLoading(.failure(URLError(.timedOut)))
      await withKnownIssue("\(error)") {
        await states.expect([
          .failure(URLError.self), .loading(cache: nil), .state(.failure(error: error, cache: nil)),
        ])
      } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("The error seen at state 2: ") }
      }
    }
    let statuses = ContentLoader<Int>()
    let recorded = LoaderStateRecorder(statuses)
    statuses.startLoading()
    statuses.finishLoading(.failure(StatusError(status: 404)))
    await withKnownIssue {
      await recorded.expect([
        .initial, .loading(cache: nil), .failure(error: StatusError(status: 500), cache: nil),
      ])
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("→ 2: Failure") }
    }
    statuses.startLoading()
    statuses.finishLoading(.failure(StatusError(status: 404)))
    await recorded.expect([
      .failure(StatusError.self), .loading(cache: nil),
      .state(.failure(error: StatusError(status: 404), cache: nil)),
    ])
  }
}
