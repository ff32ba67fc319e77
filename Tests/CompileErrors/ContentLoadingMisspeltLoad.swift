// expect: type 'Misspelt' does not conform to protocol 'ContentLoading'
// A misspelt load() is not taken for the protocol's.
import ApexyHTTP
import ApexyLoader

@MainActor final class Misspelt: WebLoader<[Int]>, ContentLoading {
  func laod() {}
}
