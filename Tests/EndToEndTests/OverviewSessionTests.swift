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
        // The rows fill in as the files are read (the title counts those still loading).
        var screen = try t.waitForScreen(timeout: 20, "every file read") { $0.contains("by name") && !$0.contains("loading") }
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

    @Test func followingAFolderShowsNewRowsAndNewFiles() throws {
        let folder = "/tmp/tradechart-overview-follow-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var rows = "Date,Close\n"
        for day in 1...28 { rows += "2024-02-\(day < 10 ? "0" : "")\(day),\(100 + day)\n" }
        try rows.write(toFile: folder + "/alpha.csv", atomically: true, encoding: .utf8)
        let t = try TmuxSession("\(Self.bin) --no-state --follow --duration 0 \(folder)", width: 100, height: 12)
        try t.waitFor("128.00")
        // A row appended: the last close and date follow.
        let handle = try #require(FileHandle(forWritingAtPath: folder + "/alpha.csv"))
        handle.seekToEndOfFile()
        handle.write("2024-02-29,150\n".data(using: .utf8)!)
        handle.closeFile()
        var screen = try t.waitFor("150.00", timeout: 10)
        #expect(screen.contains("29 Feb 2024"))
        // A new file in the folder: a new row.
        try "Date,Close\n2024-02-01,7\n2024-02-02,8\n".write(toFile: folder + "/beta.csv", atomically: true, encoding: .utf8)
        screen = try t.waitFor("beta", timeout: 10)
        screen = try t.waitFor("8.00", timeout: 10)
        #expect(screen.contains("2 files"))
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    @Test func theScreenReaderModeSaysEveryRowThenEachStep() throws {
        let t = try TmuxSession("\(Self.bin) --no-state --screen-reader \(Self.folder)", width: 160, height: 40)
        try t.waitFor("All 10 files read, by name, 1Y:", timeout: 20)
        var screen = try t.waitFor("GDAXI: last 11,876.65 on 13 May 2019, down 8.65% over 1Y.")
        try t.send("Down")
        screen = try t.waitFor("Row 2 of 10: backtrader_2006-01-02-volume-min-001")
        try t.send("Enter")
        screen = try t.waitFor("Opened backtrader_2006-01-02-volume-min-001.txt from the overview")
        try t.send("BSpace")
        screen = try t.waitFor("Back in the overview.")
        #expect(!screen.contains("\u{2800}"), "no Braille in the screen-reader mode")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    /// A file named with a byte that is not UTF-8 opens by its bytes; a name with an escape
    /// sequence is shown escaped: no control byte reaches the terminal.
    @Test func namesThatAreNotTextOpenAndNeverReachTheTerminalRaw() throws {
        let folder = "/tmp/tradechart-overview-names-\(getpid())"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dax = try Data(contentsOf: URL(fileURLWithPath: TmuxSession.packageRoot + "/Data/dax.csv"))
        for name in [Array("bad".utf8) + [0xFF] + Array("name.csv".utf8), Array("esc\u{1B}[31mred.csv".utf8)] {
            let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
            let fd = path.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644) }
            #expect(fd >= 0)
            _ = dax.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        let printed = try ProcessRunner.tradechart(["--print", "--size", "100x8", "--color", "never", folder])
        #expect(printed.status == 0)
        #expect(printed.output.components(separatedBy: "11,876.65").count == 3, "both files read:\n\(printed.output)")
        #expect(!printed.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func printAndDescribeOfTheFolder() throws {
        let printed = try ProcessRunner.tradechart(["--print", "--size", "100x16", "--color", "never", Self.folder])
        #expect(printed.status == 0)
        #expect(printed.output.contains("GDAXI") && printed.output.contains("11,876.65") && printed.output.contains("-8.65%"))
        let described = try ProcessRunner.tradechart(["--describe", Self.folder])
        #expect(described.output.contains("GDAXI: last 11,876.65 on 13 May 2019, down 8.65% over 1Y."))
    }
}
