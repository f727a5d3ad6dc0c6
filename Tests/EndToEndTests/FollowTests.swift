import Foundation
import Testing

/// `--follow` as a person uses it, in tmux: rows appended to a file by another
/// process show in the header, a truncated file is reloaded, and `-` follows standard
/// input with keys from the terminal. How soon a row shows, and the CPU that following
/// costs, are measured by `make bench` (section "terminal").
@Suite("Following a file in tmux", .serialized)
struct FollowTests {
    static let bin = TmuxSession.binary

    /// The lines of Data/sp500-1min.csv (CRLF, `M/D/YYYY H:MM`; columns Date,Open,Close,High,Low,Volume).
    static let intradayLines: [String] = {
        let text = try! String(contentsOfFile: TmuxSession.packageRoot + "/Data/sp500-1min.csv", encoding: .utf8)
        return text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }()

    /// A row of the intraday file's shape with `close` as its price.
    static func row(_ time: String, close: Double) -> String {
        "\(time),3000,\(String(format: "%.2f", close)),3000,3000,0\r\n"
    }

    /// A fresh temp copy of the intraday file, with a name no other process has.
    static func intradayCopy() throws -> String {
        let path = NSTemporaryDirectory() + "tc-follow-\(UUID().uuidString.prefix(8)).csv"
        try (intradayLines.joined(separator: "\r\n") + "\r\n").write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    static func append(_ text: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
    }

    static func header(_ screen: String) -> String { screen.components(separatedBy: "\n").first ?? "" }

    /// Appends `count` rows, each after the newest row of the file and each once the one
    /// before shows in the header (waiting up to 10 s a row: long enough that only a row
    /// that never shows fails).
    static func appendEachWhenTheLastShows(_ count: Int, to path: String, in t: TmuxSession,
                                           firstPrice: Double) throws {
        for i in 0..<count {
            let price = firstPrice + Double(i)
            try append(row(String(format: "11/8/2019 16:%02d", i), close: price), to: path)
            let shown = ViewerSessionTests.grouped(price)
            try t.waitForScreen(timeout: 10, "appended row \(i + 1) (\(shown)) in the header") { header($0).contains(shown) }
        }
    }

    /// Runs `body` on a viewer following a fresh copy of the intraday file (once
    /// its last price shows), then quits it and expects status 0.
    static func followingACopy(_ body: (_ path: String, _ t: TmuxSession) throws -> Void) throws {
        let path = try intradayCopy()
        defer { unlink(path) }
        let t = try TmuxSession("\(bin) --follow '\(path)'", width: 120, height: 40)
        try t.waitFor("3,092.91")
        try body(path, t)
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    @Test func aFileWithOneRowSaysOnceWhatItWaitsFor() throws {
        let path = NSTemporaryDirectory() + "tradechart-one-row-\(UUID().uuidString).csv"
        try "Date,Close\n2019-01-02,42.5\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let t = try TmuxSession("\(Self.bin) --follow '\(path)'", width: 160, height: 30)
        let screen = try t.waitFor("(Ctrl-C to stop)")
        let line = screen.components(separatedBy: "\n").first { $0.contains("Ctrl-C") }!
        #expect(line.contains("only one price so far, a chart needs two"), "\(line)")
        #expect(line.components(separatedBy: "waiting").count == 2, "'waiting' said once: \(line)")
        try Self.append("2019-01-03,43.75\n", to: path)
        try t.waitFor("43.75")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    /// While it waits for a second price, keys are the viewer's, not the shell's: nothing
    /// typed is echoed (`^[[1;2C` for Shift-Right), other keys wait, and `q` quits.
    @Test func whileWaitingKeysAreNotEchoedAndQQuits() throws {
        let path = NSTemporaryDirectory() + "tradechart-one-row-\(UUID().uuidString).csv"
        try "Date,Close\n2019-01-02,42.5\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let t = try TmuxSession("\(Self.bin) --follow '\(path)'", width: 160, height: 30)
        _ = try t.waitFor("(Ctrl-C to stop)")
        try t.send("S-Right", "x", "Left")
        try t.send("q")
        #expect(try t.waitForExit() == 0, "q quits while waiting")
        let screen = try t.capture()
        #expect(!screen.contains("^["), "nothing echoed: \(screen)")
        #expect(!screen.contains("x"), "nothing echoed: \(screen)")
    }

    /// A terminal that goes away while the viewer waits for a second price, without a
    /// SIGHUP reaching it (a session of its own, as under a wrapper that catches the
    /// signal), ends the wait as a hangup does, instead of polling the dead terminal at
    /// full speed until rows come.
    @Test func whileWaitingATerminalThatGoesAwayEndsIt() throws {
        let path = NSTemporaryDirectory() + "tradechart-one-row-\(UUID().uuidString).csv"
        try "Date,Close\n2019-01-02,42.5\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let t = try TmuxSession("setsid -w \(Self.bin) --follow '\(path)'", width: 160, height: 30)
        _ = try t.waitFor("(Ctrl-C to stop)")
        let viewer = try #require(try t.viewerPid())
        try t.killServer()
        #expect(TmuxSession.endsSoon(viewer), "the wait ends when the terminal goes away")
    }

    @Test func appendedRowsShowInTheHeader() throws {
        try Self.followingACopy { path, t in
            // The newest point pulses (the terminal's blink) while the file is followed.
            #expect(try t.capture(colors: true).contains(";5m"))
            try Self.appendEachWhenTheLastShows(10, to: path, in: t, firstPrice: 3201.25)
            let screen = try t.capture()
            #expect(Self.header(screen).contains("3,210.25"))
            // The range keeps its right edge on the newest point: its span ends at the last row.
            // A screen is drawn row by row, and under load a capture can fall between two
            // of its rows: wait for the range key and the header's span together.
            try t.send("1")
            try t.waitForScreen(timeout: 5, "[1D] with the day's span ending at 16:09 in the header") {
                $0.contains("[1D]") && Self.header($0).contains("16:09")
            }
        }
    }

    @Test func aTruncatedFileIsReloaded() throws {
        try Self.followingACopy { path, t in
            // Log rotation in place: truncate, then write a header and a few new rows.
            let rows = [Self.intradayLines[0] + "\r\n"] + (0..<4).map {
                Self.row(String(format: "11/11/2019 9:%02d", 30 + $0), close: 150.5 + Double($0))
            }
            try rows.joined().write(toFile: path, atomically: false, encoding: .utf8)
            // A screen is drawn row by row: wait for the header and the note together.
            try t.waitForScreen(timeout: 3, "the reloaded price and the note") {
                Self.header($0).contains("153.50") && $0.contains("was truncated or replaced: reloaded")
            }
            // Rows appended after the reload still arrive.
            try Self.append(Self.row("11/11/2019 9:34", close: 160.25), to: path)
            #expect(Self.header(try t.waitFor("160.25", timeout: 5)).contains("160.25"))
        }
    }

    @Test func followingStandardInputKeepsKeysOnTheTerminal() throws {
        let path = NSTemporaryDirectory() + "tc-follow-stdin-\(UUID().uuidString.prefix(8)).csv"
        try (Self.intradayLines.prefix(100).joined(separator: "\r\n") + "\r\n")
            .write(toFile: path, atomically: false, encoding: .utf8)
        defer { unlink(path) }
        let next = Self.intradayLines[100].split(separator: ",")[0]
        let appended = Self.row(String(next), close: 3111.25).replacingOccurrences(of: "\r\n", with: "\\r\\n")
        let t = try TmuxSession("(cat '\(path)'; sleep 1; printf '\(appended)'; sleep 30) | \(Self.bin) --follow -",
                                width: 120, height: 40)
        let first = try t.waitFor("standard input")
        #expect(!Self.header(first).contains("3,111.25"))
        let later = try t.waitForScreen(timeout: 3) { Self.header($0).contains("3,111.25") }
        #expect(Self.header(later).contains("3,111.25"))
        // Keys come from the terminal, not from the pipe.
        try t.send("1")
        try t.waitFor("[1D]")
        try t.send("3")
        try t.waitFor("[1M]")
        try t.send("q")
        // The viewer gave the terminal back (the pipe's writer still sleeps, so the pane stays).
        try t.waitForScreen { _ in (try? t.query("#{alternate_on}")) == "0" }
        #expect(try t.query("#{alternate_on}") == "0")
    }
}
