// `import ApexyHTTP` alone gives a file what `import Apexy` gives it on Apple platforms:
// Foundation, and on Linux FoundationNetworking, where URLSession and URLRequest live.
@_exported import Foundation

#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif
