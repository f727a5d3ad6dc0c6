import Foundation
import Testing
@testable import TradeChartCore

/// The open, high, low and volume of every real export in `../shared/data`, read
/// when asked for: values of specific rows, checked against the files' own text.
@Suite("Loading open, high, low and volume")
struct BarLoadingTests {
    /// One row as the file writes it; nil for a value the row leaves out (a gap).
    struct Row: Sendable {
        var time: Int64
        var open: Double?
        var high: Double?
        var low: Double?
        var close: Double
        var volume: Double?
    }

    struct Expected: Sendable, CustomStringConvertible {
        var file: String
        /// The header's names of the open, high, low and volume columns.
        var names: BarColumnNames
        var rows: [Row]
        var description: String { file }
    }

    static let cases: [Expected] = [
        // 2014-05-14 and the newest row; volume in shares.
        Expected(file: "GDAXI.csv", names: BarColumnNames(open: "Open", high: "High", low: "Low", volume: "Volume"), rows: [
            Row(time: 1400025600, open: 9765.620117, high: 9772.089844, low: 9733.209961, close: 9754.389648, volume: 76079000),
            Row(time: 1557705600, open: 12044.099609, high: 12052.929688, low: 11844.469727, close: 11876.650391,
                volume: 107254900),
        ]),
        // No final newline: the last row keeps its volume. Volume 0 before November 1999 is a value, not a gap.
        Expected(file: "GDAXI_1988-2022_fhmm.csv",
                 names: BarColumnNames(open: "Open", high: "High", low: "Low", volume: "Volume"), rows: [
            Row(time: 941155200, open: 5503.189941, high: 5557.910156, low: 5492.839844, close: 5525.399902, volume: 0),
            Row(time: 941414400, open: 5518.740234, high: 5549.779785, low: 5496.770020, close: 5524.919922, volume: 12728800),
            Row(time: 1672358400, open: 14005.839844, high: 14008.969727, low: 13922.549805, close: 13923.589844,
                volume: 24346600),
        ]),
        // Date,Open,Close,High,Low,Volume: Close before High and Low.
        Expected(file: "SP500_1min_2019-11-05_to_08_mplfinance.csv",
                 names: BarColumnNames(open: "Open", high: "High", low: "Low", volume: "Volume"), rows: [
            Row(time: 1572946200, open: 3080.8, high: 3081.47, low: 3080.3, close: 3080.49, volume: 0),
            Row(time: 1573228740, open: 3091.16, high: 3092.91, low: 3090.96, close: 3092.91, volume: 0),
        ]),
        Expected(file: "backtrader_2006-min-005.txt",
                 names: BarColumnNames(open: "Open", high: "High", low: "Low", volume: "Volume"), rows: [
            Row(time: 1138642200, open: 3679.29, high: 3679.40, low: 3676.31, close: 3677.52, volume: 0),
        ]),
        // The header has no Time column, every row has one: the fields after the date move one on.
        Expected(file: "backtrader_2006-01-02-volume-min-001.txt",
                 names: BarColumnNames(open: "Open", high: "High", low: "Low", volume: "Volume"), rows: [
            Row(time: 1136192460, open: 3602.00, high: 3603.00, low: 3597.00, close: 3599.00, volume: 5699),
            Row(time: 1136192700, open: 3597.00, high: 3598.00, low: 3596.00, close: 3598.00, volume: 1085),
        ]),
        // Rows up to 2001-09-14 have five fields: no volume there (a gap), then volume.
        Expected(file: "stooq_dax_d.csv", names: BarColumnNames(open: "Open", high: "High", low: "Low", volume: "Volume"), rows: [
            Row(time: 1000425600, open: 4385.88, high: 4441.17, low: 4115.98, close: 4115.98, volume: nil),
            Row(time: 1000684800, open: 4120.56, high: 4301.47, low: 3983.56, close: 4234.55, volume: 227260272),
        ]),
        // Newest first, decimal commas, dot thousands in Stuecke (shares; Volumen is turnover in euro);
        // ' ' in Erster/Hoch/Tief and empty Stuecke are gaps; 2002's Hoch and Tief are swapped in the file:
        // a high below the low is not trusted, both are gaps.
        Expected(file: "ariva_wkn_840400_historic.csv",
                 names: BarColumnNames(open: "Erster", high: "Hoch", low: "Tief", volume: "Stuecke"), rows: [
            Row(time: 1578614400, open: 221.50, high: 221.95, low: 220.25, close: 220.25, volume: 762_695),
            Row(time: 1262304000, open: nil, high: nil, low: nil, close: 87.15, volume: 0),
            Row(time: 1023062400, open: 214.4604, high: nil, low: nil, close: 210.7225, volume: nil),
        ]),
        // Quoted, thousands commas, volume in millions, `-` on the newest row.
        Expected(file: "investing_DAX_Historical_Data.csv",
                 names: BarColumnNames(open: "Open", high: "High", low: "Low", volume: "Vol."), rows: [
            Row(time: 1560470400, open: 12140.14, high: 12144.89, low: 12049.04, close: 12084.30, volume: nil),
            Row(time: 1560384000, open: 12095.21, high: 12201.78, low: 12079.60, close: 12169.05, volume: 69_170_000),
            Row(time: 1551398400, open: 11584.24, high: 11676.86, low: 11583.08, close: 11601.68, volume: 74_960_000),
        ]),
        // Lowercase names; `Volume MA` (a moving average) is not the volume.
        Expected(file: "tradingview_SP_SPX_1D.csv",
                 names: BarColumnNames(open: "open", high: "high", low: "low", volume: "Volume"), rows: [
            Row(time: -630840600, open: 16.85, high: 16.85, low: 16.85, close: 16.85, volume: 1_890_000),
            Row(time: 1001079000, open: 975.98, high: 984.54, low: 944.75, close: 965.8, volume: 2_317_300_000),
            Row(time: 1638887400, open: 4631.97, high: 4694.04, low: 4631.97, close: 4686.76, volume: 2_400_000_000),
        ]),
        // Newest first, two-digit years, Volume before `Adj. Close*`.
        Expected(file: "matplotlib_msft.csv", names: BarColumnNames(open: "Open", high: "High", low: "Low", volume: "Volume"),
                 rows: [
            Row(time: 1063843200, open: 28.49, high: 29.51, low: 28.42, close: 29.50, volume: 67_268_096),
        ]),
    ]

