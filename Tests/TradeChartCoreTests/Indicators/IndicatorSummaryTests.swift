import Glibc
import Testing
@testable import TradeChartCore

/// The chart's indicator lines are indexed from the block summaries the pass that computes
/// them works out as it writes them (`BlockSummary`): every level of each line's min-max
/// index, its NaN count and every range's extremes are exactly those of an index built
/// from the line's values afterwards, for every indicator, at lengths around the index's
/// blocks and the pass's chunks, with gaps in the highs, lows and volumes; an overlay on a
/// log or scaled axis, whose plotted copy is summarized as it is written, too.
@Suite("Indicator lines summarized as they are computed")
struct IndicatorSummaryTests {
    /// Each default indicator over a walk of `count` minute bars, plotted as a pane or an
    /// overlay on the axis `scale`, `log` (unscaled and linear: the lines indexed as they are).
    static func lines(count: Int, seed: UInt64, scale: PriceScale = .identity, log: Bool = false) throws -> [IndicatorLine] {
        let walk = IndicatorIncrementalTests.Walk(count: count, seed: seed)
        let series = PriceSeries(name: "walk.csv", times: walk.times, prices: walk.close, hasTimeOfDay: true)
        let bars = BarColumns(count: count, open: nil, high: walk.high, low: walk.low, volume: walk.volume)
        return try IndicatorChoice.defaults.map { choice in
            var line = try IndicatorLine(choice, series: series, seriesContents: MinMaxIndex([]).contents, bars: bars)
            line.plot(scale: scale, log: log)
            return line
        }
    }

    @Test(arguments: [1, 15, 16, 17, 511, 512, 513, 1_000, 4_103])
    func everyLineIndexesAsItsValuesWould(count: Int) throws {
        try Self.check(try Self.lines(count: count, seed: UInt64(count) * 7 + 1), count: count)
    }

    /// On a log axis and a scaled one, the overlays' plotted lines are their values mapped
    /// (held over a gap), indexed as those would be.
    @Test(arguments: [(false, 3), (true, 0)])
    func overlaysOnAnotherAxisIndexAsTheirPlottedValuesWould(log: Bool, exponent: Int) throws {
        let scale = PriceScale(exponent: exponent)
        let lines = try Self.lines(count: 1_033, seed: 5, scale: scale, log: log)
        for line in lines where line.choice.isOverlay {
            for (k, drawn) in line.lineValues.prefix(line.lineCount).enumerated() {
                var held = Double.nan
                let expected: [Double] = drawn.map { value in
                    if !value.isNaN { held = log ? Glibc.log(value) : scale.scaled(value) }
                    return held
                }
                #expect(line.plotted[k].allValues.map(\.bitPattern) == expected.map(\.bitPattern), "\(line.choice.title) \(k)")
            }
        }
        try Self.check(lines, count: 1_033)
    }

    /// Rows appended in random batches (a followed file) after the lines were summarized:
    /// each index, grown from the summarized one, still equals one built from the values.
    @Test(arguments: [(false, 0), (true, 0), (false, 3)])
    func followedRowsKeepEveryIndexExact(log: Bool, exponent: Int) throws {
        var rng = SplitMix64(seed: 11)
        let total = 3_000
        let walk = IndicatorIncrementalTests.Walk(count: total, seed: 12)
        var cut = 1_037
        func parts(_ n: Int) -> (PriceSeries, BarColumns) {
            let w = walk.prefix(n)
            return (PriceSeries(name: "walk.csv", times: w.times, prices: w.close, hasTimeOfDay: true),
                    BarColumns(count: n, open: nil, high: w.high, low: w.low, volume: w.volume))
        }
        let scale = PriceScale(exponent: exponent)
        let (series, bars) = parts(cut)
        var lines = try IndicatorChoice.defaults.map { choice in
            var line = try IndicatorLine(choice, series: series, seriesContents: MinMaxIndex([]).contents, bars: bars)
            line.plot(scale: scale, log: log)
            return line
        }
        while cut < total {
            cut = min(total, cut + 1 + Int(rng.next() % 300))
            let (grown, grownBars) = parts(cut)
            for k in lines.indices {
                lines[k].extend(series: grown, seriesContents: MinMaxIndex([]).contents, bars: grownBars)
                lines[k].plot(scale: scale, log: log)
                // The newest values the legend and the titles say (kept from the pass) are those replayed.
                for j in 0...lines[k].lineCount where j < lines[k].lineCount || lines[k].hasHistogram {
                    #expect(lines[k].value(line: j, at: cut - 1).bitPattern
                                == lines[k].values(line: j, in: (cut - 1)..<cut)[0].bitPattern, "\(lines[k].choice.title) line \(j)")
                }
            }
            try Self.check(lines, count: cut)
        }
    }

    /// Every index of `lines` against one built from its values afterwards.
    static func check(_ lines: [IndicatorLine], count: Int) throws {
        var rng = SplitMix64(seed: UInt64(count))
        for line in lines {
            #expect(line.plotted.allSatisfy { $0.count == count }, "\(line.choice.title)")
            #expect(line.plotted.count == line.lineCount + (line.hasHistogram ? 1 : 0), "\(line.choice.title)")
            for (k, index) in line.plotted.enumerated() {
                let fresh = MinMaxIndex(index.allValues, firstShift: index.firstShift)
                let name = "\(line.choice.title) line \(k) of \(count)"
                #expect(index.levels.map { $0.map(\.bitPattern) } == fresh.levels.map { $0.map(\.bitPattern) }, "\(name)")
                #expect(index.missing == fresh.missing, "\(name)")
                CheckpointedLineTests.expectSameExtremes(index, fresh, count: count, name: name, rng: &rng)
            }
        }
    }
}
