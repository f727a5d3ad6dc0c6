import Foundation
import Testing

/// The overview of a folder as a person uses it, in tmux (issue 26): filter, open a
/// chart, change its range, go back with the filter kept, order, compare two marked rows, quit.
@Suite("Overview in tmux", .serialized)
struct OverviewSessionTests {
    static let bin = TmuxSession.binary
    static let folder = TmuxSession.packageRoot + "/../shared/data"

    @Test func filterOpenGoBackOrderAndCompare() throws {
        let t = try TmuxSession("\(Self.bin) --duration 0.2 \(Self.folder)", width: 120, height: 24)
        var screen = try t.waitFor("by name")
        #expect(screen.contains("GDAXI") && screen.contains("tradingview_SP_SPX_1D") && !screen.contains("SOURCES"))
        try t.send("/")
        try t.sendLiteral("gda")
        screen = try t.waitFor("(2 shown")
        #expect(screen.contains("GDAXI_1988-2022_fhmm") && !screen.contains("stooq"))
        // Enter keeps the filter, Enter again opens the first row as the chart.
        try t.send("Enter")
        try t.send("Enter")
        screen = try t.waitFor("GDAXI.csv  11,876.65")
        #expect(screen.contains("[1Y]"))
        try t.send("3")
        try t.waitFor("[1M]")
        try t.send("BSpace")
        screen = try t.waitFor("/gda")
        #expect(screen.contains("2 of 10 files"), "back in the overview, the filter kept")
        try t.send("Escape")
        try t.waitFor("10 files")
        try t.send("o")
        try t.waitFor("Order: change")
        // Mark the two rows at the top, compare them.
        try t.send("Space", "Space", "Enter")
        screen = try t.waitFor("◆")
        #expect(screen.contains("%"), "two files compared in percent")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    @Test func printAndDescribeOfTheFolder() throws {
        let printed = try ProcessRunner.tradechart(["--print", "--size", "100x16", "--color", "never", Self.folder])
        #expect(printed.status == 0)
        #expect(printed.output.contains("GDAXI") && printed.output.contains("11,876.65") && printed.output.contains("-8.65%"))
        let described = try ProcessRunner.tradechart(["--describe", Self.folder])
        #expect(described.output.contains("GDAXI: last 11,876.65 on 13 May 2019, down 8.65% over 1Y."))
    }
}
