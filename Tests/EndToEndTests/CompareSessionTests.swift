import Foundation
import Testing

/// Comparing files as a person does, in tmux and with --print, checked against the
/// CSV files read here on their own.
@Suite("Comparing files in tmux", .serialized)
struct CompareSessionTests {
    static let bin = TmuxSession.binary
    static let shared = TmuxSession.packageRoot + "/../shared/data/"

    /// Closes by date (`YYYY-MM-DD`) of a CSV whose date is the first column and whose
    /// close is column `closeColumn`, read without the app's loader.
    static func closes(_ file: String, closeColumn: Int, date: (Substring) -> String = { String($0.prefix(10)) }) -> [String: Double] {
        let text = try! String(contentsOfFile: shared + file, encoding: .utf8)
        var out: [String: Double] = [:]
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            guard f.count > closeColumn, let close = Double(f[closeColumn]) else { continue }
            out[date(f[0])] = close
        }
        return out
    }

    /// TradingView's first column is Unix seconds (14:30 UTC): the date of that day.
    static func unixDate(_ field: Substring) -> String {
        let seconds = TimeInterval(field)!
        let f = DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd"
        return f.string(from: Date(timeIntervalSince1970: seconds))
    }

    @Test func scrubbingShowsEveryFilesPriceAtTheCursor() throws {
        let dax = Self.closes("GDAXI.csv", closeColumn: 4)
        let spx = Self.closes("tradingview_SP_SPX_1D.csv", closeColumn: 4, date: Self.unixDate)
        let t = try TmuxSession("\(Self.bin) --duration 0 --range 1M ../shared/data/GDAXI.csv ../shared/data/tradingview_SP_SPX_1D.csv",
                                width: 140, height: 30)
        try t.waitFor("[1M]")
        var screen = try t.waitFor("tradingview_SP_SPX_1D.csv")
        #expect(screen.contains("◆"), "the other file's symbol in the legend and on its line")
        // End, then two days back: Thursday 9 May 2019.
        try t.send("End")
        try t.send("Left", "Left")
        screen = try t.waitFor("9 May 2019")
        let legend = screen.components(separatedBy: "\n")[1]
        let daxClose = try #require(dax["2019-05-09"]), spxClose = try #require(spx["2019-05-09"])
        #expect(legend.contains(ViewerSessionTests.grouped(daxClose)), "\(legend)")
        #expect(legend.contains(ViewerSessionTests.grouped(spxClose)), "\(legend)")
        // Tab: the S&P becomes the primary (its calendar the x axis), with its price in the header.
        try t.send("Tab")
        screen = try t.waitFor("is the primary file now")
        #expect(screen.components(separatedBy: "\n")[0].hasPrefix("tradingview_SP_SPX_1D.csv"))
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    /// `--follow` with several files: one that has no chart yet is named as left out (it
    /// is not followed: the files compared are those with a chart when the viewer starts),
    /// and the others show.
    @Test func aFollowedFileWithoutAChartYetIsSaidToBeLeftOut() throws {
        let folder = NSTemporaryDirectory() + "tc-compare-follow-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "Date,Close\n2019-05-13,1\n".write(toFile: folder + "/one.csv", atomically: true, encoding: .utf8)
        let t = try TmuxSession("\(Self.bin) --no-state --follow Data/dax.csv \(folder)/one.csv", width: 160, height: 24)
        let screen = try t.waitFor("left out")
        #expect(screen.contains("one.csv: no chart yet (a compared file needs two prices when the viewer starts): left out"),
                "\(screen)")
        #expect(screen.hasPrefix("dax.csv"))
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    @Test func aFileThatFailsNamesItselfAndTheOthersStillShow() throws {
        let result = try ProcessRunner.tradechart(["--print", "--color", "never", "--size", "100x24", "Data/dax.csv",
                                                   "/no/such.csv", "Data/dax.csv"])
        #expect(result.status == 0)
        #expect(result.error.contains("/no/such.csv: cannot open"))
        #expect(result.error.contains("Data/dax.csv is given twice: shown once"))
        #expect(result.output.hasPrefix("dax.csv"))
        let none = try ProcessRunner.tradechart(["--print", "/no/such.csv", "/no/other.csv"])
        #expect(none.status == 2)
        #expect(none.error.contains("/no/such.csv") && none.error.contains("/no/other.csv"))
        // The first failing, the second is the primary.
        let second = try ProcessRunner.tradechart(["--print", "--color", "never", "--size", "100x24", "/no/such.csv", "Data/dax.csv"])
        #expect(second.status == 0 && second.output.hasPrefix("dax.csv"))
    }

    @Test func theViewerSaysWhichFileCouldNotBeLoaded() throws {
        let t = try TmuxSession("\(Self.bin) Data/dax.csv /no/such.csv ../shared/data/stooq_dax_d.csv", width: 140, height: 30)
        let screen = try t.waitFor("[1Y]")
        #expect(screen.contains("/no/such.csv: cannot open"))
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }
}