    static func path(_ file: String) -> String { RealFilesTests.dataDirectory + "/" + file }

    /// A value of a column at a point: nil for a gap.
    static func value(_ column: [Double]?, _ i: Int) -> Double? {
        guard let column, !column[i].isNaN else { return nil }
        return column[i]
    }

    @Test(arguments: cases)
    func rowsKeepTheirOpenHighLowAndVolume(_ e: Expected) throws {
        let loaded = try SeriesLoader.load(path: Self.path(e.file), options: LoadOptions(bars: .all))
        let bars = try #require(loaded.bars)
        #expect(loaded.barNames == e.names)
        #expect(bars.count == loaded.series.count && bars.hasCandles)
        #expect(loaded.report.badRows == 0)
        for row in e.rows {
            let i = try #require(loaded.series.times.firstIndex(of: row.time), "row at \(row.time)")
            #expect(loaded.series.prices[i] == row.close)
            #expect(Self.value(bars.open, i) == row.open, "open at \(row.time)")
            #expect(Self.value(bars.high, i) == row.high, "high at \(row.time)")
            #expect(Self.value(bars.low, i) == row.low, "low at \(row.time)")
            #expect(Self.value(bars.volume, i) == row.volume, "volume at \(row.time)")
        }
    }

    /// The line chart's load reads none of them, and the series is the same either way.
    @Test(arguments: cases)
    func aLineLoadReadsNoneOfThem(_ e: Expected) throws {
        let line = try SeriesLoader.load(path: Self.path(e.file))
        let candles = try SeriesLoader.load(path: Self.path(e.file), options: LoadOptions(bars: .all))
        #expect(line.bars == nil)
        #expect(line.barNames == e.names)
        // Only a load that reads the high and low can find them wrong.
        var report = candles.report
        report.untrustedRanges = 0
        report.firstUntrustedRange = nil
        #expect(line.series == candles.series && line.report == report)
    }

