// swift-tools-version:6.0
import PackageDescription

// The package graph is the architecture: each module is one layer, named for its role.
let package = Package(
  name: "loader-tui",
  products: [
    .library(name: "ApexyHTTP", targets: ["ApexyHTTP"]),
    .library(name: "ApexyHTTPTesting", targets: ["ApexyHTTPTesting"]),
    .library(name: "ApexyLoader", targets: ["ApexyLoader"]),
    .library(name: "CurlTransport", targets: ["CurlTransport"]),
    .library(name: "GitHubAPI", targets: ["GitHubAPI"]),
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
    // A value behind a lock: checked by the compiler, seen by ThreadSanitizer.
    .target(name: "Locking"),
    // HTTP and HTTPS over libcurl as a URLProtocol: a waiting request sleeps in the kernel.
    .target(name: "CurlTransport", dependencies: ["CCurl", "Locking"]),
    // Apexy's network layer and ApexyLoader's loaders.
    .target(name: "ApexyHTTP", dependencies: ["CurlTransport", "Locking"]),
    // Test doubles for code that uses ApexyLoader: a scheduler whose clock tests advance.
    .target(name: "ApexyLoaderTesting", dependencies: ["ApexyLoader"]),
    // Test doubles for code that uses ApexyHTTP: a stub transport answering from handlers.
    .target(name: "ApexyHTTPTesting", dependencies: ["ApexyHTTP", "CurlTransport", "Locking"]),
    .target(name: "ApexyLoader", dependencies: ["ApexyHTTP", "Locking"]),
    // A small HTTP/1.1 server on loopback, for the built-in demo API and the tests.
    .target(name: "LoopbackHTTP", dependencies: ["Locking"]),
    // GitHub's API: models, endpoints, the shared loaders, errors, pagination, the sanitizer.
    .target(name: "GitHubAPI", dependencies: ["ApexyHTTP", "ApexyLoader", "Locking"]),
    // The built-in GitHub-shaped server and its fixtures.
    .target(name: "DemoAPI", dependencies: ["LoopbackHTTP", "Locking"]),
    // The C library's character width (wcwidth), which Swift does not import.
    .target(name: "CWidth"),
    .target(name: "CMalloc"),
    // The terminal's settings saved at start and put back on a crash: signal-handler state,
    // kept in C where only async-signal-safe calls touch it.
    .target(name: "CTerminalRestore"),
    // The app's pure model: state, events, actions, update, layout. No I/O.
    .target(name: "AppModel", dependencies: ["ApexyLoader", "GitHubAPI", "CWidth"]),
    // Text formats: terminal input decoding, transcript lines (text, JSON Lines, trace), JSON.
    .target(name: "AppFormats", dependencies: ["AppModel"]),
    // Rendering a state into a grid of cells, and the grid's diff.
    .target(name: "AppRendering", dependencies: ["AppModel", "AppFormats"]),
    // The runtime: the one event loop, its backends (terminal, transcript), the app's loaders.
    .target(
      name: "AppRuntime",
      dependencies: [
        "AppModel", "AppFormats", "AppRendering", "ApexyHTTP", "ApexyLoader", "GitHubAPI",
        "Locking",
      ]),
    // The command line: flags, their parser and checks, help.
    .target(name: "AppCommandLine", dependencies: ["AppModel", "GitHubAPI", "DemoAPI"]),
    // The executable: the ncurses screen, standard output, the command line and main.
    .executableTarget(
      name: "LoaderTUI",
      dependencies: [
        "ApexyHTTP", "ApexyLoader", "GitHubAPI", "DemoAPI", "AppModel", "AppFormats",
        "AppRendering", "AppRuntime", "AppCommandLine", "CCurl", "CNcurses", "CMalloc",
        "CTerminalRestore",
      ]
    ),
    // A child process for the cache store's crash tests (kill -9 mid-write), not shipped.
    .executableTarget(name: "CacheStoreStress", dependencies: ["ApexyLoader"]),
    // In-process micro benchmarks that bench/run.sh drives.
    .executableTarget(
      name: "LoaderBench",
      dependencies: ["ApexyHTTP", "ApexyLoader", "GitHubAPI", "AppModel", "AppRendering"]),
    .testTarget(
      name: "CurlTransportTests", dependencies: ["CurlTransport", "ApexyHTTP", "LoopbackHTTP"]),
    .testTarget(
      name: "ApexyHTTPTests",
      dependencies: ["ApexyHTTP", "ApexyHTTPTesting", "CurlTransport", "LoopbackHTTP", "Locking"]),
    .testTarget(
      name: "ApexyLoaderTests",
      dependencies: [
        "ApexyLoader", "ApexyLoaderTesting", "ApexyHTTP", "ApexyHTTPTesting", "LoopbackHTTP",
        "Locking",
      ]),
    .testTarget(
      name: "LoaderCacheTests",
      dependencies: [
        "ApexyLoader", "ApexyLoaderTesting", "ApexyHTTP", "ApexyHTTPTesting", "CacheStoreStress",
      ]),
    .testTarget(
      name: "GitHubAPITests",
      dependencies: [
        "GitHubAPI", "DemoAPI", "ApexyHTTP", "ApexyLoader", "ApexyLoaderTesting", "LoopbackHTTP",
      ]),
    .testTarget(
      name: "DemoAPITests", dependencies: ["DemoAPI", "GitHubAPI", "LoopbackHTTP", "ApexyHTTP"]),
    // What the app's tests share: fixtures, a client completing on demand, a screen in memory.
    .target(
      name: "AppTestSupport",
      dependencies: [
        "AppModel", "AppFormats", "AppRendering", "AppRuntime", "ApexyHTTP", "GitHubAPI",
      ],
      path: "Tests/AppTestSupport"),
    .testTarget(
      name: "AppModelTests",
      dependencies: ["AppModel", "AppTestSupport", "GitHubAPI", "ApexyLoader"]),
    .testTarget(
      name: "AppRenderingTests",
      dependencies: ["AppRendering", "AppModel", "AppTestSupport", "GitHubAPI", "ApexyLoader"]),
    .testTarget(
      name: "AppFormatsTests",
      dependencies: ["AppFormats", "AppModel", "AppTestSupport", "GitHubAPI", "ApexyLoader"]),
    .testTarget(
      name: "AppRuntimeTests",
      dependencies: [
        "AppRuntime", "AppModel", "AppFormats", "AppRendering", "AppTestSupport", "GitHubAPI",
        "ApexyLoader", "ApexyHTTP",
      ]),
    .testTarget(
      name: "AppCommandLineTests", dependencies: ["AppCommandLine", "AppModel", "DemoAPI"]),
    .testTarget(
      name: "LoaderTUITests",
      dependencies: [
        "LoaderTUI", "GitHubAPI", "DemoAPI", "AppModel", "AppFormats", "AppRendering",
        "AppRuntime", "AppCommandLine", "ApexyLoader",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
