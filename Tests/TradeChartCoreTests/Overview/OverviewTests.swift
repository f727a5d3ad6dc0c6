import Foundation
import Testing
@testable import TradeChartCore

/// The overview of many files (issue 26): its rows, order, filter, marks and keys, its
/// frame as text at two sizes, and the chart it opens and goes back from.
@Suite("Overview")
struct OverviewTests {
    /// The bundled files, two generated walks (one rising, one falling) and a broken file.
    static func entries() throws -> [OverviewEntry] {
        let root = TestSeries.packageRoot.appendingPathComponent("Data").path
        var entries = try ["dax.csv", "sp500-1min.csv"].enumerated().map { k, name in
            OverviewEntry(path: "\(root)/\(name)", position: k, content: .loaded(try SeriesLoader.load(path: "\(root)/\(name)")))
        }
        for (k, (name, seed)) in [("walk-a.csv.gz", UInt64(3)), ("a-walk-with-a-very-long-name.csv", UInt64(11))].enumerated() {
            var series = TestSeries.daily(days: 400, level: 50, seed: seed)
            series.name = name
            entries.append(OverviewEntry(path: "/data/\(name)", position: 2 + k,
                                         content: .loaded(LoadedSeries(series: series, report: LoadReport()))))
        }
        entries.append(OverviewEntry(path: "/data/broken.csv", position: 4, content: .failed("no time column")))
        return entries
    }

    static func overview(columns: Int = 100, rows: Int = 12, range: ChartRange = .oneYear) throws -> OverviewState {
        OverviewState(title: "prices", entries: try entries(), range: range, options: ViewerOptions(morphDuration: 1),
                      columns: columns, rows: rows)
    }

    @Test func namesLoseFoldersAndPriceFileEndings() {
        #expect(OverviewEntry(path: "/a/b/dax.csv.gz", position: 0).name == "dax")
        #expect(OverviewEntry(path: "x/EURUSD.txt", position: 0).name == "EURUSD")
        #expect(OverviewEntry(path: "coin\u{1B}[31m.csv", position: 0).name.contains("\u{1B}") == false)
    }

    @Test(arguments: [(100, 12), (60, 10), (100, 16)])
    func theOverviewAsText(columns: Int, rows: Int) throws {
        let overview = try Self.overview(columns: columns, rows: rows)
        Golden.check(overview.frame(at: 0).plainText + "\n", name: "overview-1Y-\(columns)x\(rows).txt")
    }

    @Test func eachRowSaysItsLastCloseChangeAndDateAndABrokenFileItsReason() throws {
        let text = try Self.overview().frame(at: 0).plainText
        let dax = try #require(text.split(separator: "\n").first { $0.contains("dax ") })
        // dax.csv: 11,876.65 on 13 May 2019, -8.65 % over the year (as the chart's header says).
        #expect(dax.contains("11,876.65") && dax.contains("-8.65%") && dax.contains("13 May 2019"))
        #expect(text.contains("broken") && text.contains("no time column"))
        #expect(text.contains("5 files · 1 without a chart · by name"))
    }

    @Test func oCyclesTheOrderAndSaysIt() throws {
        var overview = try Self.overview()
        let names = { (o: OverviewState) in o.visible.map { o.entries[$0].name } }
        #expect(names(overview) == ["a-walk-with-a-very-long-name", "broken", "dax", "sp500-1min", "walk-a"])
        _ = overview.handle(.key(.character("o")), at: 0)
        #expect(overview.order == .change)
        let changes = overview.visible.compactMap { overview.facts(of: $0)?.changePercent }
        #expect(changes == changes.sorted(by: >) && changes.count == 4)
        #expect(overview.frame(at: 0).plainText.contains("Order: change"))
        _ = overview.handle(.key(.character("o")), at: 0)
        #expect(overview.order == .lastDate)
        _ = overview.handle(.key(.character("o")), at: 0)
        #expect(names(overview) == ["dax", "sp500-1min", "walk-a", "a-walk-with-a-very-long-name", "broken"])
    }

    @Test func slashFiltersAsYouTypeAndEscClears() throws {
        var overview = try Self.overview()
        _ = overview.handle(.key(.character("/")), at: 0)
        for c in "WALK".unicodeScalars { _ = overview.handle(.key(.character(c)), at: 0) }
        #expect(overview.visible.map { overview.entries[$0].name } == ["a-walk-with-a-very-long-name", "walk-a"])
        #expect(overview.frame(at: 0).plainText.contains("/WALK_  (2 shown"))
        _ = overview.handle(.key(.escape), at: 0)
        #expect(overview.filter.isEmpty && overview.visible.count == 5)
        // Keys typed into the filter do not act: `q` is a letter of a name there.
        _ = overview.handle(.key(.character("/")), at: 0)
        #expect(overview.handle(.key(.character("q")), at: 0) == nil)
    }

    @Test func arrowsMoveTheSelectionAndEnterOpensItOrTheMarkedRows() throws {
        var overview = try Self.overview()
        _ = overview.handle(.key(.down), at: 0)
        _ = overview.handle(.key(.down), at: 0)
        #expect(overview.handle(.key(.enter), at: 0) == .open([0]))  // dax, the third by name
        _ = overview.handle(.key(.up), at: 0)
        // broken: nothing to open, and that is said.
        #expect(overview.handle(.key(.enter), at: 0) == nil)
        #expect(overview.frame(at: 0).plainText.contains("broken: no time column"))
        _ = overview.handle(.key(.end), at: 0)
        _ = overview.handle(.key(.character(" ")), at: 0)
        _ = overview.handle(.key(.home), at: 0)
        _ = overview.handle(.key(.character(" ")), at: 0)
        #expect(overview.handle(.key(.enter), at: 0) == .open([3, 2]))
        #expect(overview.handle(.key(.character("q")), at: 0) == .quit(0))
    }

