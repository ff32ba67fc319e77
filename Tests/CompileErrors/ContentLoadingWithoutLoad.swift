// expect: type 'NoLoad' does not conform to protocol 'ContentLoading'
// A loader declared ContentLoading without a load() of its own must not compile: a load()
// inherited from elsewhere would stand in for it and call itself until the stack ran out.
import ApexyHTTP
import ApexyLoader

@MainActor final class NoLoad: WebLoader<[Int]>, ContentLoading {}
