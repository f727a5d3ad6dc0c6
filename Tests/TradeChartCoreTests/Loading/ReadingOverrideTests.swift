import Testing
@testable import TradeChartCore

/// `--columns`, `--date-format` and `--separator`: what a user says instead of the guess,
/// and a wrong one refused with the row and the column named.
@Suite("Loading with --columns, --date-format and --separator")
struct ReadingOverrideTests {
    func load(_ text: String, _ reading: ReadingOverrides) throws(LoadError) -> LoadedSeries {
        try SeriesLoader.load(bytes: Array(text.utf8), fileName: "f.csv", options: LoadOptions(bars: .all, reading: reading))
    }

    func error(_ text: String, _ reading: ReadingOverrides) -> LoadError? {
        do throws(LoadError) {
            _ = try load(text, reading)
            return nil
        } catch {
            return error
        }
    }

    @Test func columnsNameEachColumn() throws {
        let loaded = try load("1.5,2024-01-02,x,9\n1.6,2024-01-03,y,8\n", ReadingOverrides(columns: "close,time,-,volume"))
        #expect(loaded.series.prices == [1.5, 1.6])
        #expect(loaded.series.times == [1_704_153_600, 1_704_240_000])
        #expect(loaded.bars?.volume == [9, 8])
        #expect(loaded.report.readAs == nil)
        #expect(loaded.layout == "columns as --columns names them, no header")
    }

    @Test func columnsOverAHeaderSkipIt() throws {
        let loaded = try load("when,what\n2024-01-02,5\n", ReadingOverrides(columns: "date,price"))
        #expect(loaded.series.prices == [5])
        #expect(loaded.report.dataRows == 1)
    }

    @Test func dateAndTimeMayBeSeparate() throws {
        let loaded = try load("x;02.01.2024;09:30;7\n", ReadingOverrides(columns: "-,date,time,close", separator: ";"))
        #expect(loaded.series.times == [1_704_187_800])
    }

    @Test func dateFormatReadsThePattern() throws {
        let loaded = try load("Time,Close\n02/01/2024 22h05,1.5\n03/01/2024 01h00,1.6\n",
                              ReadingOverrides(dateFormat: "%d/%m/%Y %Hh%M"))
        #expect(loaded.series.times == [1_704_233_100, 1_704_243_600] as [Int64])
        let named = try load("14 June 2019 3:30 PM,1\n", ReadingOverrides(dateFormat: "%d %B %Y %I:%M %p"))
        #expect(named.series.times == [1_560_526_200] as [Int64])
        let headerless = try load("2024|002,1\n2024|003,2\n", ReadingOverrides(dateFormat: "%Y|%j"))
        #expect(headerless.series.times == [1_704_153_600, 1_704_240_000])
    }

    @Test func separatorIsUsed() throws {
        let loaded = try load("2024-01-02|1.5\n2024-01-03|1.6\n", ReadingOverrides(separator: "pipe"))
        #expect(loaded.series.prices == [1.5, 1.6])
        let tab = try load("Date\tClose\n2024-01-02\t1,5\n", ReadingOverrides(separator: "tab"))
        #expect(tab.series.prices == [1.5])
    }

    /// A wrong override: the first row says so, naming the line and the column.
    @Test func aWrongOverrideNamesTheRowAndTheColumn() {
        let price = error("2024-01-02,abc,1.5\n", ReadingOverrides(columns: "time,close,-"))
        #expect(price?.description == "f.csv: line 1: column 2 (close): price 'abc' is not a number, as --columns time,close,- read it")
        let time = error("Date,Close\n02.01.2024,1.5\n", ReadingOverrides(dateFormat: "%Y-%m-%d"))
        #expect(time?.description == "f.csv: line 2: column 1 (Date): time '02.01.2024' is not a date, as --date-format '%Y-%m-%d' read it")
        let headerless = error("02.01.2024,1.5\n", ReadingOverrides(dateFormat: "%Y-%m-%d"))
        #expect(headerless?.line == 1)
        #expect(headerless?.description.contains("column 1 is '02.01.2024'") == true)
    }

    /// Only the first row is a test: later bad rows are skipped and counted as always.
    @Test func laterBadRowsAreSkipped() throws {
        let loaded = try load("2024-01-02,1\n2024-01-03,x\n", ReadingOverrides(columns: "time,close"))
        #expect(loaded.report.badRows == 1)
        #expect(loaded.report.firstBadLine == 2)
    }

    @Test func overridesAreCheckedAsWritten() {
        #expect(ReadingOverrides(separator: "ab").problem?.contains("'ab' is not a separator") == true)
        #expect(ReadingOverrides(columns: "time,opn").problem?.contains("column 2 'opn' is not a column name") == true)
        #expect(ReadingOverrides(dateFormat: "%Y-%m-%Q").problem?.contains("%Q is not a field") == true)
        #expect(ReadingOverrides(dateFormat: "%H:%M").problem?.contains("needs a year") == true)
        #expect(ReadingOverrides(columns: "Date,Adj Close,-", dateFormat: "%F %T", separator: ";").problem == nil)
        // Given to the loader anyway, the file is refused with the option's message.
        #expect(error("2024-01-02,1\n", ReadingOverrides(separator: "ab"))?.description.contains("--separator 'ab'") == true)
    }
}
