import Foundation

/// A key of a repository object, GitHub's or the cache entry's.
struct FieldKey: CodingKey, Sendable {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ name: StaticString) {
    stringValue = name.description
  }

  init?(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) {
    nil
  }
}

/// How one kind of value is written in JSON: read by the one-pass reader, read by
/// `JSONDecoder` (the reference the reader agrees with), written to the cache, and cleaned for
/// display. A field declares its codec in `Repository.fields`.
struct FieldCodec<Value: Sendable>: Sendable {
  /// The value's type as the cache's fingerprint spells it.
  let type: String
  /// The value at the reader, `null` included; `nil` when it is not read as `decode` reads it
  /// (the caller then leaves the text to `JSONDecoder`).
  let read: @Sendable (inout JSONByteReader) -> Value?
  /// The value at `key`, as `JSONDecoder` reads it; what a missing key or `null` means included.
  let decode: @Sendable (KeyedDecodingContainer<FieldKey>, FieldKey) throws -> Value
  /// Writes the value at `key` (or nothing, for a value left out); `nil` for a value only
  /// GitHub sends in this form, which the cache keeps in another.
  let encode: (@Sendable (Value, inout KeyedEncodingContainer<FieldKey>, FieldKey) throws -> Void)?
  /// The value with its text cleaned for display.
  let clean: @Sendable (Value, TextSanitizer) -> Value

  /// The same codec, but a value of another type reads as `missing` through `JSONDecoder`
  /// rather than failing the whole list (the one-pass reader leaves such text to it).
  func lenient(or missing: Value) -> Self {
    let decode = self.decode
    return FieldCodec(
      type: type, read: read, decode: { (try? decode($0, $1)) ?? missing }, encode: encode,
      clean: clean)
  }
}

extension FieldCodec where Value == String {
  /// A string that must be there.
  static var requiredText: Self {
    FieldCodec(
      type: "String", read: { $0.string() }, decode: { try $0.decode(String.self, forKey: $1) },
      encode: { try $1.encode($0, forKey: $2) }, clean: { $1.clean($0) })
  }
}

extension FieldCodec where Value == String? {
  /// A string, `null` or missing.
  static var text: Self {
    FieldCodec(
      type: "String?", read: { $0.optionalString() },
      decode: { try $0.decodeIfPresent(String.self, forKey: $1) },
      encode: { try $1.encodeIfPresent($0, forKey: $2) }, clean: { $0.map($1.clean) })
  }

  /// A license object: its SPDX id unless that is missing, empty or `NOASSERTION`, else its name.
  static var license: Self {
    FieldCodec(
      type: "License?", read: { $0.optional { $0.licenseName() }.map { $0 ?? nil } },
      decode: { container, key in
        let license = try container.decodeIfPresent(License.self, forKey: key)
        return license?.shown
      },
      encode: nil, clean: { $0.map($1.clean) })
  }

  private struct License: Decodable {
    var spdxID: String?
    var name: String?
    private enum CodingKeys: String, CodingKey {
      case name
      case spdxID = "spdx_id"
    }
    var shown: String? {
      spdxID.flatMap { $0 == "NOASSERTION" || $0.isEmpty ? nil : $0 } ?? name
    }
  }
}

extension FieldCodec where Value == Int {
  /// A whole number, 0 when `null` or missing.
  static var count: Self {
    FieldCodec(
      type: "Int", read: { $0.optional { $0.integer() }.map { $0 ?? 0 } },
      decode: { try $0.decodeIfPresent(WholeNumber.self, forKey: $1)?.value ?? 0 },
      encode: { try $1.encode($0, forKey: $2) }, clean: { value, _ in value })
  }
}

extension FieldCodec where Value == Int? {
  /// A whole number, `null` or missing.
  static var optionalCount: Self {
    FieldCodec(
      type: "Int?", read: { $0.optional { $0.integer() } },
      decode: { try $0.decodeIfPresent(WholeNumber.self, forKey: $1)?.value },
      encode: { try $1.encodeIfPresent($0, forKey: $2) }, clean: { value, _ in value })
  }
}

extension FieldCodec where Value == Bool {
  /// `true` or `false`, `false` when `null` or missing.
  static var flag: Self {
    FieldCodec(
      type: "Bool", read: { $0.optional { $0.boolean() }.map { $0 ?? false } },
      decode: { try $0.decodeIfPresent(Bool.self, forKey: $1) ?? false },
      encode: { try $1.encode($0, forKey: $2) }, clean: { value, _ in value })
  }
}

extension FieldCodec where Value == [String] {
  /// An array of strings, empty when `null` or missing (and left out of the cache when empty).
  static var texts: Self {
    FieldCodec(
      type: "[String]", read: { $0.optional { $0.strings() }.map { $0 ?? [] } },
      decode: { try $0.decodeIfPresent([String].self, forKey: $1) ?? [] },
      encode: { value, container, key in
        if !value.isEmpty { try container.encode(value, forKey: key) }
      },
      clean: { $0.map($1.clean) })
  }
}

extension FieldCodec where Value == Date? {
  /// GitHub's date text (`GitHubDate`), `nil` when it is not one.
  static var dateText: Self {
    FieldCodec(
      type: "Date?", read: { $0.optionalString().map { $0.flatMap(GitHubDate.parse) } },
      decode: { try $0.decodeIfPresent(String.self, forKey: $1).flatMap(GitHubDate.parse) },
      encode: nil, clean: { value, _ in value })
  }

  /// Seconds since 1970.
  static var seconds: Self {
    FieldCodec(
      type: "Double?",
      read: { $0.optional { $0.double() }.map { $0.map(Date.init(timeIntervalSince1970:)) } },
      decode: {
        try $0.decodeIfPresent(Double.self, forKey: $1).map(Date.init(timeIntervalSince1970:))
      },
      encode: { try $1.encodeIfPresent($0?.timeIntervalSince1970, forKey: $2) },
      clean: { value, _ in value })
  }
}

extension FieldCodec where Value == Repository.Address {
  /// A web address as text, or `null`: kept as sent until the repository settles it.
  static var addressText: Self {
    FieldCodec(
      type: "Address", read: { $0.optionalString().map(Self.address) },
      decode: { Self.address(try $0.decodeIfPresent(String.self, forKey: $1)) }, encode: nil,
      clean: { value, _ in value })
  }

  /// As the cache stores it: left out when it is GitHub's page of the full name, empty for none.
  static var storedAddress: Self {
    FieldCodec(
      type: "Address",
      read: { $0.optionalString().map { $0.map(Self.stored) ?? .derived } },
      decode: { try $0.decodeIfPresent(String.self, forKey: $1).map(Self.stored) ?? .derived },
      encode: { value, container, key in
        switch value {
        case .derived: break
        case .none: try container.encode("", forKey: key)
        case .text(let text): try container.encode(text, forKey: key)
        }
      },
      clean: { value, _ in value })
  }

  private static func address(_ text: String?) -> Repository.Address {
    text.map(Repository.Address.text) ?? .none
  }

  private static func stored(_ text: String) -> Repository.Address {
    text.isEmpty ? .none : .text(text)
  }
}
