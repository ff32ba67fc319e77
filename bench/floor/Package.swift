// swift-tools-version:6.1
import PackageDescription

// The floor program for bench/memory.py: it draws the app's first screen with ncurses and waits
// for q, linking what the app's network layer links, so the app's own cost at start shows.
let package = Package(
  name: "floor",
  targets: [
    .systemLibrary(name: "FloorCurl"),
    .systemLibrary(name: "FloorNcurses"),
    // The app's own module (a link to ../../Sources/CurlOnDemand): libcurl's functions,
    // opening libcurl at the first call, so the floor starts without libcurl as the app does.
    .target(name: "FloorCurlOnDemand"),
    // The floor bench/run.sh measures the app against: Foundation, FoundationNetworking (one
    // URLRequest), ncursesw, and libcurl opened on demand (not initialized), as the app's start
    // is.
    .executableTarget(
      name: "floor", dependencies: ["FloorCurl", "FloorNcurses", "FloorCurlOnDemand"]),
  ],
  swiftLanguageModes: [.v6]
)
