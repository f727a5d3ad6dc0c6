import Foundation
import Testing

/// Candles as a person uses them, in tmux: `c` on the DAX shown as a line, scrubbing
/// candle by candle with the header's open, high, low and close checked against the
/// CSV, the volume pane, the still viewer equal to `--print`, and the style remembered.
@Suite("Candles in tmux", .serialized)
struct CandleSessionTests {
    static let bin = TmuxSession.binary

    /// Open, high, low and close of Data/dax.csv by date, read here independently of the loader.
    static let daxRows: [String: [Double]] = {
        let text = try! String(contentsOfFile: TmuxSession.packageRoot + "/Data/dax.csv", encoding: .utf8)
        var rows: [String: [Double]] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",")
            guard f.count >= 5 else { continue }
            let values = f[1...4].compactMap { Double($0) }
            if values.count == 4 { rows[String(f[0])] = values }
        }
        return rows
    }()

    /// `Mon 13 May 2019` at the header's end as `2019-05-13`.
    static func isoDate(ofHeader header: String) -> String? {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let words = header.split(separator: " ").suffix(3)
        guard words.count == 3, let day = Int(words.first!), let month = months.firstIndex(of: String(words.dropFirst().first!)),
              let year = Int(words.last!) else { return nil }
        return String(format: "%04d-%02d-%02d", year, month + 1, day)
    }

    @Test func scrubbingCandlesShowsTheFilesOpenHighLowAndClose() throws {
        let t = try TmuxSession("\(Self.bin) --duration 0 Data/dax.csv", width: 110, height: 32)
        try t.waitFor("[1Y]")
        try t.send("3")
        try t.waitFor("[1M]")
        try t.send("c")
        try t.waitFor("1 candle = 1 day")
        var dates: [String] = []
        for _ in 0..<8 {
            try t.send("Left")
            // Each step lands on the candle before the last one seen.
            let screen = try t.waitForScreen(timeout: 5, "a new candle in the header") { screen in
                let header = screen.components(separatedBy: "\n")[0]
                return header.contains("O ") && Self.isoDate(ofHeader: header).map { !dates.contains($0) } == true
            }
            let header = screen.components(separatedBy: "\n")[0].trimmingCharacters(in: .whitespaces)
            let date = try #require(Self.isoDate(ofHeader: header), "\(header)")
            let row = try #require(Self.daxRows[date], "no row for \(date)")
            let g = ViewerSessionTests.grouped
            #expect(header.contains("O \(g(row[0]))  H \(g(row[1]))  L \(g(row[2]))  C \(g(row[3]))"), "\(date): \(header)")
            dates.append(date)
        }
        #expect(dates.first == "2019-05-13" && dates == dates.sorted(by: >), "one candle a step, newest first: \(dates)")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    /// The viewer on Data/dax.csv at 100x30 with `options`, remembering into the state folder `stateHome`.
    static func dax(_ options: String, stateHome: String) throws -> TmuxSession {
        try TmuxSession("\(bin) \(options) Data/dax.csv", width: 100, height: 30, environment: ["XDG_STATE_HOME": stateHome])
    }

    /// Runs `body` with a state folder of its own, removed afterwards.
    static func withStateHome(_ body: (String) throws -> Void) throws {
        let stateHome = NSTemporaryDirectory() + "tc-candle-state-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: stateHome) }
        try body(stateHome)
    }

    /// Presses each key and waits for its words on the screen.
    static func press(_ t: TmuxSession, _ steps: [(key: String, shows: String)]) throws {
        for step in steps {
            try t.send(step.key)
            try t.waitFor(step.shows)
        }
    }

    /// Quits the viewer with `q` and expects status 0.
    static func quit(_ t: TmuxSession) throws {
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    @Test func theStillCandlesWithVolumeAreWhatPrintShowsAndTheStyleIsRemembered() throws {
        let printed = ViewerSessionTests.lines(try ProcessRunner.tradechart(
            ["--print", "--color", "never", "--size", "100x30", "--range", "1M", "--style", "candles", "--volume",
             "Data/dax.csv"]).output)
        try Self.withStateHome { stateHome in
            let t = try Self.dax("--duration 0.3 --range 1M", stateHome: stateHome)
            try t.waitFor("[1M]")
            try Self.press(t, [("c", "1 candle = 1 day"), ("v", "vol")])
            // The status line says what happened; every other line is the printed frame.
            let screen = ViewerSessionTests.lines(try t.waitForScreen { ViewerSessionTests.lines($0).count == printed.count })
            for (i, (a, b)) in zip(screen, printed).enumerated() where i != 1 {
                #expect(a == b, "line \(i):\n  viewer: \(a)\n  print:  \(b)")
            }
            try Self.quit(t)
            // Opened again: candles with the volume pane, read from the start.
            let again = try Self.dax("--duration 0", stateHome: stateHome)
            let reopened = try again.waitForScreen { $0.contains("[1M]") && $0.contains("1 candle = 1 day") && $0.contains("vol") }
            #expect(!reopened.contains("Reading"))
            try Self.quit(again)
        }
    }

    /// `p` picks the candle period in the viewer; the next opening of the file keeps it.
    @Test func pPicksThePeriodAndItIsRemembered() throws {
        try Self.withStateHome { stateHome in
            let t = try Self.dax("--duration 0 --range 1Y --style candles", stateHome: stateHome)
            try t.waitFor("1Y · 1 candle = 1 week")
            try Self.press(t, [("p", "Candle period 1 month, longer where it does not fit: 1 candle = 1 month; p: the next")])
            try t.waitFor("1Y · 1 candle = 1 month")
            // On five years months do not fit 100 columns: the next longer period is drawn.
            try Self.press(t, [("6", "5Y · 1 candle = 3 months"), ("5", "1Y · 1 candle = 1 month")])
            try Self.quit(t)
            let again = try Self.dax("--duration 0", stateHome: stateHome)
            try again.waitFor("1Y · 1 candle = 1 month")
            try Self.quit(again)
        }
    }

    @Test func printSaysOnStandardErrorWhatAFileWithoutTheColumnsCannotShow() throws {
        let path = NSTemporaryDirectory() + "tc-closes-\(UUID().uuidString.prefix(8)).csv"
        try "Date,Close\n2020-01-01,1\n2020-01-02,2\n2020-01-03,3\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let result = try ProcessRunner.tradechart(["--print", "--style", "candles", "--volume", "--size", "60x20", path])
        #expect(result.status == 0)
        #expect(result.error.contains("candles need the open, high and low of each bar; \(path) has no Open, High or Low column"))
        #expect(result.error.contains("no volume pane: \(path) has no Volume column"))
        #expect(!result.output.contains("candle ="))
    }
}

/// `--period` on the command line (issue 28): what one candle stands for, said in the header.
@Suite("The candle period on the command line")
struct CandlePeriodCommandLineTests {
    @Test func periodPicksWhatACandleStandsFor() throws {
        func header(_ extra: [String], _ file: String = "Data/dax.csv") throws -> String {
            let result = try ProcessRunner.tradechart(["--print", "--no-state", "--color", "never", "--size", "100x20",
                                                       "--style", "candles"] + extra + [file])
            #expect(result.status == 0, "\(result.error)")
            return result.output.components(separatedBy: "\n")[0]
        }
        #expect(try header(["--range", "1Y"]).contains("1Y · 1 candle = 1 week"))
        #expect(try header(["--range", "1Y", "--period", "1mo"]).contains("1Y · 1 candle = 1 month"))
        #expect(try header(["--range", "1Y", "--period", "quarter"]).contains("1Y · 1 candle = 3 months"))
        #expect(try header(["--range", "1Y", "--period", "auto"]).contains("1Y · 1 candle = 1 week"))
        let sp500 = "../shared/data/SP500_1min_2019-11-05_to_08_mplfinance.csv"
        #expect(try header(["--range", "1D", "--period", "15m"], sp500).contains("1D · 1 candle = 15 min"))
        #expect(try header(["--range", "1D", "--period", "1h"], sp500).contains("1D · 1 candle = 1 h"))
    }

    @Test func anUnknownPeriodIsAnErrorWithStatus2() throws {
        let result = try ProcessRunner.tradechart(["--print", "--no-state", "--period", "7m", "Data/dax.csv"])
        #expect(result.status == 2)
        #expect(result.error.contains("--period"))
    }
}

/// The README's candles picture is what the command under it prints.
@Suite("The README's candles picture")
struct CandleReadmeTests {
    @Test func thePictureIsWhatPrintShows() throws {
        let readme = try String(contentsOfFile: TmuxSession.packageRoot + "/README.md", encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Candles, OHLC bars and volume").dropFirst().first)
        let picture = try #require(section.components(separatedBy: "```").dropFirst().first).dropFirst()  // the line end after ```
        let printed = try ProcessRunner.tradechart(["--print", "--color", "never", "--size", "100x30", "--range", "1M",
                                                    "--style", "candles", "--volume", "Data/dax.csv"]).output
        #expect(ViewerSessionTests.lines(String(picture)) == ViewerSessionTests.lines(printed))
    }
}
