import Glibc
import TradeChartCore
import TradeChartTerminal

/// Times the interactive viewer: building an in-between morph frame on large
/// series, drawing morph frames through ncurses at 200 x 60, and the bytes
/// ncurses writes to the terminal for one scrub step.
enum ViewerBenchmark {
    static func run(table: BenchTable) {
        table.section("viewer: frames of the whole viewer, through ncurses on an off-screen xterm-256color; median", columns: ["case", "points", "value"])
        for n in [1_000_000, 10_000_000] {
            let series = intraday(count: n)
            var state = ViewerState(series: series, range: .oneYear, options: ViewerOptions(), columns: 200, rows: 60)
            let still = RasterBenchmark.median(runs: 101) { _ = state.frame(at: 0) }
            _ = state.handle(.key(.character("6")), at: 0)
            let between = RasterBenchmark.median(runs: 101) { _ = state.frame(at: 0.6) }
            table.row(["still frame 200x60 (whole Frame)", RasterBenchmark.label(n), RasterBenchmark.formatMicros(still)])
            table.row(["in-between morph frame 200x60", RasterBenchmark.label(n), RasterBenchmark.formatMicros(between)])
            // Three moving averages over all the points (issue 15: under 1 ms), still and mid-zoom,
            // on a linear and a log axis.
            for log in [false, true] {
                var averaged = ViewerState(series: series, range: .max, options: ViewerOptions(), columns: 200, rows: 60,
                                           view: ViewSettings(switches: log ? [.log] : [], averages: [20, 50, 200]))
                let stillAverages = RasterBenchmark.median(runs: 101) { _ = averaged.frame(at: 0) }
                _ = averaged.handle(.key(.character("[")), at: 0)
                let zooming = RasterBenchmark.median(runs: 101) { _ = averaged.frame(at: 0.6) }
                let axis = log ? ", log axis" : ""
                table.row(["still frame, 3 averages\(axis)", RasterBenchmark.label(n), RasterBenchmark.formatMicros(stillAverages)])
                table.row(["zoom frame, 3 averages\(axis)", RasterBenchmark.label(n), RasterBenchmark.formatMicros(zooming)])
            }
            CandleBenchmark.rows(series: series, table: table)
        }
        // Three files of 1e6 rows compared (issue 16: under 1 ms a frame), still and mid-morph.
        let first = intraday(count: 1_000_000)
        var second = first, third = first
        second.name = "b"
        third.name = "c"
        second.prices = RasterBenchmark.randomWalk(count: first.count, seed: 5)
        third.prices = RasterBenchmark.randomWalk(count: first.count, seed: 9)
        var compared = ViewerState(series: first, range: .oneYear, options: ViewerOptions(), columns: 200, rows: 60,
                                   others: [second, third])
        let stillCompared = RasterBenchmark.median(runs: 101) { _ = compared.frame(at: 0) }
        _ = compared.handle(.key(.character("6")), at: 0)
        let morphCompared = RasterBenchmark.median(runs: 101) { _ = compared.frame(at: 0.6) }
        table.row(["still frame, 3 files compared", "3 x 1e6", RasterBenchmark.formatMicros(stillCompared)])
        table.row(["in-between morph frame, 3 files compared", "3 x 1e6", RasterBenchmark.formatMicros(morphCompared)])
        let daily = TestData.daily(count: 1269)
        for row in terminalRows(daily) { table.row([row.0, row.1, row.2]) }
    }

