import Foundation

/// One part of a `multipart/form-data` body (`HTTPBody.multipart`): a form field or a file.
public struct MultipartFormPart: Sendable, Equatable {
  /// The form field name.
  public let name: String
  /// The file name a file part is sent under; `nil` for a plain field.
  public let filename: String?
  /// The part's `Content-Type`; `nil` for a plain field (read as text).
  public let contentType: String?
  /// The part's bytes.
  public let data: Data

  /// Creates a part from its pieces.
  ///
  /// - Parameters:
  ///   - name: The form field name.
  ///   - filename: The file name a file part is sent under; `nil` for a plain field.
  ///   - contentType: The part's `Content-Type`; `nil` for a plain field.
  ///   - data: The part's bytes.
  public init(name: String, filename: String? = nil, contentType: String? = nil, data: Data) {
    self.name = name
    self.filename = filename
    self.contentType = contentType
    self.data = data
  }

  /// A text field, UTF-8 encoded.
  ///
  /// - Parameters:
  ///   - name: The form field name.
  ///   - value: The field's text.
  /// - Returns: The part.
  public static func field(_ name: String, _ value: String) -> MultipartFormPart {
    MultipartFormPart(name: name, data: Data(value.utf8))
  }

  /// A file, with its name and content type (`application/octet-stream` unless given).
  ///
  /// - Parameters:
  ///   - name: The form field name.
  ///   - filename: The file name it is sent under.
  ///   - contentType: Its `Content-Type`.
  ///   - data: The file's bytes.
  /// - Returns: The part.
  public static func file(
    _ name: String, filename: String, contentType: String = "application/octet-stream",
    data: Data
  ) -> MultipartFormPart {
    MultipartFormPart(name: name, filename: filename, contentType: contentType, data: data)
  }

  /// The part's header lines, each ended by CRLF.
  var head: String {
    var disposition = "Content-Disposition: form-data; name=\"\(Self.quoted(name))\""
    if let filename { disposition += "; filename=\"\(Self.quoted(filename))\"" }
    var head = disposition + "\r\n"
    if let contentType { head += "Content-Type: \(contentType)\r\n" }
    return head
  }

  /// A name made safe inside a quoted header parameter, as browsers send it (RFC 7578 §4.2):
  /// quote, CR and LF percent-encoded.
  private static func quoted(_ value: String) -> String {
    value.replacingOccurrences(of: "\"", with: "%22")
      .replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }
}

extension HTTPBody {
  /// A `multipart/form-data` body of fields and files, its `Content-Type` naming the boundary.
  ///
  /// Without a `boundary`, a random one is made that no part contains.
  ///
  /// - Parameters:
  ///   - parts: The fields and files, in the order they are sent.
  ///   - boundary: The boundary between parts; it must occur in no part. `nil` for a random
  ///     one.
  /// - Returns: The body, its `Content-Type` `multipart/form-data; boundary=…`.
  public static func multipart(_ parts: [MultipartFormPart], boundary: String? = nil) -> HTTPBody {
    let boundary = boundary ?? makeBoundary(avoiding: parts)
    var data = Data()
    for part in parts {
      data.append(Data("--\(boundary)\r\n\(part.head)\r\n".utf8))
      data.append(part.data)
      data.append(Data("\r\n".utf8))
    }
    data.append(Data("--\(boundary)--\r\n".utf8))
    return HTTPBody(data: data, contentType: "multipart/form-data; boundary=\(boundary)")
  }

  private static func makeBoundary(avoiding parts: [MultipartFormPart]) -> String {
    while true {
      let boundary = "ApexyHTTP-" + UUID().uuidString
      let bytes = Data(boundary.utf8)
      if !parts.contains(where: { $0.data.range(of: bytes) != nil }) { return boundary }
    }
  }
}
