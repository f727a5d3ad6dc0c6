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
        // `-fno-math-errno`: the C library's square root that Swift's `squareRoot()` is inlined
        // from becomes the processor's instruction alone, without a call to libm's `sqrt` (to set
        // `errno`, which no Swift code reads) behind a test for a negative (issue 25's bands).
        // `-ffp-contract=off`: CKernels' C, compiled into it, fuses no multiplication and addition
        // (as Swift fuses none), so a value is the same whichever language works it out.
        .target(name: "TradeChartCore", dependencies: ["CKernels"],
                swiftSettings: [.unsafeFlags(["-Xcc", "-fno-math-errno", "-Xcc", "-ffp-contract=off"])],
                linkerSettings: [.linkedLibrary("m")]),

        // The core's hottest arithmetic where Swift compiles it worse than C (the min-max
        // index's block extremes; the stochastic's bars, windows, fast %K and NaN test; the
        // bands' running sums and widths; VWAP's pass; ATR's true ranges; RSI's steps: loops
        // Swift turns into shuffles or branches, or whose state it keeps in memory), inline
        // functions of a header. Pure: no state, no system call.
        .target(name: "CKernels"),

        // The operating system around the viewer: loading files (the core's byte sources
        // and parallel map over pread and Dispatch), following files and pipes, the state
        // file, the audio player, the monotonic clock, standard error. No ncurses.
        // The C libraries Debian ships as archives are linked in from them (`-l:libX.a`): a
        // start then maps and relocates fewer shared libraries (issue 24). ISA-L has none.
        .target(name: "TradeChartSystem", dependencies: ["TradeChartCore", "CCompression", "CFileSystem"],
                linkerSettings: ["libzstd.a", "liblzma.a", "libbz2.a", "libz.a"].map { .linkedLibrary(":" + $0) }
                    + [.linkedLibrary("isal")]),

        // zlib, ISA-L (igzip: gzip files, CRC-32), libzstd, liblzma and libbz2 as a Swift module:
        // compressed price files are read through them (Debian: zlib1g-dev, libisal-dev,
        // libzstd-dev, liblzma-dev, libbz2-dev). Linked by TradeChartSystem.
        .systemLibrary(name: "CCompression"),

        // ncursesw as a Swift module (the shim header exposes macros and globals). No
        // pkg-config: its -D_XOPEN_SOURCE flags are refused by SwiftPM, and the shim
        // defines what the wide-character API needs. Linked by TradeChartTerminal.
        .systemLibrary(name: "CNcursesw"),

        // The kind of file system a followed file lies on (`statfs`, which Glibc's module lacks):
        // on one that other machines write to, inotify is not trusted alone.
        .target(name: "CFileSystem"),

        // Signal handlers in C, where async-signal-safe code is written plainly.
        .target(name: "CTerminalSignals"),

        // Thin terminal layer: draws frames with ncursesw, reads keys, mouse, resizes and signals.
        // ncursesw and tinfo from their archives (libncurses-dev), as TradeChartSystem's libraries.
        .target(name: "TradeChartTerminal", dependencies: ["TradeChartCore", "CNcursesw", "CTerminalSignals"],
                linkerSettings: [.linkedLibrary(":libncursesw.a"), .linkedLibrary(":libtinfo.a")]),

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
            ],
            // The C++ library and the unwinder the Swift runtime needs are linked in too (the
            // folder Linking/ is searched first: its libstdc++.so names the archive), so a
            // release build loads no shared library but ISA-L's, libm and libc (issue 24).
            linkerSettings: [.unsafeFlags(["-L", Context.packageDirectory + "/Linking",
                                           "-Xclang-linker", "-static-libgcc"])]
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
