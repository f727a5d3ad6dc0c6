import Foundation
import Testing
@testable import TradeChartCore

/// Hostile inputs from `Fixtures/Hostile`: each gives a one-line error naming the
/// file or a correct series, never a crash.
@Suite("Loading hostile inputs")
struct HostileInputTests {
    static func path(_ name: String) -> String {
        Bundle.module.url(forResource: "Fixtures/Hostile/" + name, withExtension: nil)!.path
    }

    static func day(_ iso: String) -> Int64 {
        let p = iso.split(separator: "-").map { Int($0)! }
        return CivilDate(year: p[0], month: p[1], day: p[2]).dayNumber * 86_400
    }

    func load(_ name: String, _ options: LoadOptions = .init()) -> Result<LoadedSeries, LoadError> {
        let p = Self.path(name)
        return Result { () throws(LoadError) in try SeriesLoader.load(path: p, options: options) }
    }

    /// Loads and expects an error: one line, naming the file.
    func failure(_ name: String, _ options: LoadOptions = .init()) -> LoadError? {
        switch load(name, options) {
        case .success(let s):
            Issue.record("\(name) loaded \(s.series.count) points, expected an error")
            return nil
        case .failure(let e):
            #expect(!e.description.contains("\n"))
            #expect(e.description.hasPrefix(Self.path(name) + ": "), "\(e.description)")
            #expect(!e.description.unicodeScalars.contains { TextSanitizer.isControl($0) })
            return e
        }
    }

    func success(_ name: String, _ options: LoadOptions = .init()) -> LoadedSeries? {
        switch load(name, options) {
        case .success(let s): return s
        case .failure(let e):
            Issue.record("\(name): \(e)")
            return nil
        }
    }

    @Test func emptyAndBlankFilesAreEmpty() {
        #expect(failure("empty.csv") == .empty(file: Self.path("empty.csv")))
        #expect(failure("only_blank_lines.csv") == .empty(file: Self.path("only_blank_lines.csv")))
    }

    @Test func headerOnlyHasNoRows() {
        guard case .noValidRows(_, nil, let reason)? = failure("header_only.csv") else { Issue.record("wrong error"); return }
        #expect(reason == "no data rows after the header")
    }

    @Test func binaryAndUTF16AreNotText() {
        guard case .notText? = failure("binary.bin") else { Issue.record("binary"); return }
        guard case .notText(_, _, let r)? = failure("utf16_bom.csv") else { Issue.record("utf16"); return }
        #expect(r.contains("UTF-16"))
        guard case .notText? = failure("utf16_no_bom.csv") else { Issue.record("utf16 no BOM"); return }
    }

    @Test func onlyNullsSaysSo() {
        let e = failure("only_nulls.csv")
        #expect(e?.description.contains("no prices (all 3 rows have an empty, null or NaN Close)") == true)
    }

    @Test func nanIsMissingInfinityIsBad() throws {
        let s = try #require(success("nan_inf.csv"))
        #expect(s.series.prices == [5])
        #expect(s.report.missingPrices == 1)
        #expect(s.report.badRows == 3)
        #expect(s.report.firstBadLine == 3)
        #expect(s.report.summary == "3 bad rows skipped (first: line 3: price 'inf' is out of range)")
    }

    /// Zero and negative prices are real (WTI oil on 2020-04-20) and kept.
    @Test func negativeAndZeroPricesAreKept() throws {
        let s = try #require(success("negative_zero.csv"))
        #expect(s.series.prices == [18.27, -37.63, 0, -0.0])
        #expect(s.report.summary == nil)
    }

    @Test func mixedDateFormatsKeepTheFirstFormat() throws {
        let s = try #require(success("mixed_dates.csv"))
        #expect(s.series.times == [Self.day("2019-01-02"), Self.day("2019-01-04")])
        #expect(s.report.badRows == 3)
        #expect(s.report.firstBadLine == 3)
        #expect(s.report.firstBadReason == "time '1/3/2019' is not in the column's format (YYYY-MM-DD)")
    }

