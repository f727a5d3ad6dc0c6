import Foundation
import Testing

/// The viewer as a person uses it, in a real terminal (tmux): ranges, morphs,
/// scrubbing, resizing, quitting, and the terminal given back afterwards.
@Suite("Viewer in tmux", .serialized)
struct ViewerSessionTests {
    static let bin = TmuxSession.binary

    /// Close prices of Data/dax.csv by date, read here independently of the loader.
    static let daxCloses: [(date: String, close: Double)] = {
        let text = try! String(contentsOfFile: TmuxSession.packageRoot + "/Data/dax.csv", encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: ",")
            guard f.count >= 5, let close = Double(f[4]) else { return nil }
            return (String(f[0]), close)
        }
    }()

    static func grouped(_ v: Double) -> String {
        let cents = Int((v * 100).rounded())
        var whole = String(cents / 100)
        var i = whole.count - 3
        while i > 0 { whole.insert(",", at: whole.index(whole.startIndex, offsetBy: i)); i -= 3 }
        return "\(whole).\(String(format: "%02d", cents % 100))"
    }

    /// The chart rows of a screen (between the header lines and the labels).
    static func chartRows(_ screen: String) -> [String] {
        let lines = screen.components(separatedBy: "\n")
        return Array(lines.dropFirst(2).prefix(max(0, lines.count - 5)))
    }

    static func brailleCount(_ s: String) -> Int {
        s.unicodeScalars.filter { $0.value > 0x2800 && $0.value <= 0x28FF }.count
    }

    /// A screen as lines without trailing blanks or trailing empty lines.
    static func lines(_ screen: String) -> [String] {
        var out = screen.components(separatedBy: "\n").map { line -> String in
            var l = Substring(line)
            while l.last == " " { l.removeLast() }
            return String(l)
        }
        while out.last == "" { out.removeLast() }
        return out
    }

    /// The still frame of `range` at a size, as `tradechart --print` draws it.
    static func printed(_ range: String, width: Int, height: Int) throws -> [String] {
        let result = try ProcessRunner.tradechart(["--print", "--color", "never", "--size", "\(width)x\(height)",
                                                   "--range", range, "Data/dax.csv"])
        return lines(result.output)
    }

    /// Expects two screens to be equal, naming the first line that differs.
    static func expectSame(_ actual: [String], _ expected: [String], _ what: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        guard actual != expected else { return }
        let line = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actual.count, expected.count)
        Issue.record("""
            \(what): line \(line) differs
              viewer: \(line < actual.count ? actual[line] : "<none>")
              print:  \(line < expected.count ? expected[line] : "<none>")
            """, sourceLocation: sourceLocation)
    }

    @Test(arguments: [(120, 40), (80, 24)])
    func rangesMorphSmoothlyAndTheRangeBarFollows(size: (Int, Int)) throws {
        let (width, height) = size
        let year = try Self.printed("1Y", width: width, height: height)
        let month = try Self.printed("1M", width: width, height: height)
        let fiveYears = try Self.printed("5Y", width: width, height: height)
        let t = try TmuxSession("\(Self.bin) --duration 2 Data/dax.csv", width: width, height: height)
        // The still viewer shows exactly what --print shows.
        var screen = try t.waitForScreen { Self.lines($0) == year }
        Self.expectSame(Self.lines(screen), year, "the still 1Y viewer")

        try t.send("3")
        // The range bar follows the key (how soon: `make bench`, "range bar after a key");
        // then, during the rest of the 2 s morph, the line passes through pictures that
        // are neither the old nor the new range, until it shows the new one.
        try t.waitForScreen(timeout: 10, "the range bar on 1M", settled: false) { Self.lines($0).last?.contains("[1M]") == true }
        let chart = { (lines: [String]) in Array(lines.dropFirst(2).prefix(height - 5)) }
        var frames: [[String]] = []
        try t.waitForScreen(timeout: 20, "the end of the morph to 1M", settled: false) { screen in
            frames.append(Self.lines(screen))
            return chart(Self.lines(screen)) == chart(month)
        }
        #expect(frames.allSatisfy { $0.last?.contains("[1M]") == true }, "the range bar stays on 1M")
        let between = Set(frames.map(chart)).subtracting([chart(year), chart(month)])
        #expect(between.count >= 3, "in-between pictures during the morph: \(between.count)")
        screen = try t.waitForScreen { Self.lines($0) == month }
        Self.expectSame(Self.lines(screen), month, "the morph's end")

        try t.send("6")
        screen = try t.waitForScreen { Self.lines($0) == fiveYears }
        Self.expectSame(Self.lines(screen), fiveYears, "5Y")
        try t.send("3")
        screen = try t.waitForScreen { Self.lines($0) == month }
        Self.expectSame(Self.lines(screen), month, "back to 1M")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    @Test func scrubbingShowsTheCloseAndDateFromTheCSV() throws {
        let t = try TmuxSession("\(Self.bin) --duration 0 --range 1M Data/dax.csv", width: 120, height: 40)
        try t.waitFor("[1M]")
        let closes = Self.daxCloses
        // End: the newest point.
        try t.send("End")
        let last = closes.last!
        var screen = try t.waitFor("13 May 2019")
        #expect(screen.components(separatedBy: "\n")[0].contains(Self.grouped(last.close)))
        // Left twice: two trading days before.
        try t.send("Left", "Left")
        let earlier = closes[closes.count - 3]
        screen = try t.waitFor(Self.grouped(earlier.close))
        #expect(screen.components(separatedBy: "\n")[0].contains("9 May 2019"))
        // Home: the first point of 1M (after 13 Apr 2019), measured from the previous close
        // (the last close up to 13 Apr 2019: Friday 12 April).
        try t.send("Home")
        let firstOfRange = closes.first { $0.date > "2019-04-13" }!
        let previousClose = closes.last { $0.date <= "2019-04-13" }!
        screen = try t.waitFor(Self.grouped(firstOfRange.close))
        let fromPrevious = firstOfRange.close - previousClose.close
        #expect(screen.components(separatedBy: "\n")[0].contains(Self.grouped(abs(fromPrevious))))
        // The change against the previous close, for the newest point.
        try t.send("End")
        screen = try t.waitFor("13 May 2019")
        let change = last.close - previousClose.close
        #expect(screen.components(separatedBy: "\n")[0].contains(Self.grouped(abs(change))))
        try t.send("Escape")
        try t.waitFor("1M ·")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    @Test func resizeRedrawsAndTooSmallSaysSo() throws {
        let t = try TmuxSession("\(Self.bin) Data/dax.csv", width: 120, height: 40)
        try t.waitFor("[1Y]")
        try t.resize(width: 70, height: 20)
        let small = try t.waitForScreen(timeout: 5, "the chart at 70x20") { screen in
            let lines = screen.components(separatedBy: "\n").filter { !$0.isEmpty }
            return lines.count <= 20 && lines.last?.contains("[1Y]") == true
        }
        #expect(small.components(separatedBy: "\n").allSatisfy { $0.unicodeScalars.count <= 70 })
        #expect(Self.brailleCount(small) > 40, "a chart is drawn at the new size")
        // Too small for a chart: it says so, and what it needs, instead of a broken chart.
        try t.resize(width: 15, height: 5)
        var screen = try t.waitFor("Too small")
        #expect(screen.contains("need 24x8"))
        #expect(Self.brailleCount(screen) == 0 && !screen.contains("[1Y]"))
        try t.resize(width: 60, height: 7)
        screen = try t.waitFor("Terminal too small")
        #expect(Self.brailleCount(screen) == 0)
        try t.resize(width: 100, height: 30)
        screen = try t.waitFor("[1Y]")
        #expect(!screen.contains("too small") && Self.brailleCount(screen) > 100)
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    @Test(arguments: ["q", "C-c", "TERM"])
    func everyWayOutGivesTheTerminalBack(how: String) throws {
        // A shell keeps the pane alive after the viewer exits, so the terminal state can be
        // read. Its trap lets it live through the Ctrl-C the whole foreground group gets
        // (a trap, unlike an ignored signal, is not inherited by the viewer).
        let t = try TmuxSession("sh -c 'trap : INT; \(Self.bin) Data/dax.csv; echo exit=$?; sleep 30'", width: 100, height: 30)
        try t.waitFor("[1Y]")
        #expect(try t.query("#{alternate_on}") == "1")
        if how == "TERM" {
            let viewer = try #require(try t.viewerPid())
            #expect(kill(viewer, SIGTERM) == 0)
        } else {
            try t.send(how)
        }
        let expected = ["q": "exit=0", "C-c": "exit=130", "TERM": "exit=143"][how]!
        try t.waitFor(expected)
        #expect(try t.query("#{alternate_on}") == "0")
        #expect(try t.query("#{cursor_flag}") == "1")
    }

    /// The viewer is still there: the chart on the alternate screen, the process alive.
    static func expectStillRunning(_ t: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let screen = try t.capture()
        #expect(screen.contains("[1Y]") && brailleCount(screen) > 100, "the chart is shown", sourceLocation: sourceLocation)
        #expect(try t.query("#{alternate_on}") == "1", sourceLocation: sourceLocation)
        #expect(try t.viewerPid() != nil, "the viewer still runs", sourceLocation: sourceLocation)
    }

    @Test func panelsCloseWithQOrEscapeWithoutQuitting() throws {
        let t = try TmuxSession("\(Self.bin) Data/dax.csv", width: 100, height: 30)
        try t.waitFor("[1Y]")
        for closer in ["q", "Escape", "?"] {
            try t.send("?")
            // The help's first page (the rest scrolls).
            try t.waitFor("range 1D, 5D, 1M")
            try t.send(closer)
            try t.waitForScreen(timeout: 5, "the help closed by \(closer)") { !$0.contains("range 1D, 5D, 1M") }
            try Self.expectStillRunning(t)
        }
        for closer in ["q", "Escape", "d"] {
            try t.send("d")
            let described = try t.waitFor("Lowest:")
            #expect(described.contains("10,381.51"))
            try t.send(closer)
            try t.waitForScreen(timeout: 5, "the description closed by \(closer)") { !$0.contains("Lowest:") }
            try Self.expectStillRunning(t)
        }
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    /// Every way out remembers the range: a signal right after a switch, before the
    /// debounced write was due, still leaves it in the state file.
    @Test(arguments: ["TERM", "HUP", "INT"])
    func theRangeIsRememberedWhenASignalEndsTheViewer(signal: String) throws {
        let state = NSTemporaryDirectory() + "tradechart-signal-state-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let t = try TmuxSession("\(Self.bin) Data/dax.csv", width: 100, height: 30, environment: ["XDG_STATE_HOME": state])
        try t.waitFor("[1Y]")
        try t.send("4")
        try t.waitFor("[6M]")
        let viewer = try #require(try t.viewerPid())
        #expect(kill(viewer, ["TERM": SIGTERM, "HUP": SIGHUP, "INT": SIGINT][signal]!) == 0)
        let expected: Int32 = ["TERM": 143, "HUP": 129, "INT": 130][signal]!
        #expect(try t.waitForExit() == expected)
        let again = try TmuxSession("\(Self.bin) Data/dax.csv", width: 100, height: 30, environment: ["XDG_STATE_HOME": state])
        try again.waitFor("[6M]")
        try again.send("q")
        #expect(try again.waitForExit() == 0)
    }

    /// A terminal that goes away without a SIGHUP reaching the viewer (here it runs in a
    /// session of its own, as under a wrapper that catches the signal) ends it as a hangup
    /// does, the range remembered, instead of leaving it polling the dead terminal for good
    /// at full speed.
    @Test func theViewerLeavesWhenItsTerminalGoesAwayWithoutASignal() throws {
        let state = NSTemporaryDirectory() + "tradechart-hangup-state-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let t = try TmuxSession("setsid -w \(Self.bin) Data/dax.csv", width: 100, height: 30, environment: ["XDG_STATE_HOME": state])
        try t.waitFor("[1Y]")
        try t.send("4")
        try t.waitFor("[6M]")
        let viewer = try #require(try t.viewerPid())
        try t.killServer()
        #expect(TmuxSession.endsSoon(viewer), "the viewer ends when its terminal goes away")
        let again = try TmuxSession("\(Self.bin) Data/dax.csv", width: 100, height: 30, environment: ["XDG_STATE_HOME": state])
        try again.waitFor("[6M]")
        try again.send("q")
        #expect(try again.waitForExit() == 0)
    }

    @Test func mouseClickAndDragPutTheCursorOnAPoint() throws {
        let t = try TmuxSession("\(Self.bin) --range 1M Data/dax.csv", width: 100, height: 30)
        try t.waitFor("[1M]")
        // X10 mouse reports, as tmux sends them to a program under TERM=tmux-256color
        // (kmous=\E[M): button+32, column+33, row+33 (0-based).
        func report(_ button: Int, _ column: Int, _ row: Int) -> String {
            "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button))) + String(UnicodeScalar(UInt8(33 + column)))
                + String(UnicodeScalar(UInt8(33 + row)))
        }
        // A press at the chart's left edge.
        try t.sendLiteral(report(0, 0, 9))
        let first = Self.daxCloses.first { $0.date > "2019-04-13" }!
        // The whole frame, not one caught while the terminal is still writing it.
        var screen = try t.waitForScreen(timeout: 5, "the cursor on the first point") {
            $0.contains(Self.grouped(first.close)) && $0.contains("│")
        }
        #expect(screen.components(separatedBy: "\n")[0].contains("15 Apr 2019"))
        // Dragging to the right edge moves the cursor to the newest point.
        try t.sendLiteral(report(32, 87, 9))
        screen = try t.waitFor("13 May 2019")
        #expect(screen.components(separatedBy: "\n")[0].contains(Self.grouped(Self.daxCloses.last!.close)))
        try t.sendLiteral(report(3, 87, 9))
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    @Test func listenWritesTheAudiographWhenNoPlayerIsFoundAndSaysWhere() throws {
        // No player on PATH: the WAV is written to TMPDIR and its path shown.
        let folder = NSTemporaryDirectory() + "tradechart-listen-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let t = try TmuxSession("\(Self.bin) Data/dax.csv", width: 120, height: 30,
                                environment: ["PATH": folder, "TMPDIR": folder])
        try t.waitFor("[1Y]")
        try t.send("a")
        let screen = try t.waitFor("audiograph written to")
        #expect(screen.contains(folder))
        let wav = try #require(FileManager.default.contents(atPath: folder + "/tradechart-dax.csv-1Y.wav"))
        #expect(wav.count > 44 && String(decoding: wav.prefix(4), as: UTF8.self) == "RIFF")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }
}
