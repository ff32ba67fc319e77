import ApexyLoader
import Foundation
import GitHubAPI

/// Which property this run checks, from FUZZ_TARGET.
private let target = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "sanitizer"

/// libFuzzer's driver; SwiftPM names an executable's entry point `<Target>_main`, so the
/// program starts here and hands over to libFuzzer.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("LoaderFuzz_main")
func fuzzMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  var count = argc
  var arguments = argv
  return runDriver(&count, &arguments) { start, size in
    fuzzTestOneInput(start, size)
  }
}

/// libFuzzer's entry point: crashes (a failed `precondition`) are findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let data = Data(bytes: start, count: count)
  switch target {
  case "link": fuzzLinkHeader(data)
  case "json": fuzzJSON(data)
  default: fuzzSanitizer(data)
  }
  return 0
}

/// Whatever comes in, the cleaned text holds no control (a zero-width joiner only between two
/// emoji) and is bounded.
private func fuzzSanitizer(_ data: Data) {
  let text = String(decoding: data, as: UTF8.self)
  let clean = TextSanitizer.clean(text)
  precondition(TextSanitizer.isClean(clean), "control left")
  precondition(clean.unicodeScalars.count <= TextSanitizer.maximumLength * 8 + 1, "unbounded")
}

/// Any header parses without crashing, `next` agrees with the full parse, and a page's links
/// (with the page count from `rel="last"`) agree with it too.
private func fuzzLinkHeader(_ data: Data) {
  let header = String(decoding: data, as: UTF8.self)
  let links = LinkHeader.links(header)
  precondition(LinkHeader.next(header) == links["next"], "next disagrees")
  let page = PageLinks(header: header)
  precondition(page.next == links["next"] && page.last == links["last"], "page links disagree")
  precondition((page.lastPageNumber ?? 1) > 0, "a page count below 1")
}

/// Any body either decodes to clean models or fails as unreadable, never anything else; and a
/// list page's reader (one pass over the bytes, or `JSONDecoder` for a page it does not take)
/// gives what `JSONDecoder` gives, repositories or error.
private func fuzzJSON(_ data: Data) {
  let page = Result { try RepositoriesPage(body: data).repositories(sanitizer: TextSanitizer()) }
  let decoded = Result { try GitHubJSON.decodeElements(Repository.self, from: data) }
  switch (page, decoded) {
  case (.success(let read), .success(let expected)):
    // `==` on text is Unicode equivalence: the exact scalars must be the same too.
    precondition(
      read == expected
        && String(reflecting: read).unicodeScalars.elementsEqual(
          String(reflecting: expected).unicodeScalars),
      "the page reader read other repositories")
  case (.failure(let read), .failure(let expected)):
    precondition("\(read)" == "\(expected)", "the page reader failed otherwise")
  default:
    preconditionFailure("the page reader and JSONDecoder disagree: \(page) against \(decoded)")
  }
  let repositories = decodeOrUnreadable([Repository].self, data) ?? []
  for repository in repositories {
    assertClean([repository.name, repository.description ?? "", repository.language ?? ""])
  }
  if let organization = decodeOrUnreadable(Owner.self, data) {
    assertClean([organization.login, organization.name ?? "", organization.description ?? ""])
  }
}

/// The decoded value, or `nil` when the body is unreadable; any other error is a finding.
private func decodeOrUnreadable<T: Decodable>(_ type: T.Type, _ data: Data) -> T? {
  do {
    return try GitHubJSON.decode(type, from: data)
  } catch GitHubError.unreadable {
    return nil
  } catch {
    preconditionFailure("unexpected \(error)")
  }
}

private func assertClean(_ texts: [String]) {
  for text in texts {
    precondition(TextSanitizer.isClean(text), "dirty text")
  }
}
