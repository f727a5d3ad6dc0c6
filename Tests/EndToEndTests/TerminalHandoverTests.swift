import Foundation
import Testing

/// Issue 11, points 3 and 8, in a real terminal (tmux): every way out gives the terminal
/// back (main screen, cursor shown, keypad and mouse reports off) with 128 + the signal,
/// a crash too; after Ctrl-Z and fg the first key works; and the mouse is read in SGR
/// reports, so a click beyond column 223 lands where it was made.
@Suite("Terminal handover", .serialized)
struct TerminalHandoverTests {
    /// The terminal state tmux keeps for the pane: what a program left behind.
    static func modes(_ t: TmuxSession) throws -> [String: String] {
        let names = ["alternate_on", "cursor_flag", "keypad_cursor_flag", "mouse_any_flag", "mouse_sgr_flag"]
        let values = try t.query(names.map { "#{\($0)}" }.joined(separator: " ")).split(separator: " ").map(String.init)
        return Dictionary(uniqueKeysWithValues: zip(names, values))
    }

    /// A terminal given back: the main screen, a visible cursor, normal keys, no mouse reports.
    static let givenBack = ["alternate_on": "0", "cursor_flag": "1", "keypad_cursor_flag": "0", "mouse_any_flag": "0",
                            "mouse_sgr_flag": "0"]
    /// The viewer's own: the alternate screen, no cursor, keypad keys, SGR mouse reports.
    static let taken = ["alternate_on": "1", "cursor_flag": "0", "keypad_cursor_flag": "1", "mouse_any_flag": "1",
                        "mouse_sgr_flag": "1"]

