import Testing
@testable import TradeChartCore

/// Rows that the column's decisions leave out (a date that fits no day/month order of
/// the column, a Unix time in a smaller unit than the column's) are bad rows, and a
/// followed file says so as the same file loaded says it: dropped while rows are handed
/// out one look at a time, they are counted, with the first one's reason.
@Suite("Following: rows left out are reported")
struct FollowedBadRowTests {
    /// The report the viewer last got for `text` followed a line per look through the
    /// follower's own glue (`FollowChange.rows`): a whole series first, then rows appended.
    static func followed(_ text: String) -> (report: LoadReport?, appended: Int) {
        var parser = CSVStreamParser(file: "f.csv")
        var shown = false
        var report: LoadReport?
        var appended = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            parser.feed(Array((line + "\n").utf8))
            switch FollowChange.rows(of: &parser, name: "f.csv", whole: false, shown: shown) {
            case .updated(let loaded, _):
                shown = true
                report = loaded.report
            case .appended(let rows):
                appended += 1
                report = rows.report
            default:
                break
            }
        }
        return (report, appended)
    }

    static let cases: [(name: String, text: String)] = [
        ("a day-first date in a month-first column",
         "Date,Close\n01/13/2019,1\n01/14/2019,2\n01/15/2019,3\n13/01/2019,4\n01/16/2019,5\n"),
        ("a second among milliseconds",
         "time,close\n1546300800000,1\n1546387200000,2\n1546473600000,3\n1546560000,4\n1546646400000,5\n"),
        ("two bad rows after the chart began",
         "Date,Close\n01/13/2019,1\n01/14/2019,2\n31/01/2019,4\n01/15/2019,3\n30/01/2019,4\n01/16/2019,5\n"),
    ]

    @Test(arguments: cases)
    func aFollowedFileReportsTheRowsALoadReports(_ c: (name: String, text: String)) throws {
        let loaded = try SeriesLoader.load(bytes: Array(c.text.utf8), fileName: "f.csv")
        let followed = Self.followed(c.text)
        #expect(followed.appended > 0, "rows were appended, not only given whole")
        #expect(loaded.report.badRows > 0)
        #expect(followed.report?.badRows == loaded.report.badRows, "\(c.name)")
        #expect(followed.report?.summary == loaded.report.summary, "\(c.name)")
    }
}
