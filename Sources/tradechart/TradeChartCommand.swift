import ArgumentParser
import Glibc
import TradeChartApp
import TradeChartCore
import TradeChartSystem
import TradeChartTerminal

/// The `tradechart` command: its options, and the wiring of the core, the system
/// layer, the terminal and the loop.
struct TradeChartCommand: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "tradechart",
        abstract: "An animated stock chart in the terminal, drawn in Braille dots.",
        discussion: """
            Keys (the same as ? shows in the viewer):

            \(KeyMap.helpLines(width: 76).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n"))

            Files: CSV with a date/time column and a price column (Close, Adj Close, \
            Price, ...), separated by , ; or tab, as exported by Yahoo, stooq, ariva, \
            investing.com, TradingView and others. - reads standard input.
            """,
        version: version
    )

    @Argument(help: ArgumentHelp("Price file (CSV); - reads standard input.", valueName: "FILE"))
    var file: String

    @Flag(help: "Print one frame to standard output and exit (no terminal needed).")
    var print = false

    @Option(help: ArgumentHelp("Range to show.", valueName: "R"))
    var range: ChartRange?

    @Option(help: ArgumentHelp("Frame size for --print, e.g. 100x30 (default: the terminal's, else 100x30).",
                               valueName: "COLSxROWS"))
    var size: FrameSize?

    @Option(help: ArgumentHelp("Colour (NO_COLOR is honoured).", valueName: "WHEN"))
    var color: ColorChoice = .auto

    @Option(help: ArgumentHelp("Glyphs; auto picks Braille only where it can be shown.", valueName: "SET"))
    var charset: CharsetChoice = .auto

    @Option(help: ArgumentHelp("Colour theme.", valueName: "THEME"))
    var theme: Theme?

    @Option(help: ArgumentHelp("Instrument name for the header (default: the file name).", valueName: "TEXT"))
    var title: String?

    @Option(help: ArgumentHelp("Price column to chart (default: Close, Adj Close, Price, ...).", valueName: "NAME"))
    var column: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Morph duration in seconds, 0 to 60; 0 turns animation off.", valueName: "SECONDS"))
    var duration: Double = 1.2

    @Flag(help: "Follow the file as it grows (like tail -f): new rows are drawn as they arrive.")
    var follow = false

    @Flag(name: .customLong("no-state"), help: "Do not read or write the remembered range, theme and charset.")
    var noState = false

    @Flag(help: "Print the range described in words (first, last, change, low, high, trend) and exit.")
    var describe = false

    @Option(help: ArgumentHelp("Write the range as sound (16-bit WAV, about 3 s) to this file and exit.",
                               valueName: "FILE.wav"))
    var audiograph: String?

    mutating func validate() throws {
        if !(duration >= 0 && duration <= 60) {
            throw ValidationError("--duration must be between 0 and 60 seconds")
        }
    }

    /// Parses and runs; returns the exit status. Errors are one line on stderr with status 2.
    static func runFromCommandLine(_ arguments: [String]) -> Int32 {
        do {
            let command = try parse(arguments)
            return try command.execute()
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                Swift.print(fullMessage(for: error))
                return 0
            }
            var message = oneLine(TradeChartCommand.message(for: error))
            if message.hasPrefix("Error: ") { message.removeFirst(7) }
            StandardError.writeLine("tradechart: \(message) (see --help)")
            return 2
        }
    }

    /// The parser's message on one line: a list of values it puts one per line
    /// (`--range` has six) is joined with commas; anything after is dropped.
    static func oneLine(_ message: String) -> String {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first else { return "error" }
        let items = lines.dropFirst().prefix { $0.hasPrefix("  - ") }.map { $0.dropFirst(4) }
        return items.isEmpty ? String(first) : first + " " + items.joined(separator: ", ")
    }

    func execute() throws -> Int32 {
        if file != "-" {
            // A missing or unreadable file is the first thing to say (without blocking on a FIFO).
            let readable = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard readable >= 0 else {
                StandardError.writeLine("tradechart: cannot open '\(file)': \(String(cString: strerror(errno)))")
                return 2
            }
            close(readable)
        }
        let interactive = !print && !describe && audiograph == nil
        // With `-` the prices come on standard input, so keys come from the terminal itself.
        let device: TerminalScreen.Device = file == "-" && isatty(0) == 0 ? .controllingTerminal : .standardStreams
        if interactive {
            if follow && file == "-" && isatty(0) != 0 {
                StandardError.writeLine("tradechart: --follow - reads prices from standard input, which is the terminal here; pipe rows in (e.g. tail -f log.csv | tradechart --follow -)")
                return 2
            }
            if let reason = TerminalCheck.whyNotInteractive(device: device) {
                StandardError.writeLine("tradechart: \(reason); use --print to write one frame to standard output (e.g. tradechart --print \(file))")
                return 2
            }
        }
        // The remembered state is read in the background while the file loads,
        // so it never delays the first frame.
        let memory = interactive && !noState ? RememberedState.startLoading(for: file) : nil
        let loadOptions = LoadOptions(column: column, name: title)
        let loaded: LoadedSeries
        var follower: Follower? = nil
        if follow && interactive {
            // The follower's first look reads the whole input; later looks parse only what was appended.
            let f: Follower = file == "-" ? StreamFollower(options: loadOptions) : FileFollower(path: file, options: loadOptions)
            let first = f.waitForChart { reason in
                if file != "-" { StandardError.writeLine("tradechart: \(reason); waiting (Ctrl-C to stop)") }
            }
            guard case .updated(let firstLoaded, _) = first else {
                if case .problem(let reason) = first { StandardError.writeLine("tradechart: \(reason)") }
                return 2
            }
            loaded = firstLoaded
            follower = f
        } else {
            do {
                loaded = try SeriesLoader.load(path: file, options: loadOptions)
            } catch {
                StandardError.writeLine("tradechart: \(error)")
                return 2
            }
        }
        let series = loaded.series
        guard series.count >= 2 else {
            StandardError.writeLine("tradechart: \(file): only one price; a chart needs at least two")
            return 2
        }
        if describe || audiograph != nil {
            if let note = loaded.report.summary { StandardError.writeLine("tradechart: \(file): \(note)") }
            let chosen = range ?? series.defaultRange() ?? .fiveYears
            if describe, printDescription(of: series, range: chosen) != 0 { return 1 }
            if let audiograph { return writeAudiograph(of: series, range: chosen, to: audiograph) }
            return 0
        }
        if print {
            if let note = loaded.report.summary { StandardError.writeLine("tradechart: \(file): \(note)") }
            return printFrame(series)
        }
        return runViewer(series, status: loaded.report.summary, memory: memory, follower: follower, device: device)
    }

    /// `--print`: one frame to standard output.
    func printFrame(_ series: PriceSeries) -> Int32 {
        let frameSize = size ?? FrameSize.ofStandardOutput() ?? FrameSize(columns: 100, rows: 30)
        let useColor = color.resolved(outputIsTerminal: isatty(1) != 0)
        let options = ViewerOptions(charset: resolvedCharset(), color: useColor, theme: theme ?? .dark, morphDuration: 0)
        if let range, case .unavailable(let reason) = series.slice(range) {
            StandardError.writeLine("tradechart: \(reason)")
        }
        let state = ViewerState(series: series, range: range, options: options,
                                columns: frameSize.columns, rows: frameSize.rows)
        let frame = state.frame(at: 0)
        let text = useColor ? AnsiRenderer(theme: options.theme).render(frame) : frame.plainText + "\n"
        StandardOutput.write(text)
        return 0
    }

    /// The interactive viewer; returns the exit status (0 on `q`, 128 + signal when a signal ended it).
    func runViewer(_ series: PriceSeries, status: String?, memory: RememberedState?, follower: Follower?,
                   device: TerminalScreen.Device) -> Int32 {
        TerminalScreen.ensureUTF8Locale()
        let remembered = memory?.finish()
        // The viewer always draws on a terminal (checked before loading).
        let useColor = color.resolved(outputIsTerminal: true)
        let chosenTheme = theme ?? remembered?.view?.theme.flatMap(Theme.init(rawValue:)) ?? .dark
        let chosenCharset = charset != .auto ? resolvedCharset()
            : remembered?.view?.charset.flatMap(Charset.init(rawValue:)) ?? resolvedCharset()
        let options = ViewerOptions(charset: chosenCharset, color: useColor, theme: chosenTheme, morphDuration: duration,
                                    followed: follower?.name)
        // What is remembered about the file: the theme and charset when the command line gave them.
        var opening = remembered?.view ?? RememberedView()
        if let theme { opening.theme = theme.rawValue }
        if charset != .auto { opening.charset = chosenCharset.rawValue }
        let startRange = range ?? remembered?.view?.range.flatMap(ChartRange.init(label:))
        let notes = [status, remembered?.note].compactMap { $0 }
        let state = ViewerState(series: series, range: startRange, options: options, columns: 100, rows: 30,
                                status: notes.isEmpty ? nil : notes.joined(separator: "; "), memory: opening)
        let screen: TerminalScreen
        do {
            screen = try TerminalScreen(options: ScreenOptions(color: useColor, theme: options.theme), device: device)
        } catch {
            StandardError.writeLine("tradechart: \(error)")
            return 2
        }
        defer { screen.close() }
        var services: [HostService] = [SoundService()]
        if let follower { services.append(FollowService(follower: follower)) }
        var stateFile: StateFileService?
        if let memory, let store = memory.store {
            stateFile = StateFileService(store: store, key: memory.key, stored: remembered?.view, opening: state.memory)
            services.append(stateFile!)
        }
        let loop = ViewerLoop(state: state, display: screen, events: screen, clock: SystemClock(), services: services)
        let status = loop.run()
        screen.close()
        if let problem = stateFile?.problemOnExit { StandardError.writeLine("tradechart: \(problem)") }
        return status
    }

    /// `auto` picks Braille only where it can be shown: a UTF-8 locale and not the Linux console.
    func resolvedCharset() -> Charset {
        switch charset {
        case .braille: return .braille
        case .block: return .block
        case .ascii: return .ascii
        case .auto:
            TerminalScreen.ensureUTF8Locale()
            if Environment.term == "linux" || !TerminalScreen.localeIsUTF8 { return .ascii }
            return .braille
        }
    }
}
