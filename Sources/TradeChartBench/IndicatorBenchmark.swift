#if canImport(Glibc)
import Glibc
#endif
import TradeChartCore

/// `make bench` section "indicators" (issue 25): every indicator computed over 1e7 rows on
/// one core as the chart does it (target < 0.3 s): the program's own path,
/// `refreshIndicators`, each indicator's lines worked out a chunk at a time and summarized by
/// blocks for their min-max indices, its state kept every 128 rows (no column is written:
/// the lines are worked out again where a frame reads them); each of the seven alone the
/// same way (where that time goes); and the seventh turned on in the chooser with six on
/// (only it is computed). Beside them what the indicator types cost computing their whole
/// arrays alone (as the TA-Lib reference tests use them; not what the chart pays), and the
/// cost of writing their twelve output columns to fresh memory; a still frame at 200x60 with the price, two overlays (bands,
/// EMA 9) and two panes (RSI, MACD) on 1e7 rows (target < 1 ms; the lines' column spans kept
/// by the state), and beside it the frame that works them out and a morph's frames (`frames`,
/// also alone as section "indicator-frames"); and the indicators' own work for one appended
/// row with all of them on (each takes the row, each plotted line extends its min-max index,
/// the column lent out while it grows, so that nothing is copied; target < 0.1 ms, on top of
/// the row itself). Times are the thread's CPU time (`cpuMedian`). A row whose median misses
/// its target says so. Measured 26 Nov 2026 on the shared machine: see the README's table.
enum IndicatorBenchmark {
    /// The median CPU time of `body` on this thread, in µs (after one run to warm up): the
    /// targets are for one core, and on the shared machine wall time also counts the waits
    /// for a core. The kernel's time for the thread (page faults) is counted.
    static func cpuMedian(runs: Int, _ body: () -> Void) -> Double {
        body()
        var times: [Double] = []
        for _ in 0..<runs {
            let start = AppendBenchmark.cpuNow()
            body()
            times.append((AppendBenchmark.cpuNow() - start) * 1e6)
        }
        times.sort()
        return times[runs / 2]
    }

