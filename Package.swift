// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "loader-tui",
  products: [
    .library(name: "ApexyHTTP", targets: ["ApexyHTTP"]),
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
    // Test doubles for code that uses ApexyLoader: a scheduler whose clock tests advance.
    .target(name: "ApexyLoaderTesting", dependencies: ["ApexyLoader"]),
    .target(name: "ApexyLoader", dependencies: ["ApexyHTTP"]),
    .target(name: "LoopbackHTTP", dependencies: ["ApexyHTTP"]),
    .executableTarget(
      name: "LoaderTUI",
      dependencies: ["ApexyHTTP", "ApexyLoader", "LoopbackHTTP", "CNcurses"]
    ),
    .testTarget(name: "ApexyHTTPTests", dependencies: ["ApexyHTTP", "LoopbackHTTP"]),
    .testTarget(
      name: "ApexyLoaderTests",
      dependencies: ["ApexyLoader", "ApexyLoaderTesting", "ApexyHTTP", "LoopbackHTTP"]),
    .testTarget(
      name: "LoaderTUITests",
      dependencies: ["LoaderTUI", "ApexyHTTP", "ApexyLoader", "LoopbackHTTP"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
