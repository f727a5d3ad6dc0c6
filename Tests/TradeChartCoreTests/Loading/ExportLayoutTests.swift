import Foundation
import Testing
@testable import TradeChartCore

/// The layouts exchanges, brokers and platforms export (`Fixtures/Layouts`, written from
/// the vendors' descriptions: 300 hourly bars from 2 January 2024 00:00 each) load with
/// their candles, the layout named and, without a header, what was assumed said.
@Suite("Loading exchange and platform exports")
struct ExportLayoutTests {
    struct Expected: Sendable, CustomStringConvertible {
        var file: String
        /// The first and last close as the file prints them.
        var firstClose: Double
        var lastClose: Double
        /// Words the detected layout's name holds.
        var layout: String
        /// What the report says was assumed; nil for a file with a header.
        var readAs: String?
        var description: String { file }
    }

    static let ohlcv = "time, open, high, low, close, volume"
    static let cases: [Expected] = [
        Expected(file: "binance_BTCUSDT-1h-2024-01_ms.csv", firstClose: 41674.58, lastClose: 41386.94,
                 layout: "Binance klines, open time in milliseconds", readAs: ohlcv + ", 6 more columns skipped (no header)"),
        Expected(file: "binance_BTCUSDT-1h-2025-01_us.csv", firstClose: 41674.58, lastClose: 41386.94,
                 layout: "Binance klines, open time in microseconds", readAs: ohlcv + ", 6 more columns skipped (no header)"),
        Expected(file: "binance_BTCUSDT-1h-2024-01_header.csv", firstClose: 41674.58, lastClose: 41386.94,
                 layout: "Binance klines with a header"),
        Expected(file: "kraken_XBTUSD_60.csv", firstClose: 41674.6, lastClose: 41386.9,
                 layout: "Kraken OHLCVT", readAs: ohlcv + ", 1 more column skipped (no header)"),
        Expected(file: "metatrader4_EURUSD60.csv", firstClose: 1.09670, lastClose: 1.08913,
                 layout: "MetaTrader 4 history", readAs: ohlcv + " (no header)"),
        Expected(file: "metatrader5_EURUSD_H1.csv", firstClose: 1.09670, lastClose: 1.08913,
                 layout: "MetaTrader 5 export"),
        Expected(file: "histdata_DAT_ASCII_EURUSD_M1_2024.csv", firstClose: 1.096699, lastClose: 1.089130,
                 layout: "HistData ASCII bars, no header: times in EST without daylight saving",
                 readAs: ohlcv + " (no header); times taken as HistData's EST without daylight saving (UTC-5)"),
        Expected(file: "dukascopy_EURUSD_Candlestick_1_Hour_BID.csv", firstClose: 1.09670, lastClose: 1.08913,
                 layout: "Dukascopy export"),
        Expected(file: "firstrate_AAPL_1hour.txt", firstClose: 186.44, lastClose: 185.15,
                 layout: "FirstRate Data style", readAs: ohlcv + " (no header)"),
    ]

    static func path(_ name: String) -> String {
        Bundle.module.url(forResource: "Fixtures/Layouts/" + name, withExtension: nil)!.path
    }

    @Test(arguments: cases)
    func loadsWithCandles(_ expected: Expected) throws {
        let loaded = try SeriesLoader.load(path: Self.path(expected.file), options: LoadOptions(bars: .all))
        let series = loaded.series
        #expect(series.count == 300)
        #expect(series.times.first == 1_704_153_600)
        let last = try #require(series.times.last)
        #expect(last == 1_705_230_000)
        #expect(series.prices.first == expected.firstClose)
        #expect(series.prices.last == expected.lastClose)
        #expect(loaded.report.badRows == 0)
        #expect(loaded.report.readAs == expected.readAs)
        #expect(loaded.layout.contains(expected.layout), "\(loaded.layout)")
        let bars = try #require(loaded.bars)
        let high = try #require(bars.high), low = try #require(bars.low)
        #expect(bars.open?.count == 300 && high.count == 300 && low.count == 300 && bars.volume?.count == 300)
        #expect(zip(high, low).allSatisfy { $0 >= $1 })
        #expect(zip(high, series.prices).allSatisfy { $0 >= $1 })
    }