    /// Morph frames drawn through ncurses, and bytes per scrub step, on an off-screen terminal.
    static func terminalRows(_ series: PriceSeries) -> [(String, String, String)] {
        var out: [(String, String, String)] = []
        for (columns, lines) in [(200, 60), (120, 40)] {
            setenv("COLUMNS", String(columns), 1)
            setenv("LINES", String(lines), 1)
            guard let sink = tmpfile(), let input = fopen("/dev/null", "r"),
                  let screen = try? TerminalScreen(options: ScreenOptions(color: true, theme: .dark),
                                                   terminalType: "xterm-256color", output: sink, input: input,
                                                   handlesSignals: false)
            else { continue }
            var state = ViewerState(series: series, range: .oneMonth, options: ViewerOptions(), columns: columns, rows: lines)
            // As the loop draws: the frame, its diff from the one before, the changed cells.
            var previous: Frame?
            func draw(_ frame: Frame) {
                screen.draw(frame.diff(from: previous))
                previous = frame
            }
            draw(state.frame(at: 0))
            // A whole morph at 60 fps: time per frame (build + draw) and bytes per frame.
            _ = state.handle(.key(.character("6")), at: 0)
            var frameTimes: [Double] = []
            var frameBytes: [Int] = []
            let clock = ContinuousClock()
            for i in 1...72 {
                fflush(sink)
                let before = ftell(sink)
                let d = clock.measure { draw(state.frame(at: Double(i) / 60)) }
                fflush(sink)
                frameBytes.append(ftell(sink) - before)
                frameTimes.append(Double(d.components.attoseconds) / 1e12 + Double(d.components.seconds) * 1e6)
            }
            frameTimes.sort()
            frameBytes.sort()
            out.append(("morph frame build+draw \(columns)x\(lines) (median)", "DAX-size",
                        RasterBenchmark.formatMicros(frameTimes[frameTimes.count / 2])))
            out.append(("morph frame build+draw \(columns)x\(lines) (worst)", "DAX-size",
                        RasterBenchmark.formatMicros(frameTimes.last!)))
            out.append(("bytes per morph frame \(columns)x\(lines) (median)", "DAX-size", "\(frameBytes[frameBytes.count / 2]) B"))
            // Scrub steps on the still 5Y chart.
            var stepBytes: [Int] = []
            _ = state.handle(.key(.end), at: 10)
            draw(state.frame(at: 10))
            for _ in 0..<100 {
                _ = state.handle(.key(.left), at: 10)
                fflush(sink)
                let before = ftell(sink)
                draw(state.frame(at: 10))
                fflush(sink)
                stepBytes.append(ftell(sink) - before)
            }
            stepBytes.sort()
            out.append(("bytes per scrub step \(columns)x\(lines) (median)", "DAX-size", "\(stepBytes[stepBytes.count / 2]) B"))
            screen.close()
            fclose(sink)
        }
        return out
    }

    /// Minute bars 09:00-17:29 on weekdays, ending on a Friday, a seeded random walk.
    static func intraday(count: Int) -> PriceSeries {
        let prices = RasterBenchmark.randomWalk(count: count, seed: 42)
        var times = [Int64](repeating: 0, count: count)
        var day = CivilDate(year: 2026, month: 11, day: 20).dayNumber
        var i = count - 1
        while i >= 0 {
            if CivilDate(dayNumber: day).weekday < 5 {
                var minute = 509
                while minute >= 0 && i >= 0 {
                    times[i] = day * 86_400 + Int64(9 * 3600 + minute * 60)
                    minute -= 1
                    i -= 1
                }
            }
            day -= 1
        }
        return PriceSeries(name: "bench", times: times, prices: prices, hasTimeOfDay: true)
    }
}

/// Series of realistic shape for the terminal measurements.
enum TestData {
    static func daily(count: Int) -> PriceSeries {
        let prices = RasterBenchmark.randomWalk(count: count, seed: 7).map { 10_000 + ($0 - 100) * 400 }
        var times: [Int64] = []
        var day = CivilDate(year: 2014, month: 5, day: 13).dayNumber
        while times.count < count {
            if CivilDate(dayNumber: day).weekday < 5 { times.append(day * 86_400) }
            day += 1
        }
        return PriceSeries(name: "daily", times: times, prices: prices, hasTimeOfDay: false)
    }
}
