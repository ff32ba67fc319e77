import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The links a page of a list gives in its `Link` header: the next page, and the last one,
/// whose `page` number tells how many pages the list has.
public struct PageLinks: Sendable, Equatable {
  /// The next page (`rel="next"`); `nil` on the last page.
  public var next: URL?
  /// The last page (`rel="last"`); GitHub sends it on every page but the last.
  public var last: URL?

  /// Creates links from their parts.
  ///
  /// - Parameters:
  ///   - next: The next page.
  ///   - last: The last page.
  public init(next: URL? = nil, last: URL? = nil) {
    self.next = next
    self.last = last
  }

  /// Reads the links of a `Link` field's value.
  ///
  /// - Parameter header: The value, `nil` when the response had none.
  public init(header: String?) {
    let links = header.map(LinkHeader.links) ?? [:]
    self.init(next: links["next"], last: links["last"])
  }

  /// Reads the links of a response's `Link` field.
  ///
  /// - Parameter response: The page's response; `nil` or a response that is not HTTP has none.
  public init(response: URLResponse?) {
    self.init(header: (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Link"))
  }

  /// How many pages the list has: the `page` query item of the last page's URL; `nil` when
  /// there is no such link or it has no page number.
  public var lastPageNumber: Int? {
    last.flatMap(Self.pageNumber)
  }

  /// The positive `page` query item of `url`, if it has one.
  static func pageNumber(_ url: URL) -> Int? {
    guard let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems
    else { return nil }
    return items.last { $0.name == "page" }?.value.flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
  }
}

/// A page of a list: its items, and the links that go on from it.
public struct LinkedPage<Item> {
  /// The page's items, in the order the server listed them.
  public var items: [Item]
  /// Where the list goes on.
  public var links: PageLinks

  /// Creates a page from its parts.
  ///
  /// - Parameters:
  ///   - items: The page's items.
  ///   - links: The links of its `Link` header.
  public init(items: [Item], links: PageLinks) {
    self.items = items
    self.links = links
  }

  /// A page of `items` with the links of `response`'s `Link` field: what an endpoint's
  /// `content(from:with:)` returns.
  ///
  /// - Parameters:
  ///   - items: The page's items, decoded from the body.
  ///   - response: The page's response.
  public init(items: [Item], response: URLResponse?) {
    self.init(items: items, links: PageLinks(response: response))
  }
}

extension LinkedPage: Sendable where Item: Sendable {}
extension LinkedPage: Equatable where Item: Equatable {}
