import Foundation
import Testing
@testable import TradeChartCore

/// Following cheaply: rows handed out by the parser as they complete, appended to
/// the series and the min-max index in place, give what a load from scratch gives.
@Suite("Loading: appended rows")
struct AppendedRowsTests {
    /// Feeds `bytes` one line at a time, appending the new rows after each line as a follower would.
    /// A file's last line is complete for a follower once its line end arrives: one is added when missing.
    static func follow(_ file: [UInt8], name: String) throws -> (series: PriceSeries, index: MinMaxIndex, parser: CSVStreamParser,
                                                                   reorders: Int, rebuilds: Int) {
        let bytes = file.last == 0x0A ? file : file + [0x0A]
        var parser = CSVStreamParser(file: name)
        var series = PriceSeries(name: name, times: [], prices: [], hasTimeOfDay: false)
        var index = MinMaxIndex([])
        var reorders = 0, rebuilds = 0
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            parser.feed(Array(bytes[start...i]))
            start = i + 1
            guard parser.layout != nil else { continue }
            let rows = try parser.takeNewRows()
            if rows.columnChanged {
                series = try parser.snapshot().series
                index = MinMaxIndex(series.prices)
                rebuilds += 1
            } else if index.append(times: rows.times, prices: rows.prices, offsets: rows.offsets, to: &series) == .reordered {
                reorders += 1
            }
        }
        return (series, index, parser, reorders, rebuilds)
    }

    static func expectSameAnswers(_ index: MinMaxIndex, _ fresh: MinMaxIndex, _ label: String) {
        #expect(index.levels == fresh.levels, "\(label)")
        var rng = SplitMix64(seed: 3)
        for _ in 0..<200 where fresh.count > 0 {
            let lo = Int(rng.next() % UInt64(fresh.count)), hi = lo + Int(rng.next() % UInt64(fresh.count - lo))
            #expect(index.minMax(lo...hi) == fresh.minMax(lo...hi), "\(label) \(lo)...\(hi)")
        }
    }

    @Test(arguments: ["SP500_1min_2019-11-05_to_08_mplfinance.csv", "matplotlib_msft.csv", "investing_DAX_Historical_Data.csv",
                      "GDAXI.csv"])
    func aRealExportFollowedLineByLineEqualsALoad(_ file: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: RealFilesTests.dataDirectory + "/" + file)))
        let followed = try Self.follow(bytes, name: file)
        let loaded = try SeriesLoader.load(bytes: bytes, fileName: file)
        #expect(followed.series == loaded.series)
        Self.expectSameAnswers(followed.index, MinMaxIndex(loaded.series.prices), file)
        // Oldest-first files only ever extend; investing.com and this matplotlib sample are newest first.
        #expect((followed.reorders > 0) == ["investing_DAX_Historical_Data.csv", "matplotlib_msft.csv"].contains(file))
    }

    @Test(arguments: ["unsorted.csv", "duplicates.csv", "newest_first_duplicates.csv", "day_first_slash.csv",
                      "fuzz_follow_one_intraday_point_then_a_day.csv",
                      "month_first_ambiguous.csv", "unix_ms.csv", "multiline_note_crlf.csv", "unclosed_quote_note.csv"])
    func aHostileFixtureFollowedLineByLineEqualsALoad(_ name: String) throws {
        let bytes = try QuoteRuleTests.bytes(name)
        let followed = try Self.follow(bytes, name: name)
        let loaded = try SeriesLoader.load(bytes: bytes, fileName: name)
        #expect(followed.series.times == loaded.series.times, "\(name)")
        #expect(followed.series.prices == loaded.series.prices, "\(name)")
        #expect(followed.series.hasTimeOfDay == loaded.series.hasTimeOfDay, "\(name)")
        Self.expectSameAnswers(followed.index, MinMaxIndex(loaded.series.prices), name)
    }

    /// Day/month order is only known once a row rules one out: the rows before are then re-read.
    @Test func aRowThatSettlesTheDayMonthOrderSaysSo() throws {
        var parser = CSVStreamParser(file: "s.csv")
        parser.feed(Array("Date,Close\n01/02/2019,1\n03/02/2019,2\n".utf8))
        let first = try parser.takeNewRows()
        #expect(!first.columnChanged)
        #expect(first.times == [CivilDate(year: 2019, month: 1, day: 2).dayNumber * 86_400,
                                CivilDate(year: 2019, month: 3, day: 2).dayNumber * 86_400])
        parser.feed(Array("25/02/2019,3\n".utf8))
        let second = try parser.takeNewRows()
        #expect(second.columnChanged)
        #expect(second.times == [CivilDate(year: 2019, month: 2, day: 25).dayNumber * 86_400])
        #expect(try parser.takeNewRows() == NewRows(times: [], prices: [], columnChanged: false, report: parser.report,
                                                             reportBefore: parser.report))
    }

    @Test func appendingInOrderExtendsAndOutOfOrderReorders() {
        let day: Int64 = 86_400
        var series = PriceSeries(name: "s", times: [day, 2 * day], prices: [1, 2], hasTimeOfDay: false)
        let first = series.append(times: [3 * day, 4 * day], prices: [3, 4])
        #expect(first == .extended(from: 2))
        #expect(!series.hasTimeOfDay)
        let second = series.append(times: [4 * day + 60], prices: [5])
        #expect(second == .extended(from: 4))
        #expect(series.hasTimeOfDay)
        // A repeated time keeps the row read last; an older time is sorted in.
        let third = series.append(times: [4 * day + 60, 0], prices: [6, 0])
        #expect(third == .reordered)
        let expectedTimes: [Int64] = [0, day, 2 * day, 3 * day, 4 * day, 4 * day + 60]
        #expect(series.times == expectedTimes)
        #expect(series.prices == [0, 1, 2, 3, 4, 6])
    }
}
