import Testing
@testable import TradeChartCore

/// A VWAP line over a session whose first rows traded nothing: the line holds its last value
/// over them instead of breaking, and the plotted line's extremes are those of the values
/// drawn. A line without such gaps is indexed as it is (the index counts the NaNs, and the
/// warm-up's are not a gap).
@Suite("Indicator lines with gaps")
struct IndicatorGapTests {
    /// Two sessions of 40 minute bars; the second's first five have no volume.
    static func line(_ choice: IndicatorChoice) throws -> IndicatorLine {
        let times: [Int64] = (0..<80).map { (i: Int) -> Int64 in Int64(i / 40) * 86_400 + 34_200 + Int64(i % 40) * 60 }
        let close: [Double] = (0..<80).map { (i: Int) -> Double in 100 + Double((i * 37) % 11) - Double(i) / 10 }
        let volume: [Double] = (0..<80).map { (i: Int) -> Double in i >= 40 && i < 45 ? .nan : 1_000 + Double(i % 3) * 10 }
        let series = PriceSeries(name: "gaps.csv", times: times, prices: close, hasTimeOfDay: true)
        let bars = BarColumns(count: 80, open: nil, high: close.map { $0 + 0.5 }, low: close.map { $0 - 0.5 }, volume: volume)
        var line = try IndicatorLine(choice, series: series, seriesContents: MinMaxIndex([]).contents, bars: bars)
        line.plot(scale: .identity, log: false)
        return line
    }

    @Test func aSessionWithoutVolumeYetHoldsTheLineAndItsExtremes() throws {
        let line = try Self.line(.vwap)
        let values = line.values(line: 0, in: 0..<80), plotted = try #require(line.plotted.first)
        #expect((40..<45).allSatisfy { values[$0].isNaN } && !values[39].isNaN)
        #expect((40..<45).allSatisfy { plotted.allValues[$0] == values[39] })
        #expect(!plotted.allValues.contains { $0.isNaN })
        let held: [Double] = (0..<80).map { (i: Int) -> Double in i >= 40 && i < 45 ? values[39] : values[i] }
        #expect(plotted.minMax(0...79) == (held.min()!, held.max()!))
    }

    @Test func aLineWithAWarmUpOnlyIsIndexedAsItIs() throws {
        let line = try Self.line(.rsi(14))
        let values = line.values(line: 0, in: 0..<80), plotted = try #require(line.plotted.first)
        #expect(values[0].isNaN && !values[14].isNaN)
        #expect(plotted.missing == 14)
        #expect(plotted.allValues.map(\.bitPattern) == values.map(\.bitPattern))
    }
}
