// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for the code that reads untrusted server text. A package of its own, so the
// main package's `swift test` never links a fuzzer. It depends on the GitHubAPI and ApexyLoader
// libraries, and one binary serves three targets, chosen with FUZZ_TARGET (sanitizer, link,
// json).
let package = Package(
  name: "loader-tui-fuzz",
  dependencies: [.package(name: "loader-tui", path: "..")],
  targets: [
    .executableTarget(
      name: "LoaderFuzz",
      dependencies: [
        .product(name: "GitHubAPI", package: "loader-tui"),
        .product(name: "ApexyLoader", package: "loader-tui"),
      ],
      swiftSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-parse-as-library"])],
      linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]
    )
  ],
  swiftLanguageModes: [.v6]
)
