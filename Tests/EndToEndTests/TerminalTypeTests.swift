import Foundation
import Testing

/// Terminals differ: the keys they send, the glyphs they can show.
@Suite("Terminal types", .serialized)
struct TerminalTypeTests {
    static let bin = TmuxSession.binary

    /// Home and End whatever the terminal sends: tmux's own `\e[1~`/`\e[4~` under
    /// TERM=xterm-256color (whose entry names `\eOH`/`\eOF`), and every other form.
    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func homeAndEndFromEverySequence(term: String) throws {
        let t = try TmuxSession("\(Self.bin) --duration 0 --range 1M Data/dax.csv", width: 100, height: 30,
                                environment: ["TERM": term])
        try t.waitFor("[1M]")
        let first = "Mon 15 Apr 2019", last = "Mon 13 May 2019"
        // The keys as tmux sends them to this terminal type.
        try t.send("Home")
        try t.waitForScreen(timeout: 3, "Home (tmux's key) under \(term)") { $0.hasPrefix("dax.csv") && $0.contains(first) }
        try t.send("End")
        try t.waitForScreen(timeout: 3, "End (tmux's key) under \(term)") { $0.contains(last) }
        for (home, end) in [("\u{1B}[1~", "\u{1B}[4~"), ("\u{1B}[H", "\u{1B}[F"), ("\u{1B}OH", "\u{1B}OF"),
                            ("\u{1B}[7~", "\u{1B}[8~")] {
            try t.sendLiteral(home)
            try t.waitForScreen(timeout: 3, "Home as \(home.debugDescription) under \(term)") { $0.contains(first) }
            try t.sendLiteral(end)
            try t.waitForScreen(timeout: 3, "End as \(end.debugDescription) under \(term)") { $0.contains(last) }
        }
        let screen = try t.capture()
        #expect(!screen.contains("does nothing here"), "no sequence was taken for other keys")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    static func printed(term: String, extra: [String] = []) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = term
        environment["LANG"] = "C.UTF-8"
        let result = try ProcessRunner.tradechart(["--print", "--size", "80x24", "--color", "never"] + extra + ["Data/dax.csv"],
                                                  environment: environment)
        #expect(result.status == 0)
        return result.output
    }

    static func braille(_ text: String) -> Int { text.unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count }

    @Test(arguments: ["linux", "vt100", "vt220", "ansi"])
    func charsetAutoDrawsWithoutBrailleWhereItCannotBeShown(term: String) throws {
        let text = try Self.printed(term: term)
        #expect(Self.braille(text) == 0, "TERM=\(term)")
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "TERM=\(term): ASCII only")
        #expect(text.contains("(1D)"), "the unavailable range is marked without dim")
    }

    @Test(arguments: ["xterm-256color", "tmux-256color", "vte-256color", "screen-256color"])
    func charsetAutoDrawsBrailleWhereItCan(term: String) throws {
        let text = try Self.printed(term: term)
        #expect(Self.braille(text) > 100, "TERM=\(term)")
    }
}
