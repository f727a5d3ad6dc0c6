import Foundation
import Testing
@testable import TradeChartCore

/// Issue 14 point 3: rows appended to a followed input extend the viewer's series, its
/// min-max index and its shown times in place (`FollowChange.appended`), and look
/// exactly as if the grown series had replaced the old one: the morph goes on from
/// what is on screen, the cursor stays on its moment, and only a row out of order (or
/// a price that needs another scale) rebuilds the whole series.
@Suite("Following: rows appended in place")
struct AppendedRowsViewerTests {
    static let daily = TestSeries.daily(days: 1269)
    static let minutes = try! SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent("Data/sp500-1min.csv").path).series

    /// `count` rows after the newest point of `series`, `step` seconds apart, rising; or,
    /// with `late`, one more row dated before the newest point.
    static func rows(after series: PriceSeries, count: Int, step: Int64, late: Bool = false, price: Double? = nil) -> NewRows {
        var times = (1...count).map { series.times.last! + Int64($0) * step }
        var prices = (1...count).map { price ?? series.prices.last! * (1 + 0.01 * Double($0)) }
        if late {
            times.append(series.times[series.count - 5] + 1)
            prices.append(series.prices.last! * 0.9)
        }
        return NewRows(times: times, prices: prices, columnChanged: false, report: LoadReport(), reportBefore: LoadReport())
    }

    struct Case: CustomStringConvertible {
        var name: String
        var series: PriceSeries
        var clock: DisplayClock?
        var step: Int64
        var late = false
        var price: Double?
        /// What happens before the rows arrive (at time 0), and when they arrive.
        var keys: [KeyPress] = []
        var arrival = 5.0
        var rebuilds = 0
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "still", series: daily, step: 86_400),
        Case(name: "during a morph", series: daily, step: 86_400, keys: [.character("6")], arrival: 0.4),
        Case(name: "cursor on a point", series: daily, step: 86_400, keys: [.left, .left, .left]),
        Case(name: "whole numbers", series: PriceSeries(name: "v", times: daily.times, prices: daily.prices.map { $0.rounded() },
                                                        hasTimeOfDay: false), step: 86_400, price: 12_000),
        // Rows quoted in more decimals than the file had: the header shows them as the file read again does.
        Case(name: "a rate quoted in five decimals", series: PriceSeries(name: "fx", times: daily.times,
                                                                         prices: daily.times.indices.map { 1.0900 + Double($0 % 50) / 10_000 },
                                                                         hasTimeOfDay: false), step: 86_400, price: 1.09671),
        Case(name: "in another zone", series: minutes, clock: DisplayClockTests.clock, step: 60, keys: [.character("1")],
             arrival: 0.3),
        Case(name: "on a log axis", series: daily, step: 86_400, keys: [.character("L")]),
        Case(name: "with moving averages", series: daily, step: 86_400, keys: [.character("m")]),
        Case(name: "in a window at the newest point", series: daily, step: 86_400, keys: [.character("6"), .character("[")],
             arrival: 0.5),
        Case(name: "in a window panned back", series: daily, step: 86_400, keys: [.character("["), .character("<")]),
        Case(name: "a row out of order", series: daily, step: 86_400, late: true, keys: [.left], rebuilds: 1),
        Case(name: "a price at zero on a log axis", series: daily, step: 86_400, price: 0, keys: [.character("L")], rebuilds: 1),
        Case(name: "a price beyond the unscaled range", series: daily, step: 86_400, price: 1e300, rebuilds: 1),
    ]

    @Test(arguments: cases)
    func appendingLooksExactlyLikeReplacingTheSeries(_ c: Case) {
        var appended = ViewerState(series: c.series, range: nil, options: ViewerOptions(followed: "f.csv", clock: c.clock),
                                   columns: 100, rows: 30)
        for key in c.keys { _ = appended.handle(.key(key), at: 0) }
        var replaced = appended
        let rows = Self.rows(after: c.series, count: 3, step: c.step, late: c.late, price: c.price)
        var grown = c.series
        _ = grown.append(times: rows.times, prices: rows.prices)
        _ = appended.handle(.follow(.appended(rows)), at: c.arrival)
        _ = replaced.handle(.follow(.updated(LoadedSeries(series: grown, report: LoadReport()), reloaded: false)), at: c.arrival)
        #expect(appended.seriesRebuilds == c.rebuilds, "the series and its index grew in place")
        #expect(replaced.seriesRebuilds == 1)
        #expect(appended.series == grown)
        #expect(appended.shownSeries == replaced.shownSeries)
        #expect(appended.index.values == replaced.index.values)
        #expect(appended.index.levels == replaced.index.levels)
        #expect(appended.cursor == replaced.cursor)
        #expect(appended.slice == replaced.slice)
        #expect(appended.plotIndex.levels == replaced.plotIndex.levels)
        #expect(appended.averages.map { $0.average.values.map(\.bitPattern) } == replaced.averages.map { $0.average.values.map(\.bitPattern) })
        #expect(appended.status == replaced.status)
        for t in [c.arrival, c.arrival + 0.2, c.arrival + 0.6, c.arrival + 2] {
            expectSameFrame(appended.frame(at: t), replaced.frame(at: t))
        }
    }

    // MARK: - Candles

    static let daxBars = try! SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent("Data/dax.csv").path,
                                                options: LoadOptions(bars: .all))

    /// Rows after the DAX's newest day (or one dated before it, `late`), with an open,
    /// high, low and volume each (`volume: false`: rows without the volume column).
    static func barRows(count: Int, late: Bool, volume: Bool = true) -> NewRows {
        let series = daxBars.series
        var times = (1...count).map { series.times.last! + Int64($0) * 86_400 }
        if late { times.append(series.times[series.count - 5] + 3_600) }
        let closes = times.indices.map { series.prices.last! * (1 + 0.004 * Double($0 % 3) - 0.003) }
        let bars = BarColumns(count: times.count, open: closes.map { $0 * 0.995 }, high: closes.map { $0 * 1.02 },
                              low: closes.map { $0 * 0.97 }, volume: volume ? closes.indices.map { Double(1_000_000 * ($0 + 1)) } : nil)
        return NewRows(times: times, prices: closes, bars: bars, columnChanged: false, report: LoadReport(), reportBefore: LoadReport())
    }

    struct CandleCase: CustomStringConvertible {
        var name: String
        var style: ChartStyle
        var late = false
        var volume = true
        var keys: [KeyPress] = []
        var rebuilds = 0
        var description: String { name }
    }

    static let candleCases: [CandleCase] = [
        CandleCase(name: "candles with the volume pane", style: .candles),
        CandleCase(name: "OHLC bars, scrubbing", style: .ohlc, keys: [.left, .left]),
        CandleCase(name: "a line over bars read (followed files keep them)", style: .line),
        CandleCase(name: "rows without a volume", style: .candles, volume: false),
        CandleCase(name: "5Y candles merged", style: .candles, keys: [.character("6")]),
        CandleCase(name: "a row out of order", style: .candles, late: true, rebuilds: 1),
    ]

    /// Issue 13 with issue 14 point 3: a followed file's rows grow the candles (their
    /// columns and block indices) in place too, and the chart is exactly the one the
    /// whole file read again would give, a late row sorted in with its bar.
    @Test(arguments: candleCases)
    func appendedBarsLookExactlyLikeTheFileReadAgain(_ c: CandleCase) throws {
        let loaded = Self.daxBars
        func viewer() -> ViewerState {
            ViewerState(series: loaded.series, range: .oneMonth, options: ViewerOptions(followed: "dax.csv"), columns: 120, rows: 36,
                        candles: CandleState(names: loaded.barNames, bars: loaded.bars, closes: loaded.series.prices,
                                             style: c.style, volume: true))
        }
        var appended = viewer()
        for key in c.keys { _ = appended.handle(.key(key), at: 0) }
        var replaced = appended
        let rows = Self.barRows(count: 4, late: c.late, volume: c.volume)
        // The file read again: every row, sorted, its bars along.
        var times = loaded.series.times + rows.times, prices = loaded.series.prices + rows.prices
        var bars: BarColumns? = try #require(loaded.bars).appending(try #require(rows.bars))
        _ = SeriesOrder.sortKeepingLast(&times, &prices, carrying: &bars)
        let again = LoadedSeries(series: PriceSeries(name: loaded.series.name, times: times, prices: prices,
                                                         hasTimeOfDay: PriceSeries.hasTimeOfDay(times)),
                                 report: LoadReport(), bars: bars, barNames: loaded.barNames)
        _ = appended.handle(.follow(.appended(rows)), at: 5)
        _ = replaced.handle(.follow(.updated(again, reloaded: false)), at: 5)
        #expect(appended.seriesRebuilds == c.rebuilds, "the series, its index and the candles grew in place")
        #expect(appended.series.times == again.series.times && appended.series.prices == again.series.prices)
        let grown = try #require(appended.candles.series)
        #expect(grown.bars.open == bars?.open)
        #expect(grown.bars.volume?.map(\.bitPattern) == bars?.volume?.map(\.bitPattern))
        #expect(grown.closes == again.series.prices)
        #expect(appended.cursor == replaced.cursor)
        #expect(appended.status == replaced.status)
        for t in [5.0, 5.2, 5.6, 7] {
            expectSameFrame(appended.frame(at: t), replaced.frame(at: t))
        }
    }
}
