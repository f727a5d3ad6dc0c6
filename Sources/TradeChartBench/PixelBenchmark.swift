import TradeChartCore
import TradeChartSystem

/// `make bench` section "pixels" (issue 27): one pixel frame of the plot area at 1600 x 800
/// pixels (160 x 40 cells of 10 x 20 pixels) on 1e7 rows, mid-morph, painted and encoded
/// as sixel (target: under 5 ms together) and as the viewer's kitty PNG, and the bytes a frame takes.
enum PixelBenchmark {
    static let cell = PixelCellSize(width: 10, height: 20)

    static func run(table: BenchTable) {
        table.section("pixels: the plot area as an image at 1600x800 px (10x20 px cells), 1e7 rows, mid-morph; median",
                      columns: ["case", "runs", "median", "worst", "target", "verdict"])
        let series = ViewerBenchmark.intraday(count: 10_000_000)
        // The terminal whose chart area is 160 x 40 cells: 1600 x 800 pixels.
        let probe = ViewerState(series: series, range: .oneYear, columns: 200, rows: 44)
        var state = ViewerState(series: series, range: .oneYear, columns: 160 + probe.layout.labelWidth + 1, rows: 44)
        _ = state.handle(.key(.character("6")), at: 0)
        guard let plot = state.plotImage(at: 0.6, cell: cell) else { return }
        let encoder = SixelEncoder()
        var paint: [Double] = [], encode: [Double] = [], both: [Double] = [], kittyBoth: [Double] = []
        var bytes = 0, pngBytes = 0
        let clock = ContinuousClock()
        for _ in 0..<31 {
            var image: PixelPlot?
            let painted = clock.measure { image = state.plotImage(at: 0.6, cell: cell) }
            var sixel: [UInt8] = []
            let encoded = clock.measure { sixel = encoder.encode(image!.canvas, palette: image!.palette) }
            bytes = sixel.count
            paint.append(seconds(painted))
            encode.append(seconds(encoded))
            both.append(seconds(painted) + seconds(encoded))
            // The viewer's kitty image: the plot as a PNG, deflated fast (SystemLaunchTerminal.images).
            var png: [UInt8] = []
            let compressed = clock.measure { png = (try? PNGEncoder.encode(image!.canvas, palette: image!.palette, level: 1)) ?? [] }
            pngBytes = png.count
            kittyBoth.append(seconds(painted) + seconds(compressed))
        }
        let size = "\(plot.canvas.width)x\(plot.canvas.height)"
        TerminalBenchmark.row("paint \(size), 1e7 rows", paint, target: 0.005, unit: "ms", scale: 1000, digits: 2,
                              judgedBy: .median, table: table)
        TerminalBenchmark.row("sixel encode \(size)", encode, target: 0.005, unit: "ms", scale: 1000, digits: 2,
                              judgedBy: .median, table: table)
        TerminalBenchmark.row("paint + sixel encode \(size)", both, target: 0.005, unit: "ms", scale: 1000, digits: 2,
                              judgedBy: .median, table: table)
        // Kitty is not what the 5 ms is set for (the issue names the sixel frame): shown without a verdict.
        // Its deflate is most of it, well inside a frame of 30 a second.
        let kittySorted = kittyBoth.sorted()
        table.row(["paint + kitty PNG \(size) (the viewer's kitty image)", "\(kittyBoth.count)",
                   LoadBenchmark.fixed(kittySorted[kittySorted.count / 2] * 1000, 2) + " ms",
                   LoadBenchmark.fixed(kittySorted[kittySorted.count - 1] * 1000, 2) + " ms", "", "(no target)"])
        let kitty = KittyEncoder.transmitAndPlace(.rgb(plot.canvas.rgb(plot.palette), width: plot.canvas.width,
                                                       height: plot.canvas.height), id: 1, columns: plot.columns, rows: plot.rows)
        table.row(["sixel bytes a frame", "1", LoadBenchmark.fixed(Double(bytes) / 1024, 1) + " KiB", "", "", ""])
        table.row(["kitty PNG bytes a frame (base64 adds a third)", "1", LoadBenchmark.fixed(Double(pngBytes) / 1024, 1) + " KiB",
                   "", "", ""])
        table.row(["kitty RGB bytes a frame (--print)", "1", LoadBenchmark.fixed(Double(kitty.count) / 1024, 1) + " KiB", "", "", ""])
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}
