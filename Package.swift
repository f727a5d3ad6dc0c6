// swift-tools-version:6.0
// tradechart builds on Linux only (it is developed and tested on Debian): the system
// layer calls Glibc directly and the terminal layer links ncursesw and tinfo.
import PackageDescription

let package = Package(
    name: "tradechart",
    products: [
        .executable(name: "tradechart", targets: ["tradechart"]),
        .library(name: "TradeChartCore", targets: ["TradeChartCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Pure core: loading, ranges, scaling, easing, morph, rasterizer, layout,
        // scrubbing, accessibility, the viewer's update and view. No terminal, no
        // clock, no files, no threads, no environment, no global state.
        .target(name: "TradeChartCore", linkerSettings: [.linkedLibrary("m")]),

        // The operating system around the viewer: loading files (the core's byte sources
        // and parallel map over pread and Dispatch), following files and pipes, the state
        // file, the audio player, the monotonic clock, standard error. No ncurses.
        .target(name: "TradeChartSystem", dependencies: ["TradeChartCore", "CCompression"]),

        // zlib, ISA-L (igzip: gzip files, CRC-32), libzstd, liblzma and libbz2 as a Swift module:
        // compressed price files are read through them (Debian: zlib1g-dev, libisal-dev,
        // libzstd-dev, liblzma-dev, libbz2-dev).
        .systemLibrary(name: "CCompression"),

        // ncursesw as a Swift module (the shim header exposes macros and globals). No
        // pkg-config: its -D_XOPEN_SOURCE flags are refused by SwiftPM, and the shim
        // defines what the wide-character API needs.
        .systemLibrary(name: "CNcursesw"),

        // Signal handlers in C, where async-signal-safe code is written plainly.
        .target(name: "CTerminalSignals"),

        // Thin terminal layer: draws frames with ncursesw, reads keys, mouse, resizes and signals.
        .target(name: "TradeChartTerminal", dependencies: ["TradeChartCore", "CNcursesw", "CTerminalSignals"]),

        // The run loop: hands events and the clock's time to the core's update, draws its
        // frames through a display, carries out its commands with the system layer.
        .target(name: "TradeChartApp", dependencies: ["TradeChartCore", "TradeChartSystem", "TradeChartTerminal"]),

        // The command-line program: arguments and wiring (the launch policy is TradeChartApp's `Launch`).
        .executableTarget(
            name: "tradechart",
            dependencies: [
                "TradeChartApp",
                "TradeChartCore",
                "TradeChartSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // `make bench`: times whole runs of the program and core operations, prints a table.
        .executableTarget(name: "TradeChartBench", dependencies: ["TradeChartCore", "TradeChartSystem", "TradeChartTerminal"]),

        // `make bench`: the reference it compares with, a minimal single-threaded C reader
        // (mmap, the close column only, min and max per dot column, a Braille envelope).
        .executableTarget(name: "CReferenceReader", cSettings: [.unsafeFlags(["-O2"])]),

        // `make fuzz`: libFuzzer entry for the loader (built with -sanitize=fuzzer -DFUZZING);
        // a normal build gives a replay tool that runs the entry on files.
        .executableTarget(name: "TradeChartFuzz", dependencies: ["TradeChartCore", "TradeChartSystem"]),

        // Helpers shared by the test targets (WAV analysis, small series).
        .target(name: "TradeChartTestSupport", dependencies: ["TradeChartCore"], path: "Tests/TestSupport"),

        .testTarget(
            name: "TradeChartCoreTests",
            dependencies: ["TradeChartCore", "TradeChartTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        // The compressed fixtures are read by path.
        .testTarget(name: "TradeChartSystemTests",
                    dependencies: ["TradeChartCore", "TradeChartSystem", "TradeChartTestSupport"],
                    exclude: ["Compression/Fixtures"]),
        .testTarget(name: "TradeChartTerminalTests", dependencies: ["TradeChartCore", "TradeChartTerminal"]),
        .testTarget(name: "TradeChartAppTests", dependencies: ["TradeChartApp", "TradeChartCore", "TradeChartSystem",
                                                             "TradeChartTerminal", "TradeChartTestSupport"]),
        // The golden --help text is read by path.
        .testTarget(name: "EndToEndTests", dependencies: ["TradeChartTestSupport"], exclude: ["Golden"]),
    ]
)
