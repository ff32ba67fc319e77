import Foundation

/// A book of the library, as the API sends it.
struct Book: Codable, Sendable, Equatable {
  /// The book's identifier.
  let id: Int
  /// The title.
  let title: String
}

/// The library's featured author.
struct Author: Codable, Sendable, Equatable {
  /// The author's name.
  let name: String
}

extension Book: CustomStringConvertible {
  /// The title.
  var description: String { title }
}

extension Author: CustomStringConvertible {
  /// The name.
  var description: String { name }
}
