// swift-tools-version:6.1
import PackageDescription

// The package graph is the architecture: each module is one layer, named for its role.

/// libcurl's transport, for the targets that use it: on Linux, with the `Curl` trait.
let curl = Target.Dependency.target(
  name: "CurlTransport", condition: .when(platforms: [.linux], traits: ["Curl"]))

let package = Package(
  name: "loader-tui",
  // The libraries' floor: Observation (`ContentLoader` is `Observable`) needs iOS 17 and
  // macOS 14. Linux needs no entry. The app and its C modules are Linux-only.
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "ApexyHTTP", targets: ["ApexyHTTP"]),
    .library(name: "ApexyHTTPTesting", targets: ["ApexyHTTPTesting"]),
    .library(name: "ApexyLoader", targets: ["ApexyLoader"]),
    .library(name: "ApexyLoaderTesting", targets: ["ApexyLoaderTesting"]),
    .library(name: "CurlTransport", targets: ["CurlTransport"]),
    .library(name: "GitHubAPI", targets: ["GitHubAPI"]),
    .executable(name: "loader-tui", targets: ["LoaderTUI"]),
  ],
  // `Curl` (on by default): on Linux, `ApexyHTTP` sends with libcurl (`CurlTransport`), whose
  // waits sleep. Off (`traits: []` in a dependent's `.package`, `--disable-default-traits`
  // here), and always on Apple platforms, it uses Foundation's `URLSession` and never imports
  // libcurl.
  traits: [
    .trait(
      name: "Curl",
      description: "On Linux, send HTTP and HTTPS with libcurl instead of Foundation's transport."),
    .default(enabledTraits: ["Curl"]),
  ],
  targets: [
    // ncursesw, the wide-character curses: the module map links it and the shim defines what
    // it needs (its pkg-config file's -D_XOPEN_SOURCE=600 is refused by SwiftPM).
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
    // What the package's URLProtocols share: reports made on the task's queue, none after a stop.
    .target(name: "URLProtocolSupport", dependencies: ["Locking"]),
    // HTTP and HTTPS over libcurl as a URLProtocol: a waiting request sleeps in the kernel.
    .target(name: "CurlTransport", dependencies: ["CCurl", "Locking", "URLProtocolSupport"]),
    // Apexy's network layer; libcurl only on Linux with the `Curl` trait.
    .target(name: "ApexyHTTP", dependencies: ["Locking", "URLProtocolSupport", curl]),
    // Test doubles for code that uses ApexyLoader: a recorder that checks a loader's states in
    // one line (reporting to XCTest or Swift Testing), a scheduler whose clock tests advance.
    .target(name: "ApexyLoaderTesting", dependencies: ["ApexyLoader"]),
    // Test doubles for code that uses ApexyHTTP: a stub transport answering from handlers.
    .target(
      name: "ApexyHTTPTesting", dependencies: ["ApexyHTTP", "Locking", "URLProtocolSupport"]),
    // Apexy's loaders: LoadingState, ContentLoader, WebLoader; policies and a persisted cache.
    .target(name: "ApexyLoader", dependencies: ["ApexyHTTP", "Locking", "URLProtocolSupport"]),
    // A small HTTP/1.1 server on loopback, for the built-in demo API and the tests.
    .target(name: "LoopbackHTTP", dependencies: ["Locking"]),
    // GitHub's API: models, endpoints, the shared loaders, errors, pagination, the sanitizer.
    .target(name: "GitHubAPI", dependencies: ["ApexyHTTP", "ApexyLoader", "Locking"]),
    // The one JSON writer: the built-in server's bodies and the app's JSON Lines.
    .target(name: "JSONOutput"),
    // The built-in server's options as plain values: routes, failure modes, defaults.
    .target(name: "DemoOptions"),
    // The built-in GitHub-shaped server and its fixtures.
    .target(
      name: "DemoAPI", dependencies: ["DemoOptions", "JSONOutput", "LoopbackHTTP", "Locking"]),
    // The C library's character width (wcwidth), which Swift does not import.
    .target(name: "CWidth"),
    // glibc's malloc settings and trim (mallopt, malloc_trim), which Swift does not import.
    .target(name: "CMalloc"),
    // libcurl's functions, defined in the app: libcurl is opened at the first call to one, so a
    // start loads none of libcurl's thirty libraries before the first request.
    .target(name: "CurlOnDemand"),
    // The terminal's settings saved at start and put back on a crash: signal-handler state,
    // kept in C where only async-signal-safe calls touch it.
    .target(name: "CTerminalRestore"),
    // The app's pure model: state, events, actions, update, layout. No I/O.
    .target(
      name: "AppModel",
      dependencies: ["ApexyHTTP", "ApexyLoader", "GitHubAPI", "CWidth", "URLProtocolSupport"]),
    // Text formats: terminal input decoding, transcript lines (text, JSON Lines, trace), JSON.
    .target(
      name: "AppFormats", dependencies: ["AppModel", "ApexyLoader", "GitHubAPI", "JSONOutput"]),
    // Rendering a state into a grid of cells, and the grid's diff.
    .target(
      name: "AppRendering",
      dependencies: ["AppModel", "AppFormats", "ApexyLoader", "GitHubAPI", "JSONOutput"]),
    // The runtime: the one event loop and its backends (terminal, transcript).
    .target(
      name: "AppRuntime",
      dependencies: [
        "AppModel", "AppFormats", "AppRendering", "ApexyHTTP", "ApexyLoader", "GitHubAPI",
        "JSONOutput", "Locking",
      ]),
    // The command line: flags, their parser and checks, help.
    .target(name: "AppCommandLine", dependencies: ["AppModel", "GitHubAPI", "DemoOptions"]),
    // The executable: the ncurses screen, standard output, the command line and main.
    .executableTarget(
      name: "LoaderTUI",
      dependencies: [
        "ApexyHTTP", "ApexyLoader", "GitHubAPI", "DemoAPI", "AppModel", "AppFormats",
        "AppRendering", "AppRuntime", "AppCommandLine", "CurlTransport", "CNcurses", "CMalloc",
        "CTerminalRestore", "CurlOnDemand",
      ]
    ),
    // An Apexy-style service layer (endpoints, models, loaders) used from a command line
    // program against the API it serves on loopback: `swift run ApexyExample`.
    .executableTarget(
      name: "ApexyExample", dependencies: ["ApexyHTTP", "ApexyLoader", "LoopbackHTTP", "Locking"]),
    // A child process for the cache store's crash tests (kill -9 mid-write), not shipped.
    .executableTarget(name: "CacheStoreStress", dependencies: ["ApexyLoader"]),
    // In-process micro benchmarks that bench/run.sh drives.
    .executableTarget(
      name: "LoaderBench",
      dependencies: ["ApexyHTTP", "ApexyLoader", "GitHubAPI", "AppModel", "AppRendering"]),
    // The frame address, read in C (under ASan a Swift local lives on a fake stack).
    .target(name: "CStackProbe", path: "Tests/CStackProbe"),
    // How deep a call runs, for the tests that a stored closure does not grow as it is read.
    .target(
      name: "StackProbe", dependencies: ["CStackProbe", "Locking"], path: "Tests/StackProbe"),
    // The loopback tests' base: HTTP servers on 127.0.0.1, stopped after each test.
    .target(
      name: "LoopbackTesting", dependencies: ["LoopbackHTTP"], path: "Tests/LoopbackTesting"),
    // Tests of libcurl itself, and of the libraries: with the `Curl` trait off, those about
    // libcurl skip themselves and the rest run on Foundation's transport.
    .testTarget(
      name: "CurlTransportTests",
      dependencies: [
        "CurlTransport", "ApexyHTTP", "LoopbackHTTP", "LoopbackTesting", "StackProbe",
        "AppTestSupport",
      ]),
    .testTarget(
      name: "ApexyHTTPTests",
      dependencies: [
        "ApexyHTTP", "ApexyHTTPTesting", "CurlTransport", "LoopbackHTTP", "LoopbackTesting",
        "Locking",
      ]),
    .testTarget(
      name: "ApexyLoaderTests",
      dependencies: [
        "ApexyLoader", "ApexyLoaderTesting", "ApexyHTTP", "ApexyHTTPTesting", "LoopbackHTTP",
        "Locking", "StackProbe",
      ]),
    .testTarget(
      name: "LoaderCacheTests",
      dependencies: [
        "ApexyLoader", "ApexyLoaderTesting", "ApexyHTTP", "ApexyHTTPTesting", "CacheStoreStress",
      ]),
    .testTarget(
      name: "GitHubAPITests",
      dependencies: [
        "GitHubAPI", "DemoAPI", "DemoOptions", "ApexyHTTP", "ApexyLoader", "ApexyLoaderTesting",
        "LoopbackHTTP",
        "JSONOutput", "AppTestSupport",
      ]),
    .testTarget(
      name: "DemoAPITests",
      dependencies: [
        "DemoAPI", "DemoOptions", "GitHubAPI", "LoopbackHTTP", "ApexyHTTP", "ApexyLoader",
        "JSONOutput",
      ]),
    // What the app's tests share: fixtures, a client completing on demand, a screen in memory.
    .target(
      name: "AppTestSupport",
      dependencies: [
        "AppModel", "AppFormats", "AppRendering", "AppRuntime", "ApexyHTTP", "ApexyLoader",
        "GitHubAPI",
      ],
      path: "Tests/AppTestSupport"),
    .testTarget(
      name: "AppModelTests",
      dependencies: [
        "AppModel", "AppTestSupport", "GitHubAPI", "ApexyLoader", "ApexyHTTP",
        "URLProtocolSupport",
      ]),
    .testTarget(
      name: "AppRenderingTests",
      dependencies: [
        "AppRendering", "AppModel", "AppFormats", "AppTestSupport", "GitHubAPI", "ApexyLoader",
        "ApexyHTTP", "DemoAPI", "JSONOutput",
      ]),
    .testTarget(
      name: "AppFormatsTests",
      dependencies: [
        "AppFormats", "AppModel", "AppTestSupport", "GitHubAPI", "ApexyLoader", "JSONOutput",
      ]),
    .testTarget(
      name: "AppRuntimeTests",
      dependencies: [
        "AppRuntime", "AppModel", "AppFormats", "AppRendering", "AppTestSupport", "GitHubAPI",
        "ApexyLoader", "ApexyLoaderTesting", "ApexyHTTP", "StackProbe",
      ]),
    .testTarget(
      name: "AppCommandLineTests",
      dependencies: ["AppCommandLine", "AppModel", "DemoOptions", "GitHubAPI"]),
    .testTarget(
      name: "LoaderTUITests",
      dependencies: [
        "LoaderTUI", "GitHubAPI", "DemoAPI", "DemoOptions", "AppModel", "AppFormats",
        "AppRendering",
        "AppRuntime", "AppCommandLine", "ApexyHTTP", "ApexyLoader", "Locking", "LoopbackHTTP",
      ],
      // The texts tests compare whole, read from the source tree (GoldenText).
      exclude: ["Golden"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