    /// A high below the close (or the low), or a low above the close, cannot be the row's:
    /// the row keeps its close, its high and low are gaps (the candle spans its open and
    /// close), and the report says so with the first such line, as it says bad rows.
    @Test func aHighBelowTheCloseOrALowAboveItIsSaidWithItsLineAndNotTrusted() throws {
        let text = "Date,Open,High,Low,Close\n2024-01-02,100,102,99,101\n2024-01-03,101,0,0,102\n"
            + "2024-01-04,102,104,103.5,103\n2024-01-05,103,102,104,103\n2024-01-08,103,105,102,104\n"
        let loaded = try SeriesLoader.load(bytes: Array(text.utf8), fileName: "hl.csv", options: LoadOptions(bars: .all))
        let bars = try #require(loaded.bars)
        #expect(loaded.series.prices == [101, 102, 103, 103, 104], "every close is kept")
        #expect((0..<5).map { Self.value(bars.high, $0) } == [102, nil, nil, nil, 105])
        #expect((0..<5).map { Self.value(bars.low, $0) } == [99, nil, nil, nil, 102])
        #expect(loaded.report.badRows == 0)
        #expect(loaded.report.summary == "3 rows with a high and low that cannot be right: drawn without them "
                    + "(first: line 3: high '0' is below the close '102')")
        let span = CandleSeries(bars: bars, closes: loaded.series.prices).span(1...3)
        #expect(span.low == 101 && span.high == 103, "the axis is not stretched to 0")
    }

    /// Rows appended to a followed file are checked the same way.
    @Test func anAppendedRowWithAHighBelowItsCloseIsNotTrusted() throws {
        var parser = CSVStreamParser(file: "f.csv", options: LoadOptions(bars: .all))
        parser.feed(Array("Date,Open,High,Low,Close\n2024-01-02,100,102,99,101\n2024-01-03,101,103,100,102\n".utf8))
        _ = try parser.takeNewRows()
        parser.feed(Array("2024-01-04,102,0,0,103\n".utf8))
        let rows = try parser.takeNewRows()
        #expect(rows.prices == [103])
        #expect(Self.value(rows.bars?.high, 0) == nil && Self.value(rows.bars?.low, 0) == nil)
        #expect(rows.report.summary?.contains("line 4: high '0' is below the close '103'") == true, "\(rows.report)")
    }

    /// The same columns, read on every core and in one pass, to the byte, also split at
    /// awkward places (inside quotes, at every few lines).
    @Test(arguments: cases)
    func parallelReadsAgreeWithOnePass(_ e: Expected) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.path(e.file))))
        let options = LoadOptions(bars: .all)
        let single = try SeriesLoader.load(bytes: bytes, fileName: e.file, options: options)
        for parts in [2, 3, 7] {
            let splits = (1..<parts).map { bytes.count * $0 / parts + $0 * 13 % 41 }
            let split = try bytes.withUnsafeBytes {
                try SeriesLoader.load(bytes: $0, fileName: e.file, options: options, splits: splits)
            }
            #expect(split.series == single.series && split.report == single.report, "\(parts) parts")
            #expect(Self.bitPatterns(split.bars) == Self.bitPatterns(single.bars), "\(parts) parts, bit for bit")
        }
    }

    /// NaN is not equal to itself: compare the columns by their bits.
    static func bitPatterns(_ bars: BarColumns?) -> [[UInt64]?] {
        [bars?.open, bars?.high, bars?.low, bars?.volume].map { $0?.map(\.bitPattern) }
    }
}