    @Test func duplicatesKeepTheLastRowInFileOrder() throws {
        let s = try #require(success("duplicates.csv"))
        #expect(s.series.times == [Self.day("2019-01-02"), Self.day("2019-01-03")])
        #expect(s.series.prices == [3, 5])
        #expect(s.report.duplicatesDropped == 2)
        #expect(s.report.summary == "2 duplicate timestamps dropped (last row kept)")
    }

    @Test func newestFirstWithDuplicatesKeepsTheLaterRow() throws {
        let s = try #require(success("newest_first_duplicates.csv"))
        #expect(s.series.prices == [2, 33, 4])
        #expect(s.report.duplicatesDropped == 1)
    }

    @Test func unsortedRowsAreSorted() throws {
        let s = try #require(success("unsorted.csv"))
        #expect(s.series.prices == [1, 2, 3, 4, 5])
        #expect(s.series.times.first == Self.day("2019-01-01"))
    }

    @Test func anOpenQuoteInTheTimeColumnCostsOneRow() throws {
        let s = try #require(success("open_quote.csv"))
        #expect(s.series.prices == [1, 2, 4])
        #expect(s.report.badRows == 1)
        #expect(s.report.firstBadLine == 4)
        #expect(s.report.firstBadReason == "a quote is left open")
    }

    @Test func escapeSequencesInTheHeaderNeverReachTheMessage() throws {
        guard case .noPriceColumn(_, let columns)? = failure("header_escape.csv") else { Issue.record("wrong error"); return }
        #expect(columns == ["Date", "[31mClose [0m"])
        let s = try #require(success("header_bell.csv"))
        #expect(s.series.count == 2)
    }

    @Test func hugeNumbers() throws {
        let s = try #require(success("huge_numbers.csv"))
        #expect(s.series.prices == [1e308, 123456789012345678901234567890.0])
        #expect(s.report.badRows == 2)
        #expect(s.report.firstBadReason == "price '1e400' is out of range")
    }

    @Test func impossibleDatesAndTimesAreBadRows() throws {
        let feb = try #require(success("feb30.csv"))
        #expect(feb.series.prices == [1, 4])
        #expect(feb.report.badRows == 2)
        #expect(feb.report.firstBadReason == "date '2019-02-29' does not exist")
        let hours = try #require(success("hour25.csv"))
        #expect(hours.series.prices == [1, 4])
        #expect(hours.report.firstBadReason == "time of day in '2019-01-02 25:00' is out of range")
        #expect(hours.series.hasTimeOfDay)
    }

    @Test func mixedSeparatorsGiveNoValidRows() {
        guard case .noValidRows(_, 2?, let reason)? = failure("mixed_separators.csv") else { Issue.record("wrong error"); return }
        #expect(reason.contains("too few for the price column"))
    }

    @Test func oneRowWithoutFinalNewline() throws {
        let s = try #require(success("one_row.csv"))
        #expect(s.series.times == [Self.day("2019-01-02")])
        #expect(s.series.prices == [42.5])
        #expect(!s.series.hasTimeOfDay)
    }

