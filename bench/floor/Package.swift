// swift-tools-version:6.1
import PackageDescription

// Floor programs for bench/memory.py: each draws the app's first screen with ncurses and waits
// for q, linking a different part of what the app links, so each part's cost at start shows.
let package = Package(
  name: "floor",
  // The project itself, for `floor-loader`'s ApexyLoader and ApexyHTTP (default traits: libcurl's
  // transport, as the app has).
  dependencies: [.package(name: "loader-tui", path: "../..")],
  targets: [
    .systemLibrary(name: "FloorCurl"),
    .systemLibrary(name: "FloorNcurses"),
    // The app's own module (a link to ../../Sources/CurlOnDemand): libcurl's functions,
    // opening libcurl at the first call, so the floor starts without libcurl as the app does.
    .target(name: "FloorCurlOnDemand"),
    // Foundation, FoundationNetworking (one URLRequest), libcurl initialized as CurlEngine does.
    .executableTarget(name: "floor-full", dependencies: ["FloorCurl", "FloorNcurses"]),
    // The floor bench/run.sh measures the app against: the same without libcurl's global init
    // (not called), and libcurl opened on demand (CurlOnDemand), as the app's start is.
    .executableTarget(
      name: "floor", dependencies: ["FloorCurl", "FloorNcurses", "FloorCurlOnDemand"]),
    // The floor before the app opened libcurl on demand: libcurl linked, not initialized.
    .executableTarget(name: "floor-linked-curl", dependencies: ["FloorCurl", "FloorNcurses"]),
    // Foundation and libcurl initialized, no FoundationNetworking.
    .executableTarget(name: "floor-no-networking", dependencies: ["FloorCurl", "FloorNcurses"]),
    // FoundationEssentials only, libcurl initialized.
    .executableTarget(name: "floor-essentials", dependencies: ["FloorCurl", "FloorNcurses"]),
    // Foundation and FoundationNetworking, libcurl not linked.
    .executableTarget(name: "floor-no-curl", dependencies: ["FloorNcurses"]),
    // `floor` plus what Apexy's API asks of a program that shows a loader: a client, one
    // `WebLoader` on the main actor, observed, the main run loop.
    .executableTarget(
      name: "floor-loader",
      dependencies: [
        "FloorNcurses", "FloorCurlOnDemand",
        .product(name: "ApexyLoader", package: "loader-tui"),
        .product(name: "ApexyHTTP", package: "loader-tui"),
      ]),
    // The standard library only, and ncurses.
    .executableTarget(name: "floor-stdlib", dependencies: ["FloorNcurses"]),
  ],
  swiftLanguageModes: [.v6]
)
