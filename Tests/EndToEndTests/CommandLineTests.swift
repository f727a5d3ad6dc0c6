import Foundation
import Testing
import TradeChartTestSupport

/// The command line as a script or a person meets it: help, version, errors, no terminal.
@Suite("Command line")
struct CommandLineTests {
    @Test func helpAndVersionExitZero() throws {
        let help = try ProcessRunner.tradechart(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: tradechart"))
        #expect(help.output.contains("--print"))
        let version = try ProcessRunner.tradechart(["--version"])
        #expect(version.status == 0)
        #expect(version.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    @Test func missingFileIsOneLineAndStatusTwo() throws {
        let result = try ProcessRunner.tradechart(["/no/such/file.csv"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.error.contains("/no/such/file.csv"))
    }

    @Test func unknownOptionIsOneLineAndStatusTwo() throws {
        let result = try ProcessRunner.tradechart(["--bogus", "Data/dax.csv"])
        #expect(result.status == 2)
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.error.contains("--bogus"))
    }

    @Test func withoutTerminalItPointsToPrint() throws {
        // Standard input is /dev/null and standard output a pipe: no terminal.
        let result = try ProcessRunner.tradechart(["Data/dax.csv"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty, "nothing, no escape codes, may reach the pipe")
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.error.contains("--print"))
    }

    @Test func withoutTermVariableItPointsToPrint() throws {
        // On a real terminal (so only TERM is missing), the viewer says so and exits 2.
        let t = try TmuxSession("env -u TERM \(TmuxSession.binary) Data/dax.csv", width: 100, height: 20)
        #expect(try t.waitForExit() == 2)
        let screen = try t.captureWithHistory()
        #expect(screen.contains("tradechart: TERM is not set; use --print"))
        #expect(try t.query("#{alternate_on}") == "0", "the terminal was never taken over")
    }

    /// `--help` as it stands, pinned (Tests/EndToEndTests/Golden/help.txt); after a
    /// deliberate change, write the new text there.
    @Test func helpTextIsPinned() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/help.txt")
        let expected = try String(contentsOf: golden, encoding: .utf8)
        let help = try ProcessRunner.tradechart(["--help"])
        #expect(help.status == 0)
        let actual = help.output.components(separatedBy: "\n"), pinned = expected.components(separatedBy: "\n")
        if let line = zip(actual, pinned).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("--help differs at line \(line + 1):\n  now:    \(actual[line])\n  pinned: \(pinned[line])")
        }
        #expect(actual.count == pinned.count)
    }

    /// Options with a fixed set of values go through the argument parser, with its own
    /// messages, on one line.
    @Test(arguments: [
        (["--range", "7Y"], "The value '7Y' is invalid for '--range <R>'. Please provide one of the following: 1D, 5D, 1M, 6M, 1Y, 5Y"),
        (["--size", "10"], "The value '10' is invalid for '--size <COLSxROWS>'"),
        (["--color", "sometimes"], "The value 'sometimes' is invalid for '--color <WHEN>'. Please provide one of 'auto', 'always' or 'never'."),
        (["--charset", "emoji"], "The value 'emoji' is invalid for '--charset <SET>'"),
        (["--theme", "pink"], "The value 'pink' is invalid for '--theme <THEME>'"),
        (["--duration", "-1"], "--duration must be between 0 and 60 seconds"),
        (["--duration=-1"], "--duration must be between 0 and 60 seconds"),
        (["--indicator", "rsi:0"], "--indicator rsi: the period must be a whole number of bars from 2 to 100000 (valid: ema[:N], "
            + "bb[:N[,M]], vwap, rsi[:N], macd[:FAST,SLOW,SIGNAL], stoch[:N,K,D], atr[:N]"),
        (["--indicator", "ema:abc"], "--indicator ema: 'abc' is not a number (valid: ema[:N]"),
        (["--indicator", "bb:20,-1"], "--indicator bb: the width must be above 0 and at most 100 standard deviations (valid:"),
        (["--indicator", "rsi,kdj"], "--indicator: 'kdj' is not an indicator (valid: ema[:N]"),
    ])
    func badOptionValuesSayWhatIsAccepted(arguments: [String], message: String) throws {
        let result = try ProcessRunner.tradechart(["--print"] + arguments + ["Data/dax.csv"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.error.hasPrefix("tradechart: " + message), "\(result.error)")
    }

    @Test func printingAFrameTooSmallForAChartIsAnError() throws {
        let result = try ProcessRunner.tradechart(["--print", "--size", "80x6", "Data/dax.csv"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty, "nothing on standard output: \(result.output)")
        #expect(result.error == "tradechart: 80x6 is too small for a chart (at least 24x8); use a larger --size\n")
        let smallest = try ProcessRunner.tradechart(["--print", "--size", "24x8", "Data/dax.csv"])
        #expect(smallest.status == 0 && smallest.output.contains("[1Y]"))
    }

    @Test func aColumnOfWholeNumbersIsShownWithoutDecimals() throws {
        let result = try ProcessRunner.tradechart(["--print", "--color", "never", "--size", "100x20", "--column", "Volume",
                                                   "Data/dax.csv"])
        #expect(result.status == 0)
        // 13 May 2019: 107,254,900; 11 May 2018: 83,673,800.
        #expect(result.output.hasPrefix("dax.csv  107,254,900  ▲ +23,581,100 (+28.18%) up"), "\(result.output)")
        #expect(!result.output.contains(".00"))
    }

    @Test func rangesAreReadInAnyCaseOrAsTheirKey() throws {
        let upper = try ProcessRunner.tradechart(["--print", "--color", "never", "--range", "6M", "Data/dax.csv"])
        for spelling in ["6m", "4"] {
            let other = try ProcessRunner.tradechart(["--print", "--color", "never", "--range", spelling, "Data/dax.csv"])
            #expect(other.status == 0 && other.output == upper.output, "--range \(spelling)")
        }
        #expect(upper.output.contains("[6M]"))
    }
}

/// `--tz` and `--data-tz` on the command line.
@Suite("Time zones on the command line")
struct TimeZoneOptionTests {
    @Test func theIntradayFileIsShownInAnotherZone() throws {
        let result = try ProcessRunner.tradechart(["--print", "--color", "never", "--size", "100x20", "--range", "1D",
                                                   "--tz", "Europe/Berlin", "--data-tz", "America/New_York",
                                                   "Data/sp500-1min.csv"])
        #expect(result.status == 0)
        #expect(result.output.components(separatedBy: "\n")[0].hasSuffix("1D · Fri 8 Nov 2019 15:30–21:59 CET"))
        let words = try ProcessRunner.tradechart(["--describe", "--range", "1D", "--tz", "Asia/Tokyo",
                                                  "--data-tz", "America/New_York", "Data/sp500-1min.csv"])
        #expect(words.output.contains("From Fri 8 Nov 2019, 23:30 to Sat 9 Nov 2019, 05:59, 390 prices."))
    }

    /// Times written with their UTC offsets (or as Unix times) need no --data-tz.
    @Test func timesWithOffsetsNeedOnlyTz() throws {
        let fixture = "Tests/TradeChartCoreTests/Fixtures/Hostile/offsets_dst_newest_first.csv"
        let result = try ProcessRunner.tradechart(["--print", "--color", "never", "--size", "100x20",
                                                   "--tz", "America/New_York", fixture])
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        // 09:00+01:00 on 29 March is 04:00 in New York (EDT since 10 March).
        #expect(result.output.components(separatedBy: "\n")[0].hasSuffix("all since 29 Mar 2019 04:00 EDT"))
        let unix = try ProcessRunner.tradechart(["--print", "--size", "100x20", "--tz", "Asia/Tokyo",
                                                 "../shared/data/tradingview_SP_SPX_1D.csv"])
        #expect(unix.status == 0)
        #expect(unix.error.isEmpty)
    }

    @Test(arguments: [
        (["--tz", "Europe/Berlin"], "tradechart: time zone 'Europe/Berlin': the times in Data/sp500-1min.csv carry no UTC offset; name their zone with --data-tz (e.g. --data-tz America/New_York)"),
        (["--tz", "Mars/Olympus", "--data-tz", "UTC"], "tradechart: time zone 'Mars/Olympus' (/usr/share/zoneinfo/Mars/Olympus): no such zone"),
        (["--tz", "../../etc/passwd", "--data-tz", "UTC"], "tradechart: time zone '../../etc/passwd': not a zone name (like Europe/Berlin or America/New_York)"),
    ])
    func aZoneThatCannotBeUsedIsOneLineAndStatusTwo(arguments: [String], message: String) throws {
        let result = try ProcessRunner.tradechart(["--print"] + arguments + ["Data/sp500-1min.csv"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error == message + "\n")
    }

    /// A misspelt zone is said before any file is read: it does not wait for a long load
    /// (here a file that cannot load at all, which would otherwise be said instead).
    @Test func aZoneIsCheckedBeforeTheFileIsRead() throws {
        let empty = NSTemporaryDirectory() + "tc-empty-\(UUID().uuidString).csv"
        try TestFiles.create(empty)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let result = try ProcessRunner.tradechart(["--print", "--tz", "Mars/Olympus", empty])
        #expect(result.status == 2)
        #expect(result.error == "tradechart: time zone 'Mars/Olympus' (/usr/share/zoneinfo/Mars/Olympus): no such zone\n")
    }
}
