import Testing
import TradeChartApp
import TradeChartCore

/// The launch policy on fake files, streams, terminal and state file: what a person
/// sees for each way the program can start (SPEC: the command line, the state file).
@Suite("Launch")
struct LaunchTests {
    // MARK: Files that cannot be loaded

    @Test func aMissingFileIsNamedWithStatus2AndNothingShown() {
        let world = LaunchWorld()
        #expect(world.run(["missing.csv"]) == 2)
        #expect(world.output.errorLines == ["tradechart: cannot open 'missing.csv': No such file or directory"])
        #expect(world.terminal.shown == nil)
        #expect(world.journal.events.isEmpty, "nothing is read after the file is found missing")
    }

    @Test func aMissingFirstFileLetsTheNextBeThePrimaryAndSaysSoOnTheStatusLine() throws {
        let world = LaunchWorld()
        #expect(world.run(["missing.csv", "a.csv", "b.csv"]) == 0)
        #expect(world.output.errorLines == ["tradechart: cannot open 'missing.csv': No such file or directory"])
        let shown = try #require(world.terminal.shown)
        #expect(shown.series.name == "a.csv")
        #expect(shown.others.count == 1, "b.csv is compared with a.csv")
        #expect(shown.status == "cannot open 'missing.csv': No such file or directory")
    }

    @Test func aMissingComparedFileIsLeftOutAndSaidOnTheStatusLine() throws {
        let world = LaunchWorld()
        #expect(world.run(["a.csv", "missing.csv"]) == 0)
        #expect(world.output.errorLines.isEmpty, "the viewer says it, not standard error")
        let shown = try #require(world.terminal.shown)
        #expect(shown.series.name == "a.csv")
        #expect(shown.others.isEmpty)
        #expect(shown.status?.contains("missing.csv") == true)
        #expect(shown.status?.contains("No such file or directory") == true)
    }

