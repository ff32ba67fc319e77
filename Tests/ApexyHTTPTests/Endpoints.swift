import ApexyHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Something a test endpoint throws on purpose.
struct TestError: Error, Equatable {
  let name: String
}

/// GETs a path and decodes the body as UTF-8 text; can be told to fail validation or decoding.
struct TextEndpoint: Endpoint, URLRequestBuildable {
  var path = "greeting"
  var failValidation = false
  var failContent = false
  var headers: [String: String] = [:]
  var requestSubject: String?

  func makeRequest() throws -> URLRequest {
    var request = get(URL(string: path)!)
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    return request
  }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    if failValidation { throw TestError(name: "validate \(response.statusCode)") }
  }

  func content(from response: URLResponse?, with body: Data) throws -> String {
    if failContent { throw TestError(name: "content") }
    return String(decoding: body, as: UTF8.self)
  }
}

/// An endpoint whose request cannot be made.
struct BrokenEndpoint: Endpoint {
  func makeRequest() throws -> URLRequest { throw TestError(name: "makeRequest") }
  func content(from response: URLResponse?, with body: Data) throws -> String { "" }
}

/// POSTs a body as an upload and decodes the answer as UTF-8 text.
struct TextUploadEndpoint: UploadEndpoint {
  var body: UploadEndpointBody

  func makeRequest() throws -> (URLRequest, UploadEndpointBody) {
    var request = URLRequest(url: URL(string: "upload")!)
    request.httpMethod = "POST"
    return (request, body)
  }

  func content(from response: URLResponse?, with body: Data) throws -> String {
    String(decoding: body, as: UTF8.self)
  }
}

/// GETs a path and fails validation with the status and body of any non-2xx response.
struct StatusEndpoint: Endpoint, URLRequestBuildable {
  func makeRequest() throws -> URLRequest { get(URL(string: "greeting")!) }

  func validate(_ request: URLRequest?, response: HTTPURLResponse, data: Data?) throws {
    guard (200..<300).contains(response.statusCode) else {
      throw TestError(
        name: "\(response.statusCode) \(String(decoding: data ?? Data(), as: UTF8.self))")
    }
  }

  func content(from response: URLResponse?, with body: Data) throws -> String {
    String(decoding: body, as: UTF8.self)
  }
}
