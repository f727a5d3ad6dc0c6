import Testing
@testable import TradeChartCore

/// The chart's indicator lines are indexed from the block summaries the pass that computes
/// them works out as it writes them (`BlockSummary`): every level of each line's min-max
/// index, its NaN count and every range's extremes are exactly those of an index built
/// from the line's values afterwards, for every indicator, at lengths around the index's
/// blocks and the pass's chunks, with gaps in the highs, lows and volumes.
@Suite("Indicator lines summarized as they are computed")
struct IndicatorSummaryTests {
    /// Each default indicator over a walk of `count` minute bars, plotted as a pane or an
    /// unscaled overlay (the lines indexed as they are).
    static func lines(count: Int, seed: UInt64) throws -> [IndicatorLine] {
        let walk = IndicatorIncrementalTests.Walk(count: count, seed: seed)
        let series = PriceSeries(name: "walk.csv", times: walk.times, prices: walk.close, hasTimeOfDay: true)
        let bars = BarColumns(count: count, open: nil, high: walk.high, low: walk.low, volume: walk.volume)
        return try IndicatorChoice.defaults.map { choice in
            var line = try IndicatorLine(choice, series: series, seriesContents: MinMaxIndex([]).contents, bars: bars)
            line.plot(scale: .identity, log: false)
            return line
        }
    }

    @Test(arguments: [1, 15, 16, 17, 511, 512, 513, 1_000, 4_103])
    func everyLineIndexesAsItsValuesWould(count: Int) throws {
        var rng = SplitMix64(seed: UInt64(count))
        for line in try Self.lines(count: count, seed: UInt64(count) * 7 + 1) {
            #expect(line.plotted.count == line.lines.count + (line.histogram == nil ? 0 : 1), "\(line.choice.title)")
            for (k, index) in line.plotted.enumerated() {
                let fresh = MinMaxIndex(index.values)
                let name = "\(line.choice.title) line \(k) of \(count)"
                #expect(index.levels.map { $0.map(\.bitPattern) } == fresh.levels.map { $0.map(\.bitPattern) }, "\(name)")
                #expect(index.missing == fresh.missing, "\(name)")
                for _ in 0..<50 {
                    let a = Int(rng.next() % UInt64(count)), b = Int(rng.next() % UInt64(count))
                    let range = min(a, b)...max(a, b)
                    let got = index.minMax(range), want = fresh.minMax(range)
                    #expect(got.min.bitPattern == want.min.bitPattern && got.max.bitPattern == want.max.bitPattern,
                            "\(name) over \(range)")
                }
            }
        }
    }
}
