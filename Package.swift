// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "loader-tui",
  products: [
    .library(name: "ApexyHTTP", targets: ["ApexyHTTP"]),
    .library(name: "ApexyHTTPTesting", targets: ["ApexyHTTPTesting"]),
    .library(name: "ApexyLoader", targets: ["ApexyLoader"]),
    .executable(name: "loader-tui", targets: ["LoaderTUI"]),
  ],
  targets: [
    // ncursesw's pkg-config file adds -D_XOPEN_SOURCE=600, which SwiftPM refuses with a
    // warning; the module map links ncursesw and the shim defines what it needs instead.
    .systemLibrary(
      name: "CNcurses",
      providers: [.apt(["libncursesw5-dev"])]
    ),
    .target(name: "ApexyHTTP"),
    .target(name: "ApexyHTTPTesting", dependencies: ["ApexyHTTP"]),
    .target(name: "ApexyLoader", dependencies: ["ApexyHTTP"]),
    .target(name: "LoopbackHTTP", dependencies: ["ApexyHTTP"]),
    .executableTarget(
      name: "LoaderTUI",
      dependencies: ["ApexyHTTP", "ApexyLoader", "LoopbackHTTP", "CNcurses"]
    ),
    .testTarget(
      name: "ApexyHTTPTests", dependencies: ["ApexyHTTP", "ApexyHTTPTesting", "LoopbackHTTP"]),
    .testTarget(
      name: "ApexyLoaderTests",
      dependencies: ["ApexyLoader", "ApexyHTTP", "ApexyHTTPTesting", "LoopbackHTTP"]),
    .testTarget(
      name: "LoaderTUITests",
      dependencies: ["LoaderTUI", "ApexyHTTP", "ApexyLoader", "LoopbackHTTP"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
