import Testing
@testable import TradeChartCore

/// The chart keeps an indicator's state at checkpoints instead of its columns and works its
/// values out again where they are read (`CheckpointedIndicator`): every value, every line's
/// block summaries and the extremes over any range are those of the indicator type's whole
/// columns, bit for bit, on random walks with gaps in the highs, lows and volumes and with
/// warm-ups (NaN) of their own, at lengths around the checkpoints and the pass's chunks.
@Suite("Indicator lines worked out again from checkpoints")
struct CheckpointedLineTests {
    /// Each indicator's lines (in the order drawn, then MACD's histogram) as its type computes them whole.
    static func columns(_ choice: IndicatorChoice, _ walk: IndicatorIncrementalTests.Walk) throws -> [[Double]] {
        switch choice {
        case .ema(let n): return [ExponentialAverage(bars: n, closes: walk.close).values]
        case .bollinger(let n, let m):
            let b = BollingerBands(bars: n, deviations: m, closes: walk.close)
            return [b.upper, b.middle, b.lower]
        case .vwap:
            return [try VolumeWeightedAverage(times: walk.times, hasTimeOfDay: true, high: walk.high, low: walk.low,
                                              close: walk.close, volume: walk.volume).values]
        case .rsi(let n): return [RelativeStrength(bars: n, closes: walk.close).values]
        case .macd(let f, let s, let g):
            let m = MACD(fast: f, slow: s, signal: g, closes: walk.close)
            return [m.line, m.signalLine, m.histogram]
        case .stochastic(let n, let k, let d):
            let s = Stochastic(bars: n, kBars: k, dBars: d, high: walk.high, low: walk.low, close: walk.close)
            return [s.k, s.d]
        case .atr(let n): return [AverageTrueRange(bars: n, high: walk.high, low: walk.low, close: walk.close).values]
        }
    }

    /// EMAs and ATR take their steps in pairs (`Smoothing`), from the row after the seed:
    /// EMA 20 and ATR 9 start them at an even row, EMA 9 and ATR 14 at an odd one, so that
    /// checkpoints and chunks (every 128 and 512 rows) fall between pairs and inside them.
    static let choices: [IndicatorChoice] = IndicatorChoice.defaults + [.ema(70), .ema(9), .bollinger(5, 1.5),
                                                                       .stochastic(9, 5, 4), .macd(3, 100, 7), .rsi(130),
                                                                       .atr(9)]

    @Test(arguments: [1, 63, 64, 65, 130, 511, 513, 1_000, 2_077])
    func valuesSummariesAndExtremesAreThoseOfTheWholeColumns(count: Int) throws {
        let walk = IndicatorIncrementalTests.Walk(count: count, seed: UInt64(count) * 31 + 7)
        let series = PriceSeries(name: "walk.csv", times: walk.times, prices: walk.close, hasTimeOfDay: true)
        let bars = BarColumns(count: count, open: nil, high: walk.high, low: walk.low, volume: walk.volume)
        var rng = SplitMix64(seed: UInt64(count))
        for choice in Self.choices {
            guard choice != .vwap || walk.volume.contains(where: { $0 > 0 }) else { continue }
            var line = try IndicatorLine(choice, series: series, seriesContents: MinMaxIndex([]).contents, bars: bars)
            line.plot(scale: .identity, log: false)
            let columns = try Self.columns(choice, walk)
            #expect(line.plotted.count == columns.count, "\(choice.title)")
            for (k, column) in columns.enumerated() {
                let name = "\(choice.title) line \(k) of \(count)"
                // VWAP's drawn line holds its value over a gap; its value as it is is what the legend reads.
                var held = Double.nan
                let drawn = choice == .vwap ? column.map { if !$0.isNaN { held = $0 }; return held } : column
                #expect(line.values(line: k, in: 0..<count).map(\.bitPattern) == column.map(\.bitPattern), "\(name)")
                let index = line.plotted[k], whole = MinMaxIndex(drawn, firstShift: MinMaxIndex.replayedShift)
                #expect(index.isReplayed, "\(name)")
                #expect(index.levels.map { $0.map(\.bitPattern) } == whole.levels.map { $0.map(\.bitPattern) }, "\(name)")
                #expect(index.missing == whole.missing, "\(name)")
                Self.expectSameExtremes(index, whole, count: count, name: name, rng: &rng)
                for _ in 0..<40 {
                    let a = Int(rng.next() % UInt64(count))
                    #expect(index.value(at: a).bitPattern == drawn[a].bitPattern, "\(name) at \(a)")
                    #expect(line.value(line: k, at: a).bitPattern == column[a].bitPattern, "\(name) at \(a)")
                }
            }
        }
    }

    /// Expects `index` to answer the extremes of 40 random ranges of its `count` values exactly as `whole` does.
    static func expectSameExtremes(_ index: MinMaxIndex, _ whole: MinMaxIndex, count: Int, name: String,
                                   rng: inout SplitMix64) {
        for _ in 0..<40 {
            let a = Int(rng.next() % UInt64(count)), b = Int(rng.next() % UInt64(count))
            let range = min(a, b)...max(a, b)
            let got = index.minMax(range), want = whole.minMax(range)
            #expect(got.min.bitPattern == want.min.bitPattern && got.max.bitPattern == want.max.bitPattern,
                    "\(name) over \(range)")
        }
    }
}
