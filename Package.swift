// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "tradechart",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tradechart", targets: ["tradechart"]),
        .library(name: "TradeChartCore", targets: ["TradeChartCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Pure core: loading, ranges, scaling, easing, morph, rasterizer, layout,
        // scrubbing, accessibility. No terminal, no clock, no global state.
        .target(name: "TradeChartCore", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),

        // ncursesw as a Swift module (shim header exposes macros and globals).
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),

        // Thin terminal layer: draws frames, reads keys/mouse/resize, owns the clock.
        .target(name: "TradeChartTerminal", dependencies: ["TradeChartCore", "CNcursesw"]),

        // The command-line program.
        .executableTarget(
            name: "tradechart",
            dependencies: [
                "TradeChartCore",
                "TradeChartTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // `make bench`: times whole runs of the program and core operations, prints a table.
        .executableTarget(name: "TradeChartBench", dependencies: ["TradeChartCore", "TradeChartTerminal"]),

        // `make fuzz`: libFuzzer entry for the loader (built with -sanitize=fuzzer -DFUZZING);
        // a normal build gives a replay tool that runs the entry on files.
        .executableTarget(name: "TradeChartFuzz", dependencies: ["TradeChartCore"]),

        .testTarget(
            name: "TradeChartCoreTests",
            // TradeChartTerminal only for the audio player's tests next to the audiograph's.
            dependencies: ["TradeChartCore", "TradeChartTerminal"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "TradeChartTerminalTests", dependencies: ["TradeChartCore", "TradeChartTerminal"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TradeChartCore"]),
    ]
)
