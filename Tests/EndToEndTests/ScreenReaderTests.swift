import Foundation
import Testing
import TradeChartTestSupport

/// The screen-reader mode as a blind person uses it, in a real terminal (tmux): every
/// key says one plain line, checked against the CSV; no escape codes, no Braille, no
/// alternate screen; tones whose pitches follow the prices; a player that dies.
@Suite("Screen-reader mode in tmux", .serialized)
struct ScreenReaderTests {
    static let bin = TmuxSession.binary
    typealias Row = (date: String, close: Double)

    /// The rows of Data/dax.csv in a range, read independently of the loader: 1M is the
    /// points after the end of the day one month before the newest (13 May 2019).
    static func rows(after date: String) -> [Row] { ViewerSessionTests.daxCloses.filter { $0.date > date } }
    static let month = rows(after: "2019-04-13")
    static let year = rows(after: "2018-05-13")

    /// `Mon 13 May 2019` for `2019-05-13`.
    static func readable(_ isoDate: String) -> String {
        let parts = isoDate.split(separator: "-").map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!
        let weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][calendar.component(.weekday, from: date) - 1]
        let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][parts[1] - 1]
        return "\(weekday) \(parts[2]) \(month) \(parts[0])"
    }

    /// The change in words, against the range's reference price: the previous close, the
    /// last close before the range (SPEC 3), as the header measures it.
    static func change(_ price: Double, in range: [Row]) -> String {
        let reference = (ViewerSessionTests.daxCloses.last { $0.date < range[0].date } ?? range[0]).close
        let cents = ((price - reference) * 100).rounded() / 100
        if cents == 0 { return "unchanged" }
        let percent = String(format: "%.2f", abs(price - reference) / reference * 100)
        return "\(cents > 0 ? "up" : "down") \(ViewerSessionTests.grouped(abs(price - reference))), \(percent) percent"
    }

    /// The line a step to `index` of `range` says.
    static func pointLine(_ index: Int, of range: [Row]) -> String {
        let row = range[index]
        return "\(readable(row.date)), \(ViewerSessionTests.grouped(row.close)), \(change(row.close, in: range)), "
            + "point \(index + 1) of \(range.count)"
    }

    /// A session of `arguments` whose output is recorded from its first byte: the shell
    /// waits for Enter before it starts the program.
    static func start(_ arguments: String, recording output: String, environment: [String: String] = [:]) throws -> TmuxSession {
        let t = try TmuxSession("read go; \(bin) \(arguments)", width: 100, height: 40, environment: environment)
        try t.recordOutput(to: output)
        try t.send("Enter")
        return t
    }

    /// The lines written so far (line ends as the terminal got them: `\r\n`).
    static func lines(_ path: String) -> [String] {
        let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        return text.components(separatedBy: "\r\n")
    }

    /// Waits until the output holds `count` more lines than `before`, and returns the new ones.
    static func newLines(_ path: String, after before: Int, atLeast count: Int = 1,
                         sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let deadline = Date().addingTimeInterval(5)
        while true {
            // The last element is the line being written (empty once it ended).
            let all = lines(path).dropLast()
            if all.count >= before + count { return Array(all.dropFirst(before)) }
            guard Date() < deadline else {
                Issue.record("waited 5 s for \(count) line(s) after line \(before); the output was:\n\(all.joined(separator: "\n"))",
                             sourceLocation: sourceLocation)
                return []
            }
            usleep(20_000)
        }
    }

    @Test func eachKeySaysOnePlainLineThatTheCSVBearsOut() throws {
        let output = NSTemporaryDirectory() + "tc-reader-\(UUID().uuidString).out"
        defer { unlink(output) }
        let t = try Self.start("--screen-reader --range 1M Data/dax.csv", recording: output)
        // The first line is the Enter the shell read; then the opening.
        let opening = Self.newLines(output, after: 0, atLeast: 8)
        #expect(opening.contains("tradechart, screen-reader mode."))
        #expect(opening.contains("dax.csv, range 1M."))
        #expect(opening.contains("From \(Self.readable(Self.month.first!.date)) to Mon 13 May 2019, \(Self.month.count) prices."))
        #expect(try t.query("#{alternate_on}") == "0", "no alternate screen")
        var seen = Self.lines(output).count - 1
        let month = Self.month
        /// Sends `key` and expects exactly `expected` as the new lines.
        func press(_ key: String, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
            try t.send(key)
            let said = Self.newLines(output, after: seen, atLeast: expected.count, sourceLocation: sourceLocation)
            #expect(said == expected, "\(key)", sourceLocation: sourceLocation)
            seen += said.count
        }
        try press("Left", [Self.pointLine(month.count - 1, of: month)])
        try press("Left", [Self.pointLine(month.count - 2, of: month)])
        try press("Home", [Self.pointLine(0, of: month)])
        try press("PageDown", [Self.pointLine(10, of: month)])
        try press("End", [Self.pointLine(month.count - 1, of: month)])
        let year = Self.year
        let low = year.min { $0.close < $1.close }!, high = year.max { $0.close < $1.close }!
        try press("5", ["1Y, \(Self.readable(year.first!.date)) to Mon 13 May 2019, \(year.count) prices: "
                        + "\(Self.change(year.last!.close, in: year)). Lowest \(ViewerSessionTests.grouped(low.close)) on "
                        + "\(Self.readable(low.date)), highest \(ViewerSessionTests.grouped(high.close)) on \(Self.readable(high.date)).",
                        Self.pointLine(year.count - 1, of: year)])
        try press("j", ["j does nothing here; press ? for keys"])
        try t.send("d")
        let described = Self.newLines(output, after: seen, atLeast: 10)
        #expect(described.first == "dax.csv, range 1Y.")
        #expect(described.contains("Highest: \(ViewerSessionTests.grouped(high.close)) on \(Self.readable(high.date))."))
        seen += described.count
        try t.send("?")
        let keys = Self.newLines(output, after: seen, atLeast: 5)
        #expect(keys.first == "Keys:")
        #expect(keys.contains { $0.hasPrefix("q Q: quit") })
        try t.send("q")
        #expect(try t.waitForExit() == 0)
        // What reached the terminal: plain text only.
        let bytes = [UInt8](FileManager.default.contents(atPath: output) ?? Data())
        #expect(!bytes.contains(0x1B), "an escape code reached the terminal")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) }, "Braille reached the terminal")
    }

    @Test func theTonesOfTheSteppedPointsFollowTheirPrices() throws {
        let output = NSTemporaryDirectory() + "tc-reader-\(UUID().uuidString).out"
        let sound = NSTemporaryDirectory() + "tc-tones-\(UUID().uuidString).wav"
        defer {
            unlink(output)
            unlink(sound)
        }
        let t = try Self.start("--screen-reader --sound --range 1M --player 'cat > \(sound)' Data/dax.csv",
                               recording: output)
        _ = Self.newLines(output, after: 0, atLeast: 8)
        /// The tones received so far, each with its samples.
        func tones() -> [[Int16]] {
            let bytes = [UInt8](FileManager.default.contents(atPath: sound) ?? Data())
            guard bytes.count > 44 else { return [] }
            let samples = stride(from: 44, to: bytes.count - 1, by: 2).map {
                Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
            }
            // A tone is complete once its silent tail began.
            return soundingStretches(samples, gap: 100).filter { samples.count - $0.upperBound > 300 }.map { Array(samples[$0]) }
        }
        let keys = ["Home", "Right", "Right", "Right", "PageDown", "End", "Left"]
        let stepped = [0, 1, 2, 3, 13, Self.month.count - 1, Self.month.count - 2]
        for (i, key) in keys.enumerated() {
            try t.send(key)
            // The next key only once this step's tone has reached the player whole.
            let deadline = Date().addingTimeInterval(5)
            while tones().count < i + 1 && Date() < deadline { usleep(20_000) }
        }
        try t.send("q")
        #expect(try t.waitForExit() == 0)
        let heard = tones()
        #expect(heard.count == keys.count)
        let prices = Self.month.map(\.close)
        let (low, high) = (prices.min()!, prices.max()!)
        for (tone, point) in zip(heard, stepped) {
            // The audiograph's scale: 200 Hz at the range's lowest price, 1600 Hz at its highest, logarithmic.
            let expected = 200 * pow(8, (prices[point] - low) / (high - low))
            let pitch = measuredFrequency(tone[...], sampleRate: 22_050) ?? 0
            #expect(abs(pitch - expected) / expected < 0.01, "point \(point): \(pitch) Hz for \(expected) Hz")
        }
    }

    @Test func aPlayerThatDiesLeavesTheViewerUp() throws {
        // The chart viewer, which quits on SIGPIPE: the dead player's pipe must not send one.
        let t = try TmuxSession("\(Self.bin) --sound --range 1M --player 'exit 1' Data/dax.csv", width: 100, height: 30)
        try t.waitFor("[1M]")
        try t.send("Left")
        // Said on the status line until the next key.
        try t.waitFor("Tones stopped: the player exit 1 ended with status 1")
        for _ in 0..<3 { try t.send("Left") }
        try t.send("Home")
        try t.waitFor(Self.readable(Self.month[0].date))
        try t.send("q")
        #expect(try t.waitForExit() == 0, "the viewer stayed up and quit on q")
    }

    @Test func withoutAPlayerTheToneSaysSoOnce() throws {
        let output = NSTemporaryDirectory() + "tc-reader-\(UUID().uuidString).out"
        defer { unlink(output) }
        let t = try Self.start("--screen-reader Data/dax.csv", recording: output,
                               environment: ["PATH": "/usr/bin/env-has-no-players", "TRADECHART_PLAYER": ""])
        var seen = Self.newLines(output, after: 0, atLeast: 8).count
        try t.send("s")
        let said = Self.newLines(output, after: seen, atLeast: 2)
        #expect(said.first?.hasPrefix("Tones on") == true)
        #expect(said.last?.hasPrefix("No player for tones found") == true)
        seen += said.count
        try t.send("Left")
        let step = Self.newLines(output, after: seen)
        #expect(step.count == 1 && !step[0].contains("player"), "said once: \(step)")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    @Test func termDumbOpensTheScreenReaderModeAndItIsRememberedForThePerson() throws {
        let state = NSTemporaryDirectory() + "tc-reader-state-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        /// Runs `command` with this state folder, waits for what it shows first and quits.
        func open(_ command: String, shows text: String, alternateScreen: String,
                  sourceLocation: SourceLocation = #_sourceLocation) throws {
            let t = try TmuxSession(command, width: 100, height: 30, environment: ["XDG_STATE_HOME": state])
            try t.waitFor(text)
            #expect(try t.query("#{alternate_on}") == alternateScreen, "\(command)", sourceLocation: sourceLocation)
            try t.send("q")
            #expect(try t.waitForExit() == 0, "\(command)", sourceLocation: sourceLocation)
        }
        let reader = "tradechart, screen-reader mode."
        // A terminal that can show no chart: the screen-reader mode.
        try open("TERM=dumb \(Self.bin) Data/dax.csv", shows: reader, alternateScreen: "0")
        // Asked for once on another file: remembered for the next files too, until
        // --no-screen-reader goes back to the chart, for good.
        try open("\(Self.bin) --screen-reader Data/sp500-1min.csv", shows: reader, alternateScreen: "0")
        try open("\(Self.bin) Data/dax.csv", shows: reader, alternateScreen: "0")
        try open("\(Self.bin) --no-screen-reader Data/dax.csv", shows: "[1Y]", alternateScreen: "1")
        try open("\(Self.bin) Data/dax.csv", shows: "[1Y]", alternateScreen: "1")
    }
}

/// Leaving the screen-reader mode gives the terminal its mode back.
@Suite("Screen-reader mode leaves the terminal as it was", .serialized)
struct ScreenReaderExitTests {
    @Test(arguments: [("q", 0), ("C-c", 130)])
    func theTerminalEchoesAndEditsLinesAgainAfterwards(key: String, status: Int32) throws {
        let t = try TmuxSession("\(TmuxSession.binary) --screen-reader Data/dax.csv; echo \"status $?\"; "
                                + "stty -a | tr ' ;' '\\n\\n' | grep -x -e '-*icanon' -e '-*echo' | tr '\\n' ' '",
                                width: 100, height: 30)
        try t.waitFor("tradechart, screen-reader mode.")
        try t.send(key)
        #expect(try t.waitForExit() == 0, "the shell's last command (stty) ran")
        let screen = try t.captureWithHistory()
        #expect(screen.contains("status \(status)"), "\(key) leaves with \(status)")
        #expect(screen.contains("icanon echo"), "line editing and echo back after \(key): \(screen)")
    }
}