    /// The chart's header shows the newest close as the file quotes it: a forex file's five
    /// or six decimals (1.08913, 1.089130), a crypto file's two.
    @Test(arguments: cases)
    func theHeaderShowsThePriceAsQuoted(_ expected: Expected) throws {
        let loaded = try SeriesLoader.load(path: Self.path(expected.file))
        let state = ViewerState(series: loaded.series, range: .max, columns: 120, rows: 20)
        let header = state.frame(at: 0).line(0)
        let quoted = expected.file.hasPrefix("histdata") ? "1.089130"
            : expected.file.contains("EURUSD") ? "1.08913" : expected.file.hasPrefix("firstrate") ? "185.15"
            : expected.file.hasPrefix("kraken") ? "41,386.90" : "41,386.94"
        #expect(header.contains("  \(quoted)  "), "\(header)")
    }

    /// In a narrow header, twelve days of one month read as their days (`2–14 Jan 2024`),
    /// not as `Jan 2024–Jan 2024`.
    @Test func aNarrowHeaderNamesTheDaysOfOneMonth() throws {
        let loaded = try SeriesLoader.load(path: Self.path("dukascopy_EURUSD_Candlestick_1_Hour_BID.csv"))
        let state = ViewerState(series: loaded.series, range: .max, columns: 100, rows: 20)
        let header = state.frame(at: 0).line(0)
        #expect(header.hasSuffix("MAX · 2–14 Jan 2024"), "\(header)")
    }

    /// The report's line names what was assumed, for the status line and `--print`.
    @Test func headerlessSummarySaysWhatWasAssumed() throws {
        let loaded = try SeriesLoader.load(path: Self.path("kraken_XBTUSD_60.csv"))
        #expect(loaded.report.summary == "read as time, open, high, low, close, volume, 1 more column skipped (no header)")
    }

    /// Shapes read without a header: one number is the close; a time of day beside a date joins it.
    @Test func headerlessShapes() throws {
        let close = try SeriesLoader.load(bytes: Array("1704153600,42000\n1704157200,42100.5\n".utf8), fileName: "k.csv")
        #expect(close.series.prices == [42000, 42100.5])
        #expect(close.report.readAs == "time, close (no header)")
        let clock = try SeriesLoader.load(bytes: Array("2024.01.02;09:30;1.5;2\n2024.01.02;09:31;1.6;3\n".utf8), fileName: "m.csv")
        #expect(clock.series.times == [1_704_187_800, 1_704_187_860])
        #expect(clock.report.readAs == "time, close (the first number), 1 more column skipped (no header)")
        #expect(clock.series.prices == [1.5, 1.6])
    }

    /// A first row with a date but no number is refused, naming the line; the first row
    /// decides the layout and later rows that do not fit it are bad rows.
    @Test func theFirstRowDecides() throws {
        #expect(throws: LoadError.noHeader(file: "x.csv", line: 2, reason: "the first line is data, but holds no time "
                                            + "followed by a number (expected a header such as Date,Close, or say it with --columns)")) {
            _ = try SeriesLoader.load(bytes: Array("\n2024-01-02,abc\n2024-01-03,1\n".utf8), fileName: "x.csv")
        }
        let later = try SeriesLoader.load(bytes: Array("2024-01-02,1\nabc,2\n".utf8), fileName: "x.csv")
        #expect(later.report.badRows == 1 && later.report.firstBadLine == 2)
    }

    /// A headerless file read in parts gives what one pass gives.
    @Test func headerlessInParts() throws {
        let bytes = [UInt8](FileManager.default.contents(atPath: Self.path("binance_BTCUSDT-1h-2024-01_ms.csv"))!)
        let whole = try SeriesLoader.load(bytes: bytes, fileName: "b.csv")
        let parts = try bytes.withUnsafeBytes { raw throws(LoadError) in
            try SeriesLoader.load(bytes: raw, fileName: "b.csv", splits: [bytes.count / 3, bytes.count * 2 / 3])
        }
        #expect(parts == whole)
    }
}