    /// Waits until the pane's modes are `expected` (throws, failing the test, when they never are).
    static func waitForModes(_ t: TmuxSession, _ expected: [String: String], timeout: TimeInterval = 5) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var now = try modes(t)
        while now != expected {
            guard Date() < deadline else {
                throw TmuxSession.ScreenTimeout(waited: timeout, what: "modes \(expected), were \(now)", screen: try t.capture())
            }
            Thread.sleep(forTimeInterval: 0.05)
            now = try modes(t)
        }
    }

    /// A shell that outlives the viewer (its traps are not inherited), so the pane can be read after.
    static func session() throws -> TmuxSession {
        try TmuxSession("sh -c 'trap : INT QUIT; \(TmuxSession.binary) --no-state Data/dax.csv; echo exit=$?; sleep 30'",
                        width: 100, height: 30, environment: ["SWIFT_BACKTRACE": "interactive=no"])
    }

    @Test(arguments: [("HUP", SIGHUP), ("INT", SIGINT), ("QUIT", SIGQUIT), ("USR1", SIGUSR1), ("USR2", SIGUSR2),
                      ("ALRM", SIGALRM), ("PIPE", SIGPIPE), ("TERM", SIGTERM)])
    func eachSignalGivesTheTerminalBackWithItsStatus(name: String, signal: Int32) throws {
        let t = try Self.session()
        try t.waitFor("[1Y]")
        #expect(try Self.modes(t) == Self.taken, "the viewer holds the terminal")
        let viewer = try #require(try t.viewerPid())
        #expect(kill(viewer, signal) == 0)
        try t.waitFor("exit=\(128 + signal)")
        #expect(try Self.modes(t) == Self.givenBack, "after SIG\(name)")
        #expect(!(try t.capture()).contains("Program crashed"), "a handled signal is no crash")
    }

    @Test func ctrlBackslashQuitsInOrder() throws {
        let t = try Self.session()
        try t.waitFor("[1Y]")
        try t.send("C-\\")
        try t.waitFor("exit=131")
        #expect(try Self.modes(t) == Self.givenBack)
        #expect(!(try t.capture()).contains("Program crashed"))
    }

    /// A crash (SIGSEGV from outside stands for one) gives the terminal back, then the
    /// runtime's crash report is printed on the main screen.
    @Test func aCrashGivesTheTerminalBackBeforeTheReport() throws {
        let t = try Self.session()
        try t.waitFor("[1Y]")
        let viewer = try #require(try t.viewerPid())
        #expect(kill(viewer, SIGSEGV) == 0)
        try t.waitFor("exit=139", timeout: 30)
        #expect(try Self.modes(t) == Self.givenBack)
        #expect(try t.captureWithHistory().contains("Program crashed"), "the runtime's report is on the main screen")
    }

    /// Ctrl-Z in an interactive shell gives the shell a usable terminal; after fg the
    /// viewer holds it again and the very first key works.
    @Test func afterCtrlZAndFgTheFirstKeyWorks() throws {
        let t = try TmuxSession("bash --norc -i", width: 100, height: 30)
        try t.send("PS1='shell$ '; \(TmuxSession.binary) --no-state Data/dax.csv", "Enter")
        try t.waitFor("[1Y]")
        try t.send("C-z")
        try t.waitFor("Stopped")
        let stopped = try Self.modes(t)
        #expect(stopped == Self.givenBack, "the shell has the terminal as it was")
        try t.send("fg", "Enter")
        try t.waitFor("[1Y]")
        #expect(try Self.modes(t) == Self.taken)
        // The first key: Right shows the cursor on the range's first point.
        try t.send("Right")
        let first = try #require(ViewerSessionTests.daxCloses.first { $0.date > "2018-05-13" })
        try t.waitForScreen(timeout: 3, "the first point of 1Y in the header") {
            let header = $0.components(separatedBy: "\n")[0]
            return header.contains("14 May 2018") && header.contains(ViewerSessionTests.grouped(first.close))
        }
        try t.send("q")
        try Self.waitForModes(t, Self.givenBack)
    }

    /// SGR reports, asked for whatever TERM says: a click at column 250 of 300 (X10
    /// reports end at 223) puts the cursor on the point drawn nearest to it.
    @Test(arguments: ["tmux-256color", "xterm-256color"])
    func aClickBeyondColumn223LandsOnThePointThere(term: String) throws {
        let t = try TmuxSession("TERM=\(term) \(TmuxSession.binary) --no-state --range 1M Data/dax.csv", width: 300, height: 30)
        try t.waitFor("[1M]")
        #expect(try t.query("#{mouse_sgr_flag}") == "1", "SGR reports were asked for")
        try t.sendLiteral("\u{1B}[<0;251;10M\u{1B}[<0;251;10m")
        // The 1M points of Data/dax.csv, evenly spaced over the chart: the chart is the
        // width less the price labels (as wide as the widest price) and a gap.
        let closes = ViewerSessionTests.daxCloses
        let month = closes.filter { $0.date > "2019-04-13" }
        let labels = max(ViewerSessionTests.grouped(closes.map(\.close).max()!).count,
                         ViewerSessionTests.grouped(closes.map(\.close).min()!).count)
        let dots = Double(2 * (300 - labels - 1))
        // Point i sits at dot x = 0.5 + i * (dots - 1) / (n - 1); the click is at the middle of cell 250.
        let clicked = (250.5 * 2 - 0.5) / ((dots - 1) / Double(month.count - 1))
        let expected = month[Int(clicked.rounded())]
        let screen = try t.waitFor(ViewerSessionTests.grouped(expected.close))
        let parts = expected.date.split(separator: "-").map { Int($0)! }
        let monthName = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][parts[1] - 1]
        let header = screen.components(separatedBy: "\n")[0]
        #expect(header.contains("\(parts[2]) \(monthName) \(parts[0])"), "\(header)")
        // The cursor line is drawn at that point, near the click, in one column.
        let columns = Set(screen.components(separatedBy: "\n").dropFirst(2).compactMap { row in
            row.unicodeScalars.firstIndex(of: "│").map { row.unicodeScalars.distance(from: row.unicodeScalars.startIndex, to: $0) }
        })
        #expect(columns.count == 1 && columns.allSatisfy { abs($0 - 250) <= 8 }, "cursor line in columns \(columns)")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }
}
