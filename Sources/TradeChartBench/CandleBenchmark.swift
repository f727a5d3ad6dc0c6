import TradeChartCore

/// `make bench` rows for candles (issue 13: a candle frame at 1e7 rows under 1 ms):
/// the candles' index build, and whole viewer frames of candles with the volume pane,
/// still on a year and on all the data, and in the middle of a morph (candles regrouped
/// as they narrow).
enum CandleBenchmark {
    static func rows(series: PriceSeries, table: BenchTable) {
        let label = RasterBenchmark.label(series.count)
        let bars = self.bars(for: series.prices)
        let build = RasterBenchmark.median(runs: 5) { _ = CandleSeries(bars: bars, closes: series.prices) }
        table.row(["candle index build (4 columns)", label, RasterBenchmark.formatMicros(build)])
        let candles = CandleState(names: BarColumnNames(open: "Open", high: "High", low: "Low", volume: "Volume"),
                                  bars: bars, closes: series.prices, style: .candles, volume: true)
        for range in [ChartRange.oneYear, .max] {
            var state = ViewerState(series: series, range: range, options: ViewerOptions(), columns: 200, rows: 60,
                                    candles: candles)
            let still = RasterBenchmark.median(runs: 101) { _ = state.frame(at: 0) }
            table.row(["candle frame + volume 200x60, \(range.label)", label, RasterBenchmark.formatMicros(still)])
            _ = state.handle(.key(.character(range == .max ? "5" : "6")), at: 0)
            let between = RasterBenchmark.median(runs: 101) { _ = state.frame(at: 0.6) }
            table.row(["candle morph frame + volume 200x60, from \(range.label)", label, RasterBenchmark.formatMicros(between)])
        }
    }

    /// Open, high, low and volume around the closes: each bar opens at the close before it.
    static func bars(for closes: [Double]) -> BarColumns {
        let n = closes.count
        var open = [Double](repeating: 0, count: n), high = open, low = open, volume = open
        for i in 0..<n {
            let o = i > 0 ? closes[i - 1] : closes[i]
            let wiggle = abs(closes[i] - o) * 0.5 + 0.01
            open[i] = o
            high[i] = max(o, closes[i]) + wiggle
            low[i] = min(o, closes[i]) - wiggle
            volume[i] = Double((i * 7919) % 100_000 + 1_000)
        }
        return BarColumns(count: n, open: open, high: high, low: low, volume: volume)
    }
}
