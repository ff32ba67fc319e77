import ApexyLoader

/// Reads a paginated list a page at a time, as a list that loads as it scrolls, and awaits
/// each page's result: the counts of books after each call.
@MainActor
public func readPageByPage(_ books: BooksLoader) async throws -> [Int] {
  var counts: [Int] = []
  while books.hasNextPage {
    books.loadNextPage()
    counts.append(try await books.value.count)
  }
  return counts
}
