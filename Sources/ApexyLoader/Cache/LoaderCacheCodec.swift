import Foundation

/// How a loader's content becomes the bytes of a cache entry and back.
public struct LoaderCacheCodec<Content>: Sendable {
  /// The version of the encoding; raise it when the bytes of old entries no longer decode, and
  /// those entries are ignored (reported once) and replaced.
  public var version: Int
  /// Turns content into bytes; runs off the main thread.
  public var encode: @Sendable (Content) throws -> Data
  /// Turns bytes back into content; runs on the main actor when the cache is attached.
  public var decode: @Sendable (Data) throws -> Content

  /// A codec of `encode` and `decode`, at `version`.
  ///
  /// - Parameters:
  ///   - version: The encoding's version; 1 by default.
  ///   - encode: Turns content into bytes (off the main thread); it may throw.
  ///   - decode: Turns bytes back into content (on the main actor); it may throw.
  public init(
    version: Int = 1, encode: @escaping @Sendable (Content) throws -> Data,
    decode: @escaping @Sendable (Data) throws -> Content
  ) {
    self.version = version
    self.encode = encode
    self.decode = decode
  }
}

extension LoaderCacheCodec where Content: Codable & Sendable {
  /// JSON through `JSONEncoder` and `JSONDecoder`.
  public static var json: LoaderCacheCodec { json(version: 1) }

  /// JSON through `JSONEncoder` and `JSONDecoder`, at `version`.
  ///
  /// - Parameter version: The encoding's version: raise it when the type's JSON changes.
  /// - Returns: The codec.
  public static func json(version: Int) -> LoaderCacheCodec {
    LoaderCacheCodec(
      version: version, encode: { try JSONEncoder().encode($0) },
      decode: { try JSONDecoder().decode(Content.self, from: $0) })
  }
}