    @Test func printWithOneOfTwoFilesLoadedPrintsItAndExits0() {
        let world = LaunchWorld()
        #expect(world.run(["missing.csv", "a.csv"]) { $0.print = true } == 0)
        #expect(world.output.errorLines == ["tradechart: cannot open 'missing.csv': No such file or directory"])
        #expect(world.output.standardOutput.contains("a"))
        #expect(world.output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).count == 31,
                "a frame of the terminal's 30 rows")
    }

    @Test func printWithNoFileLoadedExits2AndNamesEach() {
        let world = LaunchWorld()
        #expect(world.run(["gone.csv", "missing.csv"]) { $0.print = true } == 2)
        #expect(world.output.errorLines == ["tradechart: cannot open 'gone.csv': No such file or directory",
                                            "tradechart: cannot open 'missing.csv': No such file or directory"])
        #expect(world.output.standardOutput.isEmpty)
    }

    @Test func printSaysAComparedFileThatIsMissingOnStandardError() {
        let world = LaunchWorld()
        #expect(world.run(["a.csv", "missing.csv"]) { $0.print = true } == 0)
        #expect(world.output.errorLines == ["tradechart: missing.csv: cannot open: No such file or directory"])
        #expect(!world.output.standardOutput.isEmpty)
    }

    @Test func aFileWithOnePriceIsNoChartAndTheNextIsThePrimary() throws {
        let world = LaunchWorld()
        world.files.contents["one.csv"] = LaunchWorld.csv(rows: 1)
        #expect(world.run(["one.csv"]) == 2)
        #expect(world.output.errorLines == ["tradechart: one.csv: only one price; a chart needs at least two"])
        let again = LaunchWorld()
        again.files.contents["one.csv"] = LaunchWorld.csv(rows: 1)
        #expect(again.run(["one.csv", "a.csv"]) == 0)
        #expect(try #require(again.terminal.shown).series.name == "a.csv")
    }

    @Test func aFileWithOnePriceSaysWhichRowsWereSkippedAndWhy() {
        let world = LaunchWorld()
        world.files.contents["bad.csv"] = "Date,Close\n2024-01-02,100\n2024-01-03,abc\n"
        world.files.contents["null.csv"] = "Date,Close\n2024-01-02,100\n2024-01-03,null\n2024-01-04,\n"
        #expect(world.run(["bad.csv"]) == 2)
        #expect(world.run(["null.csv"]) == 2)
        #expect(world.output.errorLines == [
            "tradechart: bad.csv: only one price; a chart needs at least two; "
                + "1 bad row skipped (line 3: price 'abc' is not a number)",
            "tradechart: null.csv: only one price; a chart needs at least two; "
                + "2 rows without a price skipped (empty, null or NaN)",
        ])
    }

    // MARK: The same file twice

    @Test func theSameFileTwiceIsShownOnce() throws {
        let world = LaunchWorld()
        #expect(world.run(["a.csv", "a.csv"]) == 0)
        let shown = try #require(world.terminal.shown)
        #expect(shown.others.isEmpty)
        #expect(shown.status == "a.csv is given twice: shown once")
    }

    @Test func theSameFileByAnotherNameIsShownOnce() throws {
        let world = LaunchWorld()
        world.files.aliases["link.csv"] = "a.csv"
        #expect(world.run(["a.csv", "link.csv"]) { $0.print = true } == 0)
        #expect(world.output.errorLines == ["tradechart: link.csv is the same file as a.csv: shown once"])
    }

    // MARK: The state file

    @Test func theRememberedStyleIsWaitedForAndDecidesWhatIsRead() throws {
        let world = LaunchWorld()
        world.state.remembered = Remembered(view: RememberedView(range: "1M", style: "candles"))
        #expect(world.run(["a.csv"]) == 0)
        #expect(world.journal.events == ["state", "load a.csv"], "the state file is read before the file")
        // Candles read the volume too: their header shows it (V) with the pane hidden as well.
        #expect(world.files.barsAsked["a.csv"] == .all)
        let shown = try #require(world.terminal.shown)
        #expect(shown.candles.drawsCandles, "the remembered candles are drawn at once")
        #expect(shown.range == .oneMonth)
    }

    @Test func theCommandLineStyleAndPaneDoNotWaitForTheStateFile() throws {
        let world = LaunchWorld()
        world.state.remembered = Remembered(view: RememberedView(style: "ohlc"))
        #expect(world.run(["a.csv"]) { $0.style = .candles; $0.switches.insert(.volume) } == 0)
        #expect(world.journal.events.first == "load a.csv", "the file is read before the state file is waited for")
        let shown = try #require(world.terminal.shown)
        #expect(shown.candles.style == .candles, "the command line wins over the remembered OHLC bars")
        #expect(shown.candles.volume)
    }

    @Test func thePeriodComesFromTheCommandLineElseFromTheStateFile() throws {
        let remembered = LaunchWorld()
        remembered.state.remembered = Remembered(view: RememberedView(style: "candles", period: "1w"))
        #expect(remembered.run(["a.csv"]) == 0)
        let shown = try #require(remembered.terminal.shown)
        #expect(shown.candles.period == .week && shown.memory.period == "1w")
        let asked = LaunchWorld()
        asked.state.remembered = Remembered(view: RememberedView(style: "candles", period: "1w"))
        #expect(asked.run(["a.csv"]) { $0.period = .fixed(.month) } == 0)
        #expect(try #require(asked.terminal.shown).candles.period == .month, "the command line wins")
        let auto = LaunchWorld()
        auto.state.remembered = Remembered(view: RememberedView(style: "candles", period: "1w"))
        #expect(auto.run(["a.csv"]) { $0.period = PeriodRequest(argument: "auto") } == 0)
        #expect(try #require(auto.terminal.shown).candles.period == nil, "--period auto: the smallest that fits")
    }

    @Test func theStateFileIsNotReadWithNoState() throws {
        let world = LaunchWorld()
        world.state.remembered = Remembered(view: RememberedView(style: "candles"))
        #expect(world.run(["a.csv"]) { $0.noState = true } == 0)
        #expect(!world.stateOpened)
        #expect(try #require(world.terminal.shown).candles.style == .line)
    }

    @Test func anUnreadableStateFileIsSaidOnTheStatusLine() throws {
        let world = LaunchWorld()
        world.state.remembered = Remembered(note: "state file unreadable: started without it")
        #expect(world.run(["a.csv"]) == 0)
        #expect(try #require(world.terminal.shown).status == "state file unreadable: started without it")
    }

    // MARK: --print, --describe, --audiograph

    @Test func printWritesOneFrameOfTheSizeAskedForAndNoViewer() {
        let world = LaunchWorld()
        #expect(world.run(["a.csv"]) {
            $0.print = true
            $0.color = .never
            $0.size = FrameSize(columns: 60, rows: 20)
        } == 0)
        let lines = world.output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 21, "20 rows and the last newline")
        #expect(lines.dropLast().allSatisfy { $0.unicodeScalars.count <= 60 }, "\(lines.map { $0.unicodeScalars.count })")
        #expect(world.terminal.shown == nil)
        #expect(!world.stateOpened, "--print reads no state file")
    }

    @Test func aPrintedMessageCutShortNamesNoKeyAndIsSaidWholeOnStandardError() throws {
        let world = LaunchWorld()
        #expect(world.run(["a.csv"]) {
            $0.print = true
            $0.color = .never
            $0.size = FrameSize(columns: 30, rows: 10)
            $0.from = DateArgument("2030")
        } == 0)
        let status = try #require(world.output.standardOutput.split(separator: "\n").dropFirst().first)
        #expect(status.hasSuffix("…"), "the message is cut: \(status)")
        #expect(!world.output.standardOutput.contains("[!]"), "no key to press in printed output")
        let said = try #require(world.output.errorLines.last)
        #expect(said.hasPrefix("tradechart: " + status.dropLast()), "the whole message is on standard error: \(said)")
    }

    @Test func printOnATooSmallFrameExits2() {
        let world = LaunchWorld()
        #expect(world.run(["a.csv"]) { $0.print = true; $0.size = FrameSize(columns: 5, rows: 3) } == 2)
        #expect(world.output.errorLines.first?.hasPrefix("tradechart: 5x3 is too small for a chart") == true)
        #expect(world.output.standardOutput.isEmpty)
    }

    @Test func printToAClosedStandardOutputExits1AndSaysWhy() {
        let world = LaunchWorld()
        world.output.outputProblem = "standard output is closed"
        #expect(world.run(["a.csv"]) { $0.print = true } == 1)
        #expect(world.output.errorLines
                    == ["tradechart: cannot write the frame to standard output: standard output is closed"])
    }

    @Test func describeWritesTheRangeInWords() {
        let world = LaunchWorld()
        #expect(world.run(["a.csv"]) { $0.describe = true; $0.range = .oneMonth } == 0)
        let text = world.output.standardOutput
        #expect(text.contains("First"), "\(text)")
        #expect(text.contains("Trend"), "\(text)")
        #expect(world.terminal.shown == nil)
    }

    @Test func audiographWritesAWaveFile() throws {
        let world = LaunchWorld()
        #expect(world.run(["a.csv"]) { $0.audiograph = "a.wav" } == 0)
        let wav = try #require(world.files.written["a.wav"])
        #expect(Array(wav.prefix(4)) == Array("RIFF".utf8))
        #expect(world.output.standardOutput.isEmpty)
    }

    @Test func audiographNeverWritesOverAPriceFile() {
        let world = LaunchWorld()
        world.files.aliases["other.wav"] = "b.csv"
        #expect(world.run(["a.csv", "b.csv"]) { $0.audiograph = "other.wav" } == 2)
        #expect(world.output.errorLines == ["tradechart: --audiograph 'other.wav' is the price file being read; "
                                            + "it is not overwritten (name another file)"])
        #expect(world.files.written.isEmpty)
        #expect(world.journal.events.isEmpty, "refused before any file is read")
    }

    @Test func audiographNeverWritesOverStandardInput() {
        let world = LaunchWorld()
        world.files.standardInput = "a.csv"
        world.files.contents["-"] = LaunchWorld.csv()
        #expect(world.run(["-"]) { $0.audiograph = "a.csv" } == 2)
        #expect(world.files.written.isEmpty)
    }

    @Test func anAudiographThatCannotBeWrittenExits1() {
        let world = LaunchWorld()
        world.files.writeProblem = "Permission denied"
        #expect(world.run(["a.csv"]) { $0.audiograph = "/out.wav" } == 1)
        #expect(world.output.errorLines == ["tradechart: cannot write '/out.wav': Permission denied"])
    }

    @Test func printDescribeAndAudiographAllRunInOneGo() throws {
        let world = LaunchWorld()
        #expect(world.run(["a.csv"]) { $0.print = true; $0.describe = true; $0.audiograph = "a.wav" } == 0)
        #expect(world.output.standardOutput.contains("Trend"))
        #expect(try #require(world.files.written["a.wav"]).count > 44)
    }

    @Test func aMisspeltZoneIsSaidBeforeAnyFileIsRead() {
        let world = LaunchWorld()
        #expect(world.run(["a.csv"]) { $0.print = true; $0.tz = "Europe/Berln" } == 2)
        #expect(world.output.errorLines.count == 1)
        #expect(world.output.errorLines[0].contains("Europe/Berln"))
        #expect(world.journal.events.isEmpty)
    }

    // MARK: --follow

    static func updated(_ csv: String, name: String) throws -> FollowChange {
        .updated(try SeriesLoader.load(bytes: Array(csv.utf8), fileName: name), reloaded: false)
    }

    @Test func aFollowedFileIsWaitedForOnceSaidAndThenFollowed() throws {
        let world = LaunchWorld()
        world.files.looks["a.csv"] = [.waiting("a.csv: only one price so far, a chart needs two"),
                                      .waiting("a.csv: only one price so far, a chart needs two"),
                                      try Self.updated(LaunchWorld.csv(), name: "a.csv")]
        #expect(world.run(["a.csv"]) { $0.follow = true } == 0)
        #expect(world.output.errorLines
                    == ["tradechart: a.csv: only one price so far, a chart needs two; waiting (Ctrl-C to stop)"])
        let shown = try #require(world.terminal.shown)
        #expect(shown.options.followed == "a.csv")
        #expect(world.terminal.services.contains { $0 is FollowService })
    }

    @Test func aCompressedFileIsShownOnceNotFollowedAndThatIsSaid() throws {
        let world = LaunchWorld()
        world.files.contents["a.csv.gz"] = LaunchWorld.csv()
        world.files.compressed = ["a.csv.gz", "b.csv.gz"]
        world.files.contents["b.csv.gz"] = LaunchWorld.csv()
        #expect(world.run(["a.csv.gz", "b.csv.gz"]) { $0.follow = true } == 0)
        let shown = try #require(world.terminal.shown)
        #expect(shown.options.followed == nil, "nothing is followed")
        #expect(!world.terminal.services.contains { $0 is FollowService })
        #expect(shown.others.count == 1, "the compared file is shown too")
        #expect(world.journal.events.filter { $0.hasPrefix("load") || $0.hasPrefix("follow") } == ["load a.csv.gz", "load b.csv.gz"],
                "each is read once, as a load")
        #expect(shown.status == "a.csv.gz is compressed: it cannot be followed, so it is shown as it is now; "
                    + "b.csv.gz is compressed: it cannot be followed, so it is shown as it is now")
    }

    @Test func aFollowedFileThatCannotGiveAChartExits2() {
        let world = LaunchWorld()
        world.files.looks["a.csv"] = [.problem("a.csv: line 1: not a text file: NUL byte")]
        #expect(world.run(["a.csv"]) { $0.follow = true } == 2)
        #expect(world.output.errorLines == ["tradechart: a.csv: line 1: not a text file: NUL byte"])
        #expect(world.terminal.shown == nil)
    }

    @Test func followingTheTerminalItselfIsRefused() {
        let world = LaunchWorld()
        world.terminal.inputIsTerminal = true
        #expect(world.run(["-"]) { $0.follow = true } == 2)
        #expect(world.output.errorLines.first?.hasPrefix("tradechart: --follow - reads prices from standard input") == true)
    }

    @Test func followingStandardInputWaitsSilentlyForItsRows() throws {
        let world = LaunchWorld()
        world.terminal.inputIsTerminal = false
        world.files.looks["-"] = [.waiting("standard input: no header yet"), try Self.updated(LaunchWorld.csv(), name: "-")]
        #expect(world.run(["-"]) { $0.follow = true } == 0)
        #expect(world.output.errorLines.isEmpty)
        #expect(try #require(world.terminal.shown).options.followed == "standard input")
    }

    @Test func standardInputThatEndsBeforeTwoPricesExits2() {
        let world = LaunchWorld()
        world.terminal.inputIsTerminal = false
        world.files.looks["-"] = [.waiting("standard input: no header yet")]
        #expect(world.run(["-"]) { $0.follow = true } == 2)
        #expect(world.output.errorLines == ["tradechart: standard input: the input ended before two prices arrived"])
    }

    @Test func aFollowedComparedFileWithoutAChartIsLeftOut() throws {
        let world = LaunchWorld()
        world.files.looks["a.csv"] = [try Self.updated(LaunchWorld.csv(), name: "a.csv")]
        world.files.looks["b.csv"] = [.waiting("b.csv: no header yet")]
        #expect(world.run(["a.csv", "b.csv"]) { $0.follow = true } == 0)
        let shown = try #require(world.terminal.shown)
        #expect(shown.others.isEmpty)
        #expect(shown.status
                    == "b.csv: no chart yet (a compared file needs two prices when the viewer starts): left out")
    }

    // MARK: The terminal and the screen-reader mode

    @Test func withoutATerminalAndWithoutPrintItExits2AndSuggestsPrint() {
        let world = LaunchWorld()
        world.terminal.chartProblem = "standard output is not a terminal"
        #expect(world.run(["a.csv"]) { $0.screenReader = false } == 2)
        #expect(world.output.errorLines == ["tradechart: standard output is not a terminal; use --print to write one "
                                            + "frame to standard output (e.g. tradechart --print a.csv)"])
        #expect(world.journal.events.isEmpty, "said before the file is read")
    }

    @Test func withoutAKeyboardEvenTheScreenReaderModeCannotRun() {
        let world = LaunchWorld()
        world.terminal.keyboardProblem = "standard input is not a terminal"
        #expect(world.run(["a.csv"]) { $0.screenReader = true } == 2)
        #expect(world.output.errorLines.first?.hasPrefix("tradechart: standard input is not a terminal; use --print") == true)
    }

    @Test func withoutAChartTerminalAndNothingRememberedItExits2AfterTheStateFile() {
        let world = LaunchWorld()
        world.terminal.chartProblem = "the terminal is too small"
        #expect(world.run(["a.csv"]) == 2)
        #expect(world.output.errorLines.first?.hasPrefix("tradechart: the terminal is too small; use --print") == true)
        #expect(world.terminal.shown == nil)
    }

    @Test func theScreenReaderModeAskedForSaysTheOpeningAndIsRemembered() throws {
        let world = LaunchWorld()
        #expect(world.run(["a.csv"]) { $0.screenReader = true } == 0)
        #expect(world.terminal.inScreenReaderMode)
        #expect(world.state.screenReaderRemembered == true)
        #expect(!world.terminal.openingLines.isEmpty)
        #expect(try #require(world.terminal.shown).options.morphDuration == 0, "nothing moves on a screen reader")
    }

    @Test func theRememberedScreenReaderModeRunsWhereNoChartCan() {
        let world = LaunchWorld()
        world.terminal.chartProblem = "the terminal cannot show the chart"
        world.state.remembered = Remembered(settings: UserSettings(screenReader: true))
        #expect(world.run(["a.csv"]) == 0)
        #expect(world.terminal.inScreenReaderMode)
        #expect(world.state.screenReaderRemembered == nil, "nothing new to remember")
    }

    @Test func aDumbTerminalGetsTheScreenReaderMode() {
        let world = LaunchWorld()
        world.environment["TERM"] = "dumb"
        #expect(world.run(["a.csv"]) { $0.noState = true } == 0)
        #expect(world.terminal.inScreenReaderMode)
    }

    @Test func noScreenReaderAskedForDrawsTheChartAndIsRemembered() {
        let world = LaunchWorld()
        world.state.remembered = Remembered(settings: UserSettings(screenReader: true))
        #expect(world.run(["a.csv"]) { $0.screenReader = false } == 0)
        #expect(!world.terminal.inScreenReaderMode)
        #expect(world.state.screenReaderRemembered == false)
    }
}
