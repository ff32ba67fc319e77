/// A JSON number that must be whole and fit in `Int`, such as `stargazers_count`.
struct WholeNumber: Decodable {
  /// The number.
  let value: Int

  /// Reads an integer; a fraction, an exponent that leaves one, or a number out of range is an
  /// error that names the field, and so is a value that is not a number at all.
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Int.self) {
      self.value = value
      return
    }
    // Not an `Int`: a number of another kind, or no number at all (a type mismatch).
    _ = try container.decode(Double.self)
    throw DecodingError.dataCorruptedError(
      in: container, debugDescription: "is not a whole number in range")
  }
}