    static func run(table: BenchTable) {
        table.section("indicators: EMA 20, BB 20 2, VWAP, RSI 14, MACD 12 26 9, Stoch 14 3 3, ATR 14 on minute bars; median CPU time of the thread",
                      columns: ["case", "rows", "median", "target", "verdict"])
        let n = 10_000_000
        let series = ViewerBenchmark.intraday(count: n)
        let close = series.prices
        let high = close.map { $0 + 0.05 }, low = close.map { $0 - 0.05 }
        let volume = (0..<n).map { Double(1000 + $0 % 7 * 100) }
        func row(_ name: String, _ micros: Double, target: Double) {
            table.row([name, RasterBenchmark.label(n), RasterBenchmark.formatMicros(micros),
                       "< " + RasterBenchmark.formatMicros(target), micros < target ? "ok" : "MISSES TARGET"])
        }
        var checksum = 0.0
        // What the program pays when the seven are turned on (or the series is replaced):
        // `refreshIndicators`, each computed over the whole series and its lines indexed.
        let bars = BarColumns(count: n, open: close, high: high, low: low, volume: volume)
        let names = BarColumnNames(open: "open", high: "high", low: "low", volume: "volume")
        let everything = ViewerState(series: series, range: .max, options: ViewerOptions(), columns: 200, rows: 60,
                                     view: ViewSettings(indicators: IndicatorChoice.defaults),
                                     candles: CandleState(names: names, bars: bars, closes: close))
        let shown = everything.drawnIndicatorTitles.count
        let program = cpuMedian(runs: 3) {
            var state = everything
            state.refreshIndicators()
            checksum += Double(state.drawnIndicatorTitles.count)
        }
        row("all seven as the chart computes them (refreshIndicators: values, summaries, indices), one core"
            + (shown == 7 ? "" : " (\(shown) only!)"),
            program, target: 300_000)
        // Each alone, as the chart computes it: where the time of the row above goes.
        for choice in IndicatorChoice.defaults {
            let alone = ViewerState(series: series, range: .max, options: ViewerOptions(), columns: 200, rows: 60,
                                    view: ViewSettings(indicators: [choice]),
                                    candles: CandleState(names: names, bars: bars, closes: close))
            let micros = cpuMedian(runs: 3) {
                var state = alone
                state.refreshIndicators()
                checksum += Double(state.drawnIndicatorTitles.count)
            }
            table.row(["  \(choice.title) alone, as the chart computes it", RasterBenchmark.label(n),
                       RasterBenchmark.formatMicros(micros), "", ""])
        }
        // What a trader waits for turning on the seventh in the chooser (`i`, then 7) with six on:
        // the key as the viewer handles it (ATR computed alone, the six kept, the layout and the
        // lines' column spans worked out for the new pane).
        var sixOn = ViewerState(series: series, range: .max, options: ViewerOptions(), columns: 200, rows: 60,
                                view: ViewSettings(indicators: Array(IndicatorChoice.defaults.prefix(6))),
                                candles: CandleState(names: names, bars: bars, closes: close))
        _ = sixOn.handle(.key(.character("i")), at: 0)
        var turnedOn = 0
        let seventh = cpuMedian(runs: 3) {
            var state = sixOn
            _ = state.handle(.key(.character("7")), at: 0)
            turnedOn = state.drawnIndicatorTitles.count
        }
        row("the seventh indicator turned on with six on (the key in the chooser), one core"
            + (turnedOn == 7 ? "" : " (\(turnedOn) drawn!)"), seventh, target: 300_000)
        // The seven indicator types' whole arrays alone (what they cost the reference tests, not
        // the chart), and what writing their twelve output columns to fresh memory costs with
        // no arithmetic at all (the floor of any whole-series pass that keeps every value).
        let all = cpuMedian(runs: 3) {
            checksum += ExponentialAverage(bars: 20, closes: close).values[n - 1]
            checksum += BollingerBands(bars: 20, deviations: 2, closes: close).upper[n - 1]
            checksum += (try? VolumeWeightedAverage(times: series.times, hasTimeOfDay: true, high: high, low: low, close: close,
                                                    volume: volume))?.values[n - 1] ?? 0
            checksum += RelativeStrength(bars: 14, closes: close).values[n - 1]
            checksum += MACD(fast: 12, slow: 26, signal: 9, closes: close).histogram[n - 1]
            checksum += Stochastic(bars: 14, kBars: 3, dBars: 3, high: high, low: low, close: close).d[n - 1]
            checksum += AverageTrueRange(bars: 14, high: high, low: low, close: close).values[n - 1]
        }
        table.row(["the seven indicator types' arrays alone (no summaries, no index), one core", RasterBenchmark.label(n),
                   RasterBenchmark.formatMicros(all), "", ""])
        let floor = cpuMedian(runs: 3) {
            for k in 0..<12 {
                let column = [Double](unsafeUninitializedCapacity: n) { buffer, count in
                    for i in 0..<n { buffer[i] = Double(i &+ k) }
                    count = n
                }
                checksum += column[n - 1]
            }
        }
        table.row(["writing 12 columns of \(RasterBenchmark.label(n)) Doubles to fresh memory, no arithmetic",
                   RasterBenchmark.label(n), RasterBenchmark.formatMicros(floor), "", ""])
        // The same through `DoubleColumn`, as the indicators make their columns: advised as
        // worth huge pages before the first row is written.
        let hugeFloor = cpuMedian(runs: 3) {
            for k in 0..<12 {
                let column = DoubleColumn.make(count: n) { out in
                    for i in 0..<n { out[i] = Double(i &+ k) }
                }
                checksum += column[n - 1]
            }
        }
        table.row(["the same, each column advised as worth huge pages first (DoubleColumn)",
                   RasterBenchmark.label(n), RasterBenchmark.formatMicros(hugeFloor), "", ""])

        frames(table: table, series: series, checksum: &checksum)

        // One row at a time after the whole series, every indicator on.
        var ema = ExponentialAverage(bars: 20, closes: close)
        var bands = BollingerBands(bars: 20, deviations: 2, closes: close)
        var vwap = try? VolumeWeightedAverage(times: series.times, hasTimeOfDay: true, high: high, low: low, close: close,
                                              volume: volume)
        var rsi = RelativeStrength(bars: 14, closes: close)
        var macd = MACD(fast: 12, slow: 26, signal: 9, closes: close)
        var stoch = Stochastic(bars: 14, kBars: 3, dBars: 3, high: high, low: low, close: close)
        var atr = AverageTrueRange(bars: 14, high: high, low: low, close: close)
        // Twelve plotted lines: EMA, three bands, VWAP, RSI, MACD's line, signal and histogram, %K and
        // %D, ATR; each index over its indicator's own column (no copy), which it lends out while the
        // indicator grows it (so that the column grows in place) and takes back grown.
        func columns() -> [[Double]] {
            [ema.values, bands.upper, bands.middle, bands.lower, vwap?.values ?? [], rsi.values, macd.line,
             macd.signalLine, macd.histogram, stoch.k, stoch.d, atr.values]
        }
        var plotted = columns().map { MinMaxIndex($0) }
        var time = series.times[n - 1], price = close[n - 1]
        var micros: [Double] = []
        for i in 0..<1001 {
            time += 60
            price += i % 2 == 0 ? 0.25 : -0.125
            let bar = HighLowClose(high: price + 0.05, low: price - 0.05, close: price)
            let start = AppendBenchmark.cpuNow()
            let lent = plotted.indices.map { plotted[$0].lendValues() }
            ema.append(close: price)
            bands.append(close: price)
            vwap?.append(time: time, bar, volume: 1000)
            rsi.append(close: price)
            macd.append(close: price)
            stoch.append(bar)
            atr.append(bar)
            for (k, column) in columns().enumerated() { plotted[k].adopt(column, lent: lent[k]) }
            micros.append((AppendBenchmark.cpuNow() - start) * 1e6)
        }
        micros.sort()
        row("one appended row, all seven (values + plotted indices)", micros[micros.count / 2], target: 100)
        if checksum == 1 { print("") }  // keeps the work observable
    }

