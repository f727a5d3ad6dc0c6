import Testing
@testable import TradeChartCore

/// The stochastic's %K reads the highest high and the lowest low of the last n bars, found
/// by blocks of n bars (no comparison per bar that depends on the prices): against the
/// window searched directly, for windows shorter and longer than the series' blocks.
@Suite("Stochastic windows")
struct StochasticWindowTests {
    @Test(arguments: [1, 2, 5, 14, 37])
    func unsmoothedPercentKIsTheCloseBetweenTheWindowsExtremes(bars: Int) {
        let walk = IndicatorIncrementalTests.Walk(count: 3_000, seed: 11)
        // %K and %D averaged over one bar are the fast %K itself.
        let whole = Stochastic(bars: bars, kBars: 1, dBars: 1, high: walk.high, low: walk.low, close: walk.close)
        var byRow = Stochastic(bars: bars, kBars: 1, dBars: 1, high: [], low: [], close: [])
        for i in walk.close.indices {
            byRow.append(HighLowClose(high: walk.high[i], low: walk.low[i], close: walk.close[i]))
        }
        let bar = walk.close.indices.map { HighLowClose(high: walk.high[$0], low: walk.low[$0], close: walk.close[$0]) }
        for i in walk.close.indices {
            guard i >= bars - 1 else {
                #expect(whole.k[i].isNaN && byRow.k[i].isNaN)
                continue
            }
            let window = bar[(i - bars + 1)...i]
            let top = window.map(\.high).max()!, bottom = window.map(\.low).min()!
            let range = top - bottom
            let expected = range != 0 ? (walk.close[i] - bottom) / range * 100 : 0
            #expect(whole.k[i] == expected && byRow.k[i] == expected, "bar \(i) of a \(bars)-bar window")
            #expect(whole.d[i] == expected)
        }
    }
}
