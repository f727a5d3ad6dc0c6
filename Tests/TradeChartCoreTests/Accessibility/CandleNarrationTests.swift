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
                + "down 167.45, 1.39 percent, candle 18 of 18",
        ])
        // The line says the point as before.
        var line = try Self.screenReader(style: .line, range: .oneMonth)
        #expect(Self.press(.left, &line).first?.hasPrefix("Mon 13 May 2019, 11,876.65, down") == true)
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
