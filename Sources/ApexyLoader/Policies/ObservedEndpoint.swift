import ApexyHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An endpoint that keeps the response beside its content and attaches it to its errors.
struct ObservedEndpoint<Base: Endpoint>: Endpoint {
  /// The endpoint sent.
  let base: Base

  func makeRequest() throws -> URLRequest { try base.makeRequest() }

  var requestSubject: String? { base.requestSubject }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    do {
      try base.validate(request, response: response, data: data)
    } catch {
      throw ResponseFailure(underlying: error, response: response, isDecoding: false)
    }
  }

  func content(from response: URLResponse?, with body: Data) throws -> Observed<Base.Content> {
    do {
      return Observed(content: try base.content(from: response, with: body), response: response)
    } catch {
      guard let http = response as? HTTPURLResponse else { throw error }
      throw ResponseFailure(underlying: error, response: http, isDecoding: true)
    }
  }
}

/// Content together with the response it was decoded from.
struct Observed<Content> {
  /// The decoded content.
  let content: Content
  /// The response, `nil` for a non-HTTP one.
  let response: URLResponse?
}
