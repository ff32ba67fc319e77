import ApexyHTTP
import ApexyHTTPTesting
import ApexyLoader
import Foundation
import Snippets

// Runs every snippet against a stub of the books API and prints what each did; CI compares
// the lines. An async main: after its first `await`, main-actor code runs off the main thread.

let stub = StubTransport { request in
  let books = #"[{"id":1,"title":"Dune"},{"id":2,"title":"Emma"}]"#
  switch (request.url?.path ?? "", request.url?.query ?? "") {
  case ("/books", _): return .json(Data(books.utf8))
  case ("/books/1", _): return .json(Data(#"{"id":1,"title":"Dune"}"#.utf8))
  case ("/pages", let query):
    let page = Int(query.split(separator: "=").last ?? "1") ?? 1
    let next = page < 3 ? ["Link": "<\(stub.baseURL)pages?page=\(page + 1)>; rel=\"next\""] : [:]
    let body = #"[{"id":\#(page * 10),"title":"Page \#(page)"}]"#
    return .respond(status: 200, headers: next, body: Data(body.utf8))
  default: return .respond(status: 404)
  }
}
let client = URLSessionClient(baseURL: stub.baseURL, configuration: stub.configuration())

@MainActor
func run() async throws {
  let books = BooksLoader(apiClient: client)
  let other = BooksLoader(apiClient: client)
  let model = ShelfModel(books: books, other: other)
  let counter = ChangeCounter()
  var background: LoaderObservation? = await observeFromBackground(books, counter: counter)
  let fetched = try await books.fetch()
  print("observe: \(model.text); renders \(model.renders); background changes \(counter.count)")
  background = nil
  print("released elsewhere: observers added and left \(await releaseElsewhere(books))")
  withExtendedLifetime(background) {}

  let shelf = BookShelf(client: client)
  let title = try await shelf.title(1)
  print("store: fetched \(title.fetched), ensured \(title.ensured), \(fetched.count) books")
  print("hold in another task: in use \(await shelf.holdElsewhere(1))")

  let pages = BooksLoader(apiClient: client)
  print("pages: \(try await readPageByPage(pages))")
}

try await run()
