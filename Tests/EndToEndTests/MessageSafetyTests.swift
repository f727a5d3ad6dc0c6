import Foundation
import Testing

/// Issue 11, point 6: nothing from a file name or an argument reaches the terminal raw.
/// Every message path is run with names and values that carry escape sequences; names
/// that are not UTF-8 still open; wide characters take two cells.
@Suite("Messages and names")
struct MessageSafetyTests {
    /// Escape sequences a terminal would obey: clear the screen, set the window title, red.
    static let hostile = "\u{1B}[2J\u{1B}]2;PWNED\u{07}\u{1B}[31m"

    /// A folder of its own for the files of one test.
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "tradechart-names-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static let rows = "Date,Close\n2019-05-06,100\n2019-05-07,101\n2019-05-08,oops\n2019-05-09,103\n"

    /// No control character (ESC, BEL and the rest but the line ends) in `text`.
    static func expectClean(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let bad = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value) }
        #expect(bad.isEmpty, "\(what) carries control characters: \(text.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test func everyMessageAboutAFileOrAnArgumentIsFreeOfEscapes() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bad = dir + "/bad\(Self.hostile).csv", one = dir + "/one\(Self.hostile).csv", empty = dir + "/empty\(Self.hostile).csv"
        try Self.rows.write(toFile: bad, atomically: true, encoding: .utf8)
        try "Date,Close\n2019-05-06,100\n".write(toFile: one, atomically: true, encoding: .utf8)
        try "".write(toFile: empty, atomically: true, encoding: .utf8)
        let cases: [(arguments: [String], status: Int32, says: String)] = [
            (["--print", dir + "/missing\(Self.hostile).csv"], 2, "cannot open"),
            (["--print", bad], 0, "1 bad row skipped"),
            (["--describe", bad], 0, "1 bad row skipped"),
            (["--audiograph", dir + "/out.wav", bad], 0, "1 bad row skipped"),
            (["--print", one], 2, "only one price"),
            (["--print", empty], 2, "empty"),
            (["--print", "--column", "Price\(Self.hostile)", bad], 2, "Price"),
            (["--audiograph", dir + "/no/such/dir\(Self.hostile).wav", bad], 1, "cannot write"),
            (["--print", "--range", Self.hostile, bad], 2, "is invalid for '--range"),
            (["--print", "--size", Self.hostile, bad], 2, "is invalid for '--size"),
            (["--print", "--color", Self.hostile, bad], 2, "is invalid for '--color"),
            (["--print", "--charset", Self.hostile, bad], 2, "is invalid for '--charset"),
            (["--print", "--theme", Self.hostile, bad], 2, "is invalid for '--theme"),
            (["--print", "--duration", Self.hostile, bad], 2, "--duration"),
            (["--print", "--bogus\(Self.hostile)", bad], 2, "--bogus"),
            (["--print", "--range", "1D", bad], 0, "1D needs intraday data"),
            // No terminal: the message names the file in its advice.
            ([bad], 2, "use --print"),
        ]
        for c in cases {
            let result = try ProcessRunner.tradechart(c.arguments)
            let what = c.arguments.joined(separator: " ").debugDescription
            #expect(result.status == c.status, "\(what): \(result.error)")
            #expect(result.error.contains(c.says), "\(what): \(result.error.debugDescription)")
            Self.expectClean(result.error, "stderr of \(what)")
            Self.expectClean(result.output, "stdout of \(what)")
        }
    }

    @Test func aTitleWithEscapesIsShownWithoutThem() throws {
        for mode in ["--print", "--describe"] {
            let result = try ProcessRunner.tradechart([mode, "--color", "never", "--title", "DAX\(Self.hostile)", "Data/dax.csv"])
            #expect(result.status == 0)
            #expect(result.output.contains("DAX"))
            Self.expectClean(result.output, "\(mode) --title")
        }
    }

    /// The viewer's status line names the file: the terminal never sees its escapes (the
    /// pane's title stays, the screen is not cleared).
    @Test func theStatusLineNamesAFileWithoutItsEscapes() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.rows.write(toFile: dir + "/bad\(Self.hostile).csv", atomically: true, encoding: .utf8)
        let t = try TmuxSession("\(TmuxSession.binary) \(dir)/bad*.csv", width: 100, height: 24)
        let screen = try t.waitFor("1 bad row skipped")
        #expect(screen.contains("⠀") || screen.unicodeScalars.contains { $0.value > 0x2800 && $0.value <= 0x28FF })
        #expect(try t.query("#{pane_title}") != "PWNED")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    /// Following a file that holds one price so far: the wait is said on the terminal,
    /// before curses, through the same sanitizer.
    @Test func theWaitForAFollowedFileNamesItWithoutItsEscapes() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "Date,Close\n2019-05-06,100\n".write(toFile: "\(dir)/later\(Self.hostile).csv", atomically: true, encoding: .utf8)
        let t = try TmuxSession("\(TmuxSession.binary) --follow \(dir)/later*.csv", width: 220, height: 24)
        try t.waitFor("waiting (Ctrl-C to stop)")
        #expect(try t.query("#{pane_title}") != "PWNED")
        #expect(try t.capture().contains("later [2J ]2;PWNED [31m.csv: only one price so far"),
                "the name, its escapes dropped")
        try t.send("C-c")
    }

    /// A name that is not UTF-8: the bytes of the argument are the path, the name shown is repaired.
    @Test func aFileNameThatIsNotUTF8Opens() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bin = TmuxSession.binary
        let script = """
            cp Data/dax.csv "$1/$(printf 'd\\377x.csv')" &&
            "$0" --print --color never --size 80x12 "$1/$(printf 'd\\377x.csv')" &&
            "$0" --describe "$1/$(printf 'd\\377x.csv')" &&
            "$0" --print "$1/$(printf 'gone\\377.csv')"
            """
        let result = try ProcessRunner.run("/bin/sh", ["-c", script, bin, dir])
        let lines = result.output.components(separatedBy: "\n")
        #expect(lines.first?.hasPrefix("d\u{FFFD}x.csv  11,876.65") == true, "\(result.output)\n\(result.error)")
        #expect(result.output.contains("d\u{FFFD}x.csv, range 1Y."))
        #expect(result.status == 2, "the last file does not exist")
        #expect(result.error.contains("cannot open '\(dir)/gone\u{FFFD}.csv'"), "\(result.error)")
    }

    /// A CJK title takes two cells a character: the header still ends at the right edge,
    /// on the terminal as in --print.
    @Test func aWideTitleIsMeasuredByItsCells() throws {
        let printed = try ProcessRunner.tradechart(["--print", "--color", "never", "--size", "100x24", "--title", "日経平均",
                                                    "Data/dax.csv"])
        let header = printed.output.components(separatedBy: "\n")[0]
        #expect(header.hasPrefix("日経平均  11,876.65  ▼"))
        #expect(Self.cells(header) == 100, "the date span ends at the edge: \(header)")
        let t = try TmuxSession("\(TmuxSession.binary) --title 日経平均 Data/dax.csv", width: 100, height: 24)
        let screen = try t.waitFor("[1Y]")
        let shown = screen.components(separatedBy: "\n")[0]
        #expect(shown.hasPrefix("日経平均  11,876.65  ▼"), "\(shown)")
        #expect(Self.cells(shown) == 100 && shown.hasSuffix("13 May 2019"), "\(shown)")
        try t.send("d")
        let described = try t.waitFor("Lowest:")
        // The panel's right border stays in one column, the title's line included.
        let borders = described.components(separatedBy: "\n").filter { $0.contains("│ ") }.map { line -> Int in
            Self.cells(String(line.unicodeScalars.prefix(through: line.unicodeScalars.lastIndex(of: "│")!)))
        }
        #expect(Set(borders).count == 1 && borders.count > 5, "\(borders)")
        try t.send("q", "q")
        #expect(try t.waitForExit() == 0)
    }

    /// Terminal cells of a line (CJK ideographs take two), measured here independently of the program.
    static func cells(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { $0 + ((0x3000...0x9FFF).contains($1.value) ? 2 : 1) }
    }
}
