// swift-tools-version:6.0
import PackageDescription

// A package of a user's own, outside the libraries' targets: Swift 6 language mode, built with
// warnings as errors in CI. It compiles what the docs promise (observe, release on another task
// or thread, a store, a hold, pages, awaiting a result, the state recorder) and runs it, so a
// promise that breaks fails the build or the run.
//
// The libraries are this checkout, two folders up. A path dependency is known by its folder's
// name, whatever the checkout is called, so the products name it as it is.
let checkout = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init)
let library = checkout ?? "loader-tui"

let package = Package(
  name: "Consumer",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [.package(path: "../..")],
  targets: [
    .target(
      name: "Snippets",
      dependencies: [
        .product(name: "ApexyHTTP", package: library),
        .product(name: "ApexyLoader", package: library),
      ]),
    .executableTarget(
      name: "consumer",
      dependencies: ["Snippets", .product(name: "ApexyHTTPTesting", package: library)]),
    .testTarget(
      name: "SnippetTests",
      dependencies: [
        "Snippets",
        .product(name: "ApexyHTTPTesting", package: library),
        .product(name: "ApexyLoaderTesting", package: library),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
