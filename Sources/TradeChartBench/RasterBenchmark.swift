import TradeChartCore

/// Times the chart's hot path: one full frame (clear, rasterize the line and the
/// baseline, turn the dots into cells) on a 200 x 60 Braille chart, and the
/// build of the min-max index, on seeded random walks generated here.
enum RasterBenchmark {
    static let columns = 200, rows = 60

    static func run(table: BenchTable) {
        table.section("raster: one chart frame at 200x60 Braille cells (clear, line, baseline, cells); median", columns: ["case", "points", "time"])
        for n in [1_000_000, 10_000_000] {
            let prices = randomWalk(count: n, seed: UInt64(n))
            var index = MinMaxIndex([])
            let build = median(runs: 5) { index = MinMaxIndex(prices) }
            table.row(["min-max index build", label(n), formatMicros(build)])
            let whole = AffineMap(mapping: 0, to: 0, and: Double(n - 1), to: Double(2 * columns))
            let lastDay = AffineMap(mapping: Double(n - 390), to: 0, and: Double(n - 1), to: Double(2 * columns))
            let morph = whole.interpolated(to: lastDay, 0.93)
            for (name, map) in [("frame, whole series", whole), ("frame, last 390 points", lastDay),
                                ("frame, mid-morph zoom", morph)] {
                table.row([name, label(n), formatMicros(frameTime(index, x: map))])
            }
        }
    }

    /// Median time of one whole frame, in microseconds.
    static func frameTime(_ index: MinMaxIndex, x: AffineMap) -> Double {
        var line = DotCanvas(columns: columns, rows: rows, charset: .braille)
        var baseline = line
        var frame = Frame(width: columns, height: rows)
        let (low, high) = index.minMax(0...(index.count - 1))
        let y = AffineMap(mapping: low, to: Double(line.heightDots) - 1, and: high, to: 1)
        var checksum: UInt32 = 0
        let time = median(runs: 301) {
            line.clear()
            baseline.clear()
            LineRasterizer.drawLine(index, points: 0...(index.count - 1), x: x, y: y, into: &line)
            LineRasterizer.drawDashedRow(atY: y(index.values[0]), into: &baseline)
            baseline.render(into: &frame, x: 0, y: 0, style: .muted)
            line.render(into: &frame, x: 0, y: 0, style: CellStyle(.rising))
            checksum &+= frame[columns / 2, rows / 2].character.value
        }
        if checksum == 1 { print("") }  // keeps the work observable
        return time
    }

    /// The median of `runs` timings of `body` in microseconds, after one warm-up run.
    static func median(runs: Int, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        body()
        var times: [Double] = []
        for _ in 0..<runs {
            let d = clock.measure(body)
            times.append(Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12)
        }
        times.sort()
        return times[runs / 2]
    }

    /// A seeded random walk (SplitMix64 steps) starting at 100.
    static func randomWalk(count: Int, seed: UInt64) -> [Double] {
        var state = seed
        var p = 100.0
        return (0..<count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            p += (Double(z >> 11) / Double(1 << 53) - 0.5) * 0.1
            return p
        }
    }

    static func label(_ n: Int) -> String { n >= 10_000_000 ? "1e7" : n >= 1_000_000 ? "1e6" : String(n) }

    static func formatMicros(_ us: Double) -> String {
        let tenths = Int((us * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) µs"
    }
}
