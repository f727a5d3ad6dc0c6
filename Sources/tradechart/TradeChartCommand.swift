#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import TradeChartCore
import TradeChartSystem
import TradeChartApp
import TradeChartSystem
import TradeChartTerminal

/// The `tradechart` command: its options, and the wiring of the core and the terminal.
struct TradeChartCommand: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "tradechart",
        abstract: "An animated stock chart in the terminal, drawn in Braille dots.",
        discussion: """
            Keys: 1-6 ranges (1D 5D 1M 6M 1Y 5Y), +/- shorter/longer range, Left/Right \
            scrub, Shift+Left/Right or PgUp/PgDn ten steps, Home/End first/last point, \
            Esc hide the cursor, mouse click/drag to a point, d describe in words, \
            a listen (audiograph), ? help, q quit.

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

    @Option(help: ArgumentHelp("Range to show: 1D, 5D, 1M, 6M, 1Y or 5Y.", valueName: "R"))
    var range: String?

    @Option(help: ArgumentHelp("Frame size for --print, e.g. 100x30 (default: the terminal's, else 100x30).", valueName: "COLSxROWS"))
    var size: String?

    @Option(help: ArgumentHelp("Colour: auto, always or never (NO_COLOR is honoured).", valueName: "WHEN"))
    var color: ColorChoice = .auto

    @Option(help: ArgumentHelp("Glyphs: braille, block, ascii or auto.", valueName: "SET"))
    var charset: CharsetChoice = .auto

    @Option(help: ArgumentHelp("Colour theme: dark or light.", valueName: "THEME"))
    var theme: Theme?

    @Option(help: ArgumentHelp("Instrument name for the header (default: the file name).", valueName: "TEXT"))
    var title: String?

    @Option(help: ArgumentHelp("Price column to chart (default: Close, Adj Close, Price, ...).", valueName: "NAME"))
    var column: String?

    @Option(help: ArgumentHelp("Morph duration in seconds; 0 turns animation off.", valueName: "SECONDS"))
    var duration: Double = 1.2

    @Flag(help: "Follow the file as it grows (like tail -f): new rows are drawn as they arrive.")
    var follow = false

    @Flag(name: .customLong("no-state"), help: "Do not read or write the remembered range, theme and charset.")
    var noState = false

    @Flag(help: "Print the range described in words (first, last, change, low, high, trend) and exit.")
    var describe = false

    @Option(help: ArgumentHelp("Write the range as sound (16-bit WAV, about 3 s) to this file and exit.", valueName: "FILE.wav"))
    var audiograph: String?

    mutating func validate() throws {
        if let range, ChartRange(label: range) == nil {
            throw ValidationError("--range must be one of 1D, 5D, 1M, 6M, 1Y, 5Y (got '\(range)')")
        }
        if let size, FrameSize(parsing: size) == nil {
            throw ValidationError("--size must look like 100x30 (got '\(size)')")
        }
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
            var message = TradeChartCommand.message(for: error)
                .split(separator: "\n").first.map(String.init) ?? "error"
            if message.hasPrefix("Error: ") { message.removeFirst(7) }
            StandardError.writeLine("tradechart: \(message) (see --help)")
            return 2
        }
    }

    func execute() throws -> Int32 {
        if file != "-" {
            // A missing or unreadable file is the first thing to say.
            guard let readable = fopen(file, "r") else {
                StandardError.writeLine("tradechart: cannot open '\(file)': \(String(cString: strerror(errno)))")
                return 2
            }
            fclose(readable)
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
        let requested = range.flatMap(ChartRange.init(label:))
        if describe || audiograph != nil {
            if let note = loaded.report.summary { StandardError.writeLine("tradechart: \(file): \(note)") }
            let chosen = requested ?? series.defaultRange() ?? .fiveYears
            if describe, printDescription(of: series, range: chosen) != 0 { return 1 }
            if let audiograph { return writeAudiograph(of: series, range: chosen, to: audiograph) }
            return 0
        }
        if print {
            if let note = loaded.report.summary { StandardError.writeLine("tradechart: \(file): \(note)") }
            return printFrame(series, requested: requested)
        }
        return runViewer(series, requested: requested, status: loaded.report.summary, memory: memory, follower: follower,
                         device: device)
    }

    /// `--print`: one frame to standard output.
    func printFrame(_ series: PriceSeries, requested: ChartRange?) -> Int32 {
        let frameSize = size.flatMap(FrameSize.init(parsing:)) ?? FrameSize.ofStandardOutput() ?? FrameSize(columns: 100, rows: 30)
        let useColor = color.resolved(outputIsTerminal: isatty(1) != 0)
        let options = ViewerOptions(charset: resolvedCharset(), color: useColor, theme: theme ?? .dark, morphDuration: 0)
        if let requested, case .unavailable(let reason) = series.slice(requested) {
            StandardError.writeLine("tradechart: \(reason)")
        }
        let state = ViewerState(series: series, range: requested, options: options,
                                columns: frameSize.columns, rows: frameSize.rows)
        let frame = state.frame(at: 0)
        let text = useColor ? AnsiRenderer(theme: options.theme).render(frame) : frame.plainText + "\n"
        StandardOutput.write(text)
        return 0
    }

    /// The interactive viewer.
    func runViewer(_ series: PriceSeries, requested: ChartRange?, status: String?, memory: RememberedState?,
                   follower: Follower?, device: TerminalScreen.Device) -> Int32 {
        TerminalScreen.ensureUTF8Locale()
        let remembered = memory?.finish()
        // The viewer always draws on a terminal (checked before loading).
        let useColor = color.resolved(outputIsTerminal: true)
        let chosenTheme = theme ?? remembered?.view?.theme.flatMap(Theme.init(rawValue:)) ?? .dark
        let chosenCharset = charset != .auto ? resolvedCharset()
            : remembered?.view?.charset.flatMap(Charset.init(rawValue:)) ?? resolvedCharset()
        let options = ViewerOptions(charset: chosenCharset, color: useColor, theme: chosenTheme, morphDuration: duration,
                                    live: follower != nil)
        let startRange = requested ?? remembered?.view?.range.flatMap(ChartRange.init(label:))
        let notes = [status, remembered?.note].compactMap { $0 }
        let state = ViewerState(series: series, range: startRange, options: options, columns: 100, rows: 30,
                                status: notes.isEmpty ? nil : notes.joined(separator: "; "))
        let audio = AudiographSession()
        var app = TerminalApp(state: state, screenOptions: ScreenOptions(color: useColor, theme: options.theme),
                              onCommand: { command, state, now in
                                  guard case .playAudiograph(let range) = command else { return }
                                  let result = audio.play(of: state.series, range: range)
                                  state.setStatus(result.message)
                                  if case .playing = result { state.followPlayback(startingAt: now) }
                              })
        app.device = device
        if let memory {
            // Remember the range (and the theme and charset when given on the command line).
            let saver = RememberedStateSaver(memory: memory, previous: remembered?.view,
                                             theme: theme?.rawValue, charset: charset == .auto ? nil : chosenCharset.rawValue)
            app.onChange = { state, _ in saver.note(range: state.range) }
            app.tasks.append { _, now in saver.tick(at: now) }
            app.onQuit = { _ in saver.finish() }
        }
        if let follower {
            var lastNote: String? = nil
            var noteIsProblem = false
            app.tasks.append { state, now in
                switch follower.poll() {
                case .none:
                    break
                case .updated(let loaded, let reloaded):
                    state.replaceSeries(loaded.series, at: now)
                    let summary = loaded.report.summary
                    if reloaded {
                        lastNote = "\(follower.name) was truncated or replaced: reloaded"
                        state.setStatus([lastNote, summary].compactMap { $0 }.joined(separator: "; "))
                    } else if let summary, summary != lastNote {
                        // More rows were skipped: say so.
                        lastNote = summary
                        state.setStatus(summary)
                    } else if noteIsProblem {
                        state.setStatus(nil)
                    }
                    noteIsProblem = false
                case .waiting(let reason), .problem(let reason):
                    if reason != lastNote { state.setStatus(reason) }
                    lastNote = reason
                    noteIsProblem = true
                }
                return follower.nextLook
            }
        }
        do {
            try app.run()
        } catch {
            StandardError.writeLine("tradechart: \(error)")
            return 2
        }
        return 0
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
