import Foundation
import Testing
@testable import TradeChartCore

/// Times written with a UTC offset (`+01:00`, `Z`) or as Unix times keep, beside their
/// wall clock, what places them in UTC: the offsets as runs, carried through sorting,
/// duplicates, the day/month order, parts on threads and following, so `--tz` alone can
/// show them in another zone.
@Suite("Loading: UTC offsets")
struct UTCOffsetTests {
    static func local(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int) -> Int64 {
        DisplayClockTests.local(y, m, d, h, min)
    }

    static func load(_ name: String) throws -> LoadedSeries {
        try SeriesLoader.load(path: HostileInputTests.path(name))
    }

    @Test func offsetsAreKeptAsRunsWithTheWrittenWallClock() throws {
        let s = try Self.load("offsets.csv").series
        // +0100, Z, -05:00, +01:00: the wall clock as written, each row's offset beside it.
        #expect(s.utcOffsets == UTCOffsetRuns(starts: [0, 1, 2, 3], offsets: [3600, 0, -18_000, 3600]))
        #expect(s.utcOffsets?.offset(at: 2) == -18_000)
    }

    @Test func newestFirstAcrossTheSpringChangeKeepsEachPointsOffset() throws {
        let s = try Self.load("offsets_dst_newest_first.csv").series
        #expect(s.times == [Self.local(2019, 3, 29, 9, 0), Self.local(2019, 3, 29, 9, 1), Self.local(2019, 3, 29, 17, 30),
                            Self.local(2019, 4, 1, 9, 0), Self.local(2019, 4, 1, 9, 1)])
        #expect(s.utcOffsets == UTCOffsetRuns(starts: [0, 3], offsets: [3600, 7200]))
    }

    @Test func unsortedAcrossTheAutumnChangeKeepsTheOffsetOfTheRowKept() throws {
        let loaded = try Self.load("offsets_dst_unsorted_duplicate.csv")
        // 02:30 happens twice on 27 October; the row read last (+01:00, price 3) is kept.
        #expect(loaded.series.prices == [1, 7, 3, 4, 5])
        #expect(loaded.report.duplicatesDropped == 1)
        #expect(loaded.series.utcOffsets == UTCOffsetRuns(starts: [0, 2], offsets: [7200, 3600]))
    }

    @Test func slashedDatesThatDoNotFitTheOrderTakeTheirOffsetAlong() throws {
        let loaded = try Self.load("offsets_dst_day_first_slashed.csv")
        #expect(loaded.series.prices == [1, 2, 3, 4])
        #expect(loaded.report.badRows == 1)
        #expect(loaded.series.utcOffsets == UTCOffsetRuns(starts: [0, 2], offsets: [3600, 7200]))
    }

    @Test func rowsWithoutAnOffsetAmongOthersLeaveTheSeriesWithout() throws {
        #expect(try Self.load("offsets_on_some_rows.csv").series.utcOffsets == nil)
        #expect(try Self.load("unsorted.csv").series.utcOffsets == nil)
    }

    @Test func realExports() throws {
        func load(_ file: String) throws -> PriceSeries {
            try SeriesLoader.load(path: RealFilesTests.dataDirectory + "/" + file).series
        }
        // TradingView's Unix seconds are UTC: one run of offset 0 for 18,000 rows.
        #expect(try load("tradingview_SP_SPX_1D.csv").utcOffsets == UTCOffsetRuns(starts: [0], offsets: [0]))
        // Naive local times (the S&P minutes are New York's wall clock, written without a zone).
        #expect(try load("SP500_1min_2019-11-05_to_08_mplfinance.csv").utcOffsets == nil)
        #expect(try load("backtrader_2006-min-005.txt").utcOffsets == nil)
    }

    /// A generated year of minute bars in Berlin time, written with its offsets: two changes.
    static func berlinMinutes() -> [UInt8] {
        var text = "Datetime,Close\n"
        let berlin = DisplayClockTests.berlin
        var day = CivilDate(year: 2019, month: 1, day: 2).dayNumber
        var price = 100.0
        while day < CivilDate(year: 2019, month: 12, day: 31).dayNumber {
            defer { day += 3 }
            for minute in stride(from: 9 * 60, to: 17 * 60 + 30, by: 47) {
                let local = day * 86_400 + Int64(minute * 60)
                let offset = Int(berlin.offset(atUTC: berlin.utc(fromLocal: local)))
                let date = CivilDate(dayNumber: day)
                text += String(format: "%04d-%02d-%02d %02d:%02d:00+%02d:00,%.2f\n", date.year, date.month, date.day,
                               minute / 60, minute % 60, offset / 3600, price)
                price += 0.25
            }
        }
        return Array(text.utf8)
    }

    @Test func aGeneratedYearReadInPartsOrFollowedEqualsOnePass() throws {
        let bytes = Self.berlinMinutes()
        let whole = try SeriesLoader.load(bytes: bytes, fileName: "berlin.csv")
        #expect(whole.series.utcOffsets?.offsets == [3600, 7200, 3600])
        // The change in spring (the last Sunday of March): the first day written after it.
        let spring = try #require(whole.series.utcOffsets?.starts[1])
        #expect(LocalTime.date(whole.series.times[spring]) == CivilDate(year: 2019, month: 4, day: 2))
        #expect(LocalTime.date(whole.series.times[spring - 1]) == CivilDate(year: 2019, month: 3, day: 30))
        for splits in [[bytes.count / 2], [bytes.count / 5, bytes.count / 3, bytes.count * 4 / 5], [spring * 32]] {
            #expect(ParallelLoadTests.inParts(bytes, "berlin.csv", splits) == .success(whole), "\(splits)")
        }
        let followed = try AppendedRowsTests.follow(bytes, name: "berlin.csv")
        #expect(followed.series == whole.series)
    }

    @Test func followedRowsAcrossAChangeExtendTheRuns() throws {
        var parser = CSVStreamParser(file: "f.csv")
        parser.feed(Array("Datetime,Close\n2019-03-29 17:00:00+01:00,1\n".utf8))
        var series = PriceSeries(name: "f.csv", times: [], prices: [], hasTimeOfDay: false)
        var rows = try parser.takeNewRows()
        _ = series.append(times: rows.times, prices: rows.prices, offsets: rows.offsets)
        parser.feed(Array("2019-04-01 09:00:00+02:00,2\n2019-04-01 09:01:00+02:00,3\n".utf8))
        rows = try parser.takeNewRows()
        #expect(rows.offsets == UTCOffsetRuns(starts: [0], offsets: [7200]))
        #expect(series.append(times: rows.times, prices: rows.prices, offsets: rows.offsets) == .extended(from: 1))
        #expect(series.utcOffsets == UTCOffsetRuns(starts: [0, 1], offsets: [3600, 7200]))
        // A row out of order is sorted in with its own offset.
        parser.feed(Array("2019-03-29 09:00:00+01:00,0\n".utf8))
        rows = try parser.takeNewRows()
        #expect(series.append(times: rows.times, prices: rows.prices, offsets: rows.offsets) == .reordered)
        #expect(series.prices == [0, 1, 2, 3])
        #expect(series.utcOffsets == UTCOffsetRuns(starts: [0, 2], offsets: [3600, 7200]))
        #expect(series == (try parser.snapshot().series))
    }
}