    /// The frames of section "indicators" (also alone, section "indicator-frames"): the price with
    /// two overlays (bands, EMA 9) and two panes (RSI, MACD) at 200x60 on `series`, still (the
    /// lines' column spans kept by the state), with nothing kept (as the first frame after a
    /// change), and in the middle of a morph to 5Y (each frame at another time, so another x map:
    /// every line's spans worked out, as a morph's frames do).
    static func frames(table: BenchTable, series: PriceSeries, checksum: inout Double) {
        let n = series.count
        func row(_ name: String, _ micros: Double, target: Double) {
            table.row([name, RasterBenchmark.label(n), RasterBenchmark.formatMicros(micros),
                       "< " + RasterBenchmark.formatMicros(target), micros < target ? "ok" : "MISSES TARGET"])
        }
        let choices = (try? IndicatorChoice.list("bb,ema:9,rsi,macd")) ?? []
        for range in [ChartRange.max, .oneYear] {
            // The same frame without indicators, to read what they add.
            let plain = ViewerState(series: series, range: range, options: ViewerOptions(), columns: 200, rows: 60)
            let alone = cpuMedian(runs: 101) { checksum += Double(plain.frame(at: 0).width) }
            table.row(["still frame 200x60, the price alone, \(range.label)", RasterBenchmark.label(n),
                       RasterBenchmark.formatMicros(alone), "", ""])
            let state = ViewerState(series: series, range: range, options: ViewerOptions(), columns: 200, rows: 60,
                                    view: ViewSettings(indicators: choices))
            let frame = cpuMedian(runs: 101) { checksum += Double(state.frame(at: 0).width) }
            row("still frame 200x60, 2 overlays + RSI and MACD panes, \(range.label)", frame, target: 1000)
            // The same frame working out every line's column spans, as the first one after a change
            // would without those the state keeps (and as a morph's frames do).
            let afresh = state.forgettingKeptParts
            let first = cpuMedian(runs: 101) { checksum += Double(afresh.frame(at: 0).width) }
            table.row(["the same, nothing kept (the lines and labels worked out), \(range.label)", RasterBenchmark.label(n),
                       RasterBenchmark.formatMicros(first), "", ""])
            // A morph's frames from this range to 5Y: each at another moment of it.
            var morphing = state
            _ = morphing.handle(.key(.character("6")), at: 0)
            var moment = 0
            let between = cpuMedian(runs: 101) {
                moment += 1
                checksum += Double(morphing.frame(at: 0.05 + Double(moment % 97) * 0.004).width)
            }
            table.row(["the same mid-morph to 5Y (another moment each frame), \(range.label)", RasterBenchmark.label(n),
                       RasterBenchmark.formatMicros(between), "", ""])
        }

    }

    /// Section "indicator-pass": the row "all seven as the chart computes them" alone (for a profile of
    /// it; `TRADECHART_PASS=stoch` or another list of `--indicator` computes those instead, and
    /// `TRADECHART_PASS_ROWS=200000` over fewer rows, to count its instructions under callgrind).
    static func runPass(table: BenchTable) {
        let asked = getenv("TRADECHART_PASS").flatMap { try? IndicatorChoice.list(String(cString: $0)) }
        let choices = asked ?? IndicatorChoice.defaults
        table.section("indicator pass: all seven on 1e7 minute bars as the chart computes them; median CPU time of the thread",
                      columns: ["case", "rows", "median"])
        let n = getenv("TRADECHART_PASS_ROWS").flatMap { Int(String(cString: $0)) } ?? 10_000_000
        let series = ViewerBenchmark.intraday(count: n)
        let close = series.prices
        let bars = BarColumns(count: n, open: close, high: close.map { $0 + 0.05 }, low: close.map { $0 - 0.05 },
                              volume: (0..<n).map { Double(1000 + $0 % 7 * 100) })
        let names = BarColumnNames(open: "open", high: "high", low: "low", volume: "volume")
        let everything = ViewerState(series: series, range: .max, options: ViewerOptions(), columns: 200, rows: 60,
                                     view: ViewSettings(indicators: choices),
                                     candles: CandleState(names: names, bars: bars, closes: close))
        var checksum = 0.0
        let micros = cpuMedian(runs: 5) {
            var state = everything
            state.refreshIndicators()
            checksum += Double(state.drawnIndicatorTitles.count)
        }
        table.row([choices.map(\.title).joined(separator: ", ") + " as the chart computes them (refreshIndicators)", RasterBenchmark.label(n),
                   RasterBenchmark.formatMicros(micros)])
        if checksum == 1 { print("") }
    }

    /// Section "indicator-frames": the frames of section "indicators" alone (no indicator computed
    /// over the whole series but those drawn).
    static func runFrames(table: BenchTable) {
        table.section("indicator frames: BB 20 2, EMA 9, RSI 14, MACD 12 26 9 on 1e7 minute bars at 200x60; median CPU time of the thread",
                      columns: ["case", "rows", "median", "target", "verdict"])
        var checksum = 0.0
        frames(table: table, series: ViewerBenchmark.intraday(count: 10_000_000), checksum: &checksum)
        if checksum == 1 { print("") }
    }
}
