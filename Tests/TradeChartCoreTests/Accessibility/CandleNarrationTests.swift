import Foundation
import Testing
@testable import TradeChartCore

/// The screen-reader mode says the open, high, low, close and volume of the candle
/// under the cursor while candles are shown (issue 17's candles readout).
@Suite("Narration of candles")
struct CandleNarrationTests {
    static func screenReader(style: ChartStyle, range: ChartRange) throws -> ViewerState {
        let loaded = try SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent("Data/dax.csv").path,
                                           options: LoadOptions(bars: .all))
        return ViewerState(series: loaded.series, range: range,
                           options: ViewerOptions(morphDuration: 0, showsPanels: false), columns: 100, rows: 30,
                           candles: CandleState(names: loaded.barNames, bars: loaded.bars, closes: loaded.series.prices,
                                                style: style))
    }

    static func press(_ key: KeyPress, _ state: inout ViewerState) -> [String] {
        let before = state
        _ = state.handle(.key(key), at: 0)
        return Narration.lines(for: .key(key), from: before, to: state)
    }

    @Test func aStepSaysTheCandlesValuesAndWhereItIs() throws {
        var state = try Self.screenReader(style: .candles, range: .oneMonth)
        // 1M is 15 Apr to 13 May 2019: 18 trading days (Good Friday, Easter Monday and 1 May closed).
        #expect(state.slice.count == 18)
        #expect(Self.press(.left, &state) == [
            "Mon 13 May 2019, open 12,044.10, high 12,052.93, low 11,844.47, close 11,876.65, volume 107.3 million, "
                + "down 123.28, 1.03 percent, candle 18 of 18",
        ])
        // The line says the point as before, its change from the same reference price.
        var line = try Self.screenReader(style: .line, range: .oneMonth)
        #expect(Self.press(.left, &line).first?.hasPrefix("Mon 13 May 2019, 11,876.65, down 123.28, 1.03 percent") == true)
    }

    /// With a mark set the candle is still said (its open, high, low, close and volume),
    /// then the measure from the mark, in the singular where it is one.
    @Test func withAMarkTheCandleIsStillSaid() throws {
        var state = try Self.screenReader(style: .candles, range: .oneMonth)
        _ = Self.press(.home, &state)
        _ = Self.press(.character(" "), &state)
        let said = Self.press(.right, &state)
        // Data/dax.csv: 16 Apr 2019 O 12,026.74 H 12,116.25 L 12,025.66 C 12,101.32 V 80,876,600, the day after
        // the mark's close of 12,020.28; 1M's reference is 11,999.93.
        #expect(said == [
            "Tue 16 Apr 2019, open 12,026.74, high 12,116.25, low 12,025.66, close 12,101.32, volume 80.9 million, "
                + "up 101.39, 0.84 percent, candle 2 of 18; from the mark: up 81.04, 0.67 percent, 1 bar, 1 day",
        ])
        let last = Self.press(.end, &state)
        #expect(last.first?.hasPrefix("Mon 13 May 2019, open 12,044.10,") == true)
        #expect(last.first?.hasSuffix("candle 18 of 18; from the mark: down 143.63, 1.19 percent, 17 bars, 28 days") == true,
                "\(last)")
    }

    @Test func aMergedCandleSaysItsFirstAndLastDay() throws {
        var state = try Self.screenReader(style: .candles, range: .fiveYears)
        let said = Self.press(.left, &state)
        let period = state.candlePeriod
        let first = CandleGrouping.group(containing: state.cursor!, period: period, times: state.series.times).lowerBound
        #expect(said.count == 1)
        #expect(said[0].hasPrefix(ReadableTime.text(state.series.times[first], withTimeOfDay: false) + " to Mon 13 May 2019, open "))
        #expect(said[0].hasPrefix("Mon 1 Apr 2019 to Mon 13 May 2019"), "the quarter's first trading day")
        let candles = CandleGrouping.groups(first: state.slice.first, last: state.slice.last, period: period,
                                            times: state.series.times).count
        #expect(said[0].hasSuffix(", candle \(candles) of \(candles)"))
        #expect(!said[0].unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) || TextSanitizer.isControl($0) })
    }

    @Test func cIsSaidAsTheStatusLineSaysIt() throws {
        var state = try Self.screenReader(style: .line, range: .oneMonth)
        #expect(Self.press(.character("c"), &state) == ["Candles, rising hollow, falling filled: 1 candle = 1 day; c: OHLC bars"])
    }
}