    @Test func missingHeaderOrColumns() {
        // Without a header the rows are read by their shape (issue 23): a date and a number are the close.
        #expect((try? load("no_header.csv").get())?.report.readAs == "time, close (no header)")
        guard case .noTimeColumn? = failure("no_time_column.csv") else { Issue.record("no time"); return }
        let e = failure("no_price_column.csv")
        #expect(e?.description == Self.path("no_price_column.csv")
            + ": no price column (looked for Close, Adj Close, Price, Last, Value, Schlusskurs, Kurs; found Date, Open, Volume)")
    }

    @Test func columnOption() throws {
        let s = try #require(success("no_price_column.csv", LoadOptions(column: "volume")))
        #expect(s.series.prices == [100])
        let e = failure("no_price_column.csv", LoadOptions(column: "Close"))
        #expect(e?.description == Self.path("no_price_column.csv") + ": no column 'Close' (columns: Open, Volume)")
    }

    @Test func titleOptionNamesTheSeries() throws {
        let s = try #require(success("one_row.csv", LoadOptions(name: "DAX\u{1b}[2J")))
        #expect(s.series.name == "DAX [2J")
        #expect(try #require(success("one_row.csv")).series.name == "one_row.csv")
    }

    @Test func bomCRLFQuotedThousands() throws {
        let s = try #require(success("bom_crlf_quoted.csv"))
        #expect(s.series.prices == [12169.05, 12084.3])
        #expect(s.series.times.last == Self.day("2019-06-14"))
    }

    @Test func blankLinesAnywhere() throws {
        let s = try #require(success("blank_lines.csv"))
        #expect(s.series.prices == [1, 2])
        #expect(s.report.summary == nil)
        #expect(s.report.dataRows == 2)
    }

    @Test func semicolonsWithDecimalCommasAndDotThousands() throws {
        let s = try #require(success("semicolon_decimal_comma.csv"))
        #expect(s.series.prices == [1_015_234.5, 15234.56])
        let tab = try #require(success("tab_separated.tsv"))
        #expect(tab.series.prices == [1.5, 2.5])
        let hint = try #require(success("sep_hint.csv"))
        #expect(hint.series.prices == [1.5])
    }

    @Test func unixMillisecondsBefore1970() throws {
        let s = try #require(success("unix_ms.csv"))
        #expect(s.series.times == [-86_400, 0, 1_560_470_400])
        #expect(!s.series.hasTimeOfDay)
    }

    @Test func slashedDayMonthOrderFromTheWholeColumn() throws {
        let dm = try #require(success("day_first_slash.csv"))
        #expect(dm.series.times == [Self.day("2019-01-02"), Self.day("2019-01-13"), Self.day("2019-02-01")])
        let md = try #require(success("month_first_ambiguous.csv"))
        #expect(md.series.times == [Self.day("2019-01-02"), Self.day("2019-02-01")])
        #expect(md.series.prices == [1, 2])
    }

    @Test func quotedNewlinesKeepLineNumbers() throws {
        let s = try #require(success("embedded_newline.csv"))
        #expect(s.series.prices == [1])
        #expect(s.report.firstBadLine == 4)
    }

    @Test func raggedRows() throws {
        let s = try #require(success("ragged_rows.csv"))
        #expect(s.series.prices == [2, 4])
        #expect(s.report.badRows == 2)
        #expect(s.report.firstBadReason == "the row has 2 fields, too few for the price column")
    }

    @Test func offsetsKeepTheWrittenWallClock() throws {
        let s = try #require(success("offsets.csv"))
        let base = Self.day("2019-06-14") + 9 * 3600 + 30 * 60
        #expect(s.series.times == [base, base + 60, base + 120, base + 180])
        #expect(s.series.hasTimeOfDay)
    }

    @Test func amPm() throws {
        let s = try #require(success("am_pm.csv"))
        let d = Self.day("2019-06-14")
        #expect(s.series.times == [d + 1800, d + 12 * 3600, d + 13 * 3600 + 1800])
        #expect(s.series.prices == [1, 3, 2])
    }

    @Test func germanDottedDatesWithTimeColumn() throws {
        let s = try #require(success("german_dotted.csv"))
        #expect(s.series.times == [Self.day("2019-06-14") + 9 * 3600, Self.day("2019-06-14") + 17 * 3600 + 1800])
        #expect(s.series.prices == [12084.3, 12096])
    }

    @Test func textPricesAreBadRows() throws {
        let s = try #require(success("price_text.csv"))
        // `2019-01-07,1,2.3.4` has one field too many; Close is its second field, "1".
        #expect(s.series.prices == [1, 3, 1])
        #expect(s.report.summary == "1 bad row skipped (line 3: price 'abc' is not a number)")
    }

    @Test func garbageRowsOnly() {
        guard case .noValidRows(_, 2?, let reason)? = failure("garbage_rows.csv") else { Issue.record("wrong error"); return }
        #expect(reason.hasPrefix("no valid rows (all 3 data rows with a price are bad; first: "))
    }

    @Test func doubledQuotesInsideAFieldAreNotANumber() throws {
        let s = try #require(success("doubled_quotes.csv"))
        #expect(s.series.prices == [5])
        #expect(s.report.firstBadReason == "price '12\"\"5' is not a number")
    }

    @Test func twoDigitYearsPivotAt69() throws {
        let s = try #require(success("two_digit_years.csv"))
        #expect(s.series.times == [Self.day("1970-01-01"), Self.day("1999-06-15"), Self.day("2068-12-31")])
    }

    @Test func controlCharactersInAPriceAreCleanedInTheReason() throws {
        let s = try #require(success("control_in_price.csv"))
        #expect(s.series.prices == [7])
        #expect(s.report.firstBadReason == "price '[2J' is not a number")
    }

    @Test func dateAndTimeColumnsAndAnUnnamedTimeColumn() throws {
        let s = try #require(success("date_time_columns.csv"))
        let d = Self.day("2006-01-02")
        #expect(s.series.times == [d + 9 * 3600 + 300, d + 9 * 3600 + 600, d + 86_400 + 9 * 3600 + 300])
        let u = try #require(success("extra_unnamed_time.csv"))
        #expect(u.series.times == [d + 9 * 3600 + 300, d + 9 * 3600 + 600])
        #expect(u.series.prices == [2, 4])
    }

    @Test func aTwoMegabyteLineIsOneBadRow() throws {
        var bytes = Array("Date,Close\n2019-01-02,1\n2019-01-03,".utf8)
        bytes += [UInt8](repeating: 0x37, count: 2_000_000)
        bytes += Array("\n2019-01-04,3\n".utf8)
        let s = try SeriesLoader.load(bytes: bytes, fileName: "long.csv")
        #expect(s.series.prices == [1, 3])
        #expect(s.report.badRows == 1)
        #expect(s.report.firstBadLine == 3)
        // A header line over a megabyte is no header, whether its line end comes in the same chunk or later.
        let header = [UInt8](repeating: 0x41, count: 1_100_000) + Array("\n2019-01-02,1\n".utf8)
        let tooLong = LoadError.noHeader(file: "h.csv", line: 1, reason: "the first line is longer than 1 MiB")
        #expect(throws: tooLong) { try SeriesLoader.load(bytes: header, fileName: "h.csv") }
        var parser = CSVStreamParser(file: "h.csv")
        var i = 0
        while i < header.count {
            parser.feed(Array(header[i..<min(i + 65_536, header.count)]))
            i += 65_536
        }
        #expect(throws: tooLong) { try parser.finish() }
    }

    /// Every hostile fixture, fed in odd chunk sizes, equals the whole load (the fuzz property).
    @Test func everyFixtureChunkedEqualsWhole() throws {
        let dir = (Self.path("empty.csv") as NSString).deletingLastPathComponent
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names.count >= 30)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)))
            let whole = Result { () throws(LoadError) in try SeriesLoader.load(bytes: bytes, fileName: name) }
            for step in [1, 2, 7] {
                var parser = CSVStreamParser(file: name, expectedBytes: bytes.count)
                var i = 0
                while i < bytes.count {
                    parser.feed(Array(bytes[i..<min(i + step, bytes.count)]))
                    i += step
                }
                let chunked = Result { () throws(LoadError) in try parser.finish() }
                #expect(chunked == whole, "\(name) step \(step)")
            }
        }
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let e) = self { return e }
        return nil
    }

}

/// The report's "first bad line" is the earliest in the file, whatever order rows are judged in.
@Suite("Load report")
struct LoadReportOrderTests {
    @Test func theReportNamesTheEarliestBadLineEvenWhenFoundLate() throws {
        // Line 2 is month-first only, the rest day-first: line 2 is dropped once the
        // column's order is known (after the last row), but line 7 was found bad first.
        let text = "Date,Close\n01/13/2019,1\n13/01/2019,2\n14/01/2019,3\n15/01/2019,4\n17/01/2019,5\n16/01/2019,abc\n"
        let loaded = try SeriesLoader.load(bytes: Array(text.utf8), fileName: "order.csv")
        #expect(loaded.series.count == 4)
        #expect(loaded.report.badRows == 2)
        #expect(loaded.report.firstBadLine == 2)
        #expect(loaded.report.summary?.contains("line 2: date does not fit the column's day/month order") == true)
    }
}
