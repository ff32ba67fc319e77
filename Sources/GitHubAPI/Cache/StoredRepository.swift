import Foundation

/// A repository as the cache entry stores it: the fields `Repository.fields` keeps, under
/// their short keys (5,000 of them are read at every start). The detail fields are stored too:
/// a page confirmed by a `304` after a restart is shown as stored. Reading cleans the text again
/// with the sanitizer in the decoder's `userInfo`, so a changed file cannot put control
/// characters on the screen.
struct StoredRepository: Codable {
  /// The repository.
  var repository: Repository

  init(_ repository: Repository) {
    self.repository = repository
  }

  init(from decoder: any Decoder) throws {
    repository = try Repository.decode(from: decoder, .cache, sanitizer: decoder.textSanitizer)
  }

  func encode(to encoder: any Encoder) throws {
    try repository.encodeStored(to: encoder)
  }
}