    @Test func aRangeKeyMorphsEverySparklineAndLandsOnTheNewRange() throws {
        var overview = try Self.overview()
        let year = overview.frame(at: 0).plainText
        _ = overview.handle(.key(.character("3")), at: 10)
        #expect(overview.range == .oneMonth && overview.isAnimating(at: 10.5))
        let halfway = overview.frame(at: 10.5).plainText
        let month = overview.frame(at: 11).plainText
        #expect(!overview.isAnimating(at: 11))
        #expect(halfway != year && halfway != month)
        let still = try Self.overview(range: .oneMonth).frame(at: 0).plainText
        #expect(month == still)
    }

    @Test func enterGrowsTheChartOutOfItsRowAndBackspaceShrinksItBack() throws {
        var session = OverviewSession(overview: try Self.overview(columns: 100, rows: 20))
        _ = session.handle(.key(.down), at: 0)
        _ = session.handle(.key(.down), at: 0)
        _ = session.handle(.key(.enter), at: 1)
        let chart = try #require(session.chart)
        #expect(chart.series.name == "dax.csv" && chart.range == .oneYear)
        #expect(session.isAnimating(at: 1.5))
        // Halfway the line is between the row and the full chart; at the end it is the chart.
        let landed = ViewerState(series: chart.series, range: .oneYear, options: ViewerOptions(morphDuration: 1),
                                 columns: 100, rows: 20).frame(at: 0).plainText
        #expect(session.frame(at: 1.5).plainText != landed)
        #expect(session.frame(at: 2).plainText == landed)
        _ = session.handle(.key(.backspace), at: 3)
        #expect(session.isAnimating(at: 3.5))
        #expect(session.frame(at: 3.5).plainText.contains("dax.csv"))
        let back = session.frame(at: 4).plainText
        #expect(back == session.overview.frame(at: 4).plainText && back.contains("5 files"))
        // The selection is kept: Enter opens the same file again.
        _ = session.handle(.key(.enter), at: 5)
        #expect(session.chart?.series.name == "dax.csv")
        // q quits from the chart too.
        #expect(session.handle(.key(.character("q")), at: 7).contains(.quit(status: 0)))
    }

    @Test func rowsShowWhileTheirFilesAreReadAndFillInAsEachComes() throws {
        let loaded = try Self.entries()
        var session = OverviewSession(overview: OverviewState(
            title: "prices", entries: loaded.map { OverviewEntry(path: $0.path, position: $0.position) }, columns: 100, rows: 12))
        var text = session.frame(at: 0).plainText
        #expect(text.contains("5 loading") && text.contains("loading…"))
        #expect(text.contains("Reading the files: 0 of 5 read"))
        // Keys act meanwhile.
        _ = session.handle(.key(.character("o")), at: 0)
        #expect(session.overview.order == .change)
        _ = session.handle(.overviewFile(0, loaded[0].content), at: 0.1)
        text = session.frame(at: 0.1).plainText
        #expect(text.contains("11,876.65") && text.contains("Reading the files: 1 of 5 read"))
        for k in 1..<loaded.count { _ = session.handle(.overviewFile(k, loaded[k].content), at: 0.2) }
        text = session.frame(at: 0.2).plainText
        #expect(!text.contains("loading") && !text.contains("Reading the files"))
    }

    @Test func aScreenReaderHearsEveryRowThenTheSelectedRowAfterEachKey() throws {
        let loaded = try Self.entries()
        var session = OverviewSession(overview: OverviewState(
            title: "prices", entries: loaded.map { OverviewEntry(path: $0.path, position: $0.position) }, columns: 100, rows: 12))
        #expect(session.overview.openingLines.first?.hasPrefix("Overview of prices: 5 files, reading them.") == true)
        var before = session
        for k in loaded.indices {
            before = session
            _ = session.handle(.overviewFile(k, loaded[k].content), at: 0)
        }
        let all = session.narration(of: .overviewFile(4, loaded[4].content), from: before)
        #expect(all.first == "All 5 files read, by name, 1Y:")
        #expect(all.contains("dax: last 11,876.65 on 13 May 2019, down 8.65% over 1Y."))
        #expect(all.count == 6)
        func said(_ key: KeyPress) -> [String] {
            let before = session
            _ = session.handle(.key(key), at: 1)
            return session.narration(of: .key(key), from: before)
        }
        #expect(said(.down) == ["Row 2 of 5: broken: no chart (no time column)."])
        #expect(said(.down) == ["Row 3 of 5: dax: last 11,876.65 on 13 May 2019, down 8.65% over 1Y."])
        #expect(said(.character("3")).first == "Range 1M.")
        let opened = said(.enter)
        #expect(opened.first == "Opened dax.csv from the overview (Backspace goes back).")
        #expect(said(.backspace).first == "Back in the overview.")
    }

    @Test func describeSaysASentenceAFile() throws {
        let lines = try Self.overview().descriptionLines
        #expect(lines.first == "prices: 5 price files, 1Y, by name.")
        #expect(lines.contains("dax: last 11,876.65 on 13 May 2019, down 8.65% over 1Y."))
        #expect(lines.contains("broken: no chart (no time column)."))
    }
}
