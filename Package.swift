// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "loader-tui",
  products: [
    .library(name: "ApexyHTTP", targets: ["ApexyHTTP"]),
    .library(name: "ApexyLoader", targets: ["ApexyLoader"]),
    .library(name: "CurlTransport", targets: ["CurlTransport"]),
    .executable(name: "loader-tui", targets: ["LoaderTUI"]),
  ],
  targets: [
    // ncursesw's pkg-config file adds -D_XOPEN_SOURCE=600, which SwiftPM refuses with a
    // warning; the module map links ncursesw and the shim defines what it needs instead.
    .systemLibrary(
      name: "CNcurses",
      providers: [.apt(["libncursesw5-dev"])]
    ),
    // libcurl, with typed wrappers for its variadic setters.
    .systemLibrary(
      name: "CCurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .target(name: "CurlTransport", dependencies: ["CCurl"]),
    .target(name: "ApexyHTTP", dependencies: ["CurlTransport"]),
    .target(name: "ApexyLoader", dependencies: ["ApexyHTTP"]),
    .target(name: "LoopbackHTTP"),
    .executableTarget(
      name: "LoaderTUI",
      dependencies: ["ApexyHTTP", "ApexyLoader", "LoopbackHTTP", "CNcurses"]
    ),
    .testTarget(
      name: "ApexyHTTPTests", dependencies: ["ApexyHTTP", "CurlTransport", "LoopbackHTTP"]),
    .testTarget(
      name: "CurlTransportTests", dependencies: ["CurlTransport", "ApexyHTTP", "LoopbackHTTP"]),
    .testTarget(
      name: "ApexyLoaderTests", dependencies: ["ApexyLoader", "ApexyHTTP", "LoopbackHTTP"]),
    .testTarget(
      name: "LoaderTUITests",
      dependencies: ["LoaderTUI", "ApexyHTTP", "ApexyLoader", "LoopbackHTTP"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
