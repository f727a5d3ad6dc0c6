import ArgumentParser
import Foundation
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

    @Argument(help: ArgumentHelp("Price files (CSV); - reads standard input. Several are compared in percent, "
                                 + "the first one's calendar the time axis (Tab changes it).", valueName: "FILE"))
    var files: [String] = []

    /// The primary file: the first one given (after those that could not be loaded).
    var file: String { files.first ?? "-" }

    @Flag(help: "Print one frame to standard output and exit (no terminal needed).")
    var print = false

    @Option(help: ArgumentHelp("Range to show.", valueName: "R"))
    var range: ChartRange?

    @Option(help: ArgumentHelp("Frame size for --print, e.g. 100x30 (default: the terminal's, else 100x30).",
                               valueName: "COLSxROWS"))
    var size: FrameSize?

    @Option(help: ArgumentHelp("Draw the price as a line, candles or OHLC bars (c switches).", valueName: "STYLE"))
    var style: ChartStyle?

    @Flag(help: "Show the volume pane under the chart (v switches it).")
    var volume = false

    @Option(help: ArgumentHelp("Colour (NO_COLOR is honoured).", valueName: "WHEN"))
    var color: ColorChoice = .auto

    @Option(help: ArgumentHelp("Glyphs; auto picks Braille only where it can be shown.", valueName: "SET"))
    var charset: CharsetChoice = .auto

    @Option(help: ArgumentHelp("Colour theme; auto (the default) asks the terminal for its background colour "
                               + "(COLORFGBG when it does not answer) and picks light on a light one.",
                               valueName: "THEME"))
    var theme: ThemeChoice?

    @Option(help: ArgumentHelp("Show intraday times in this zone of the system's zone database, e.g. "
                               + "Europe/Berlin (daylight saving included).", valueName: "ZONE"))
    var tz: String?

    @Option(name: .customLong("data-tz"),
            help: ArgumentHelp("The zone the file's times are written in, for --tz when they carry no UTC offset "
                               + "(e.g. America/New_York).",
                               valueName: "ZONE"))
    var dataTz: String?

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

    @Flag(inversion: .prefixedNo,
          help: ArgumentHelp("Plain lines for a screen reader instead of the chart; remembered for next time (also on when TERM=dumb)."))
    var screenReader: Bool?

    @Flag(help: "Play a short tone for each cursor step, its pitch the price (s switches it).")
    var sound = false

    @Option(help: ArgumentHelp("Command that plays sound from its standard input (default: $TRADECHART_PLAYER, else pw-play, paplay or aplay).",
                               valueName: "CMD"))
    var player: String?

    @Option(help: ArgumentHelp("Show from this date: 2019, 2019-05, 2019-05-13 or any date the files use.",
                               valueName: "DATE"))
    var from: DateArgument?

    @Option(help: ArgumentHelp("Show up to this date (the whole year, month or day it names).", valueName: "DATE"))
    var to: DateArgument?

    @Flag(help: "A logarithmic price axis (L switches it).")
    var log = false

    @Flag(help: "Price labels as percent change from the previous close (% switches it).")
    var percent = false

    @Option(help: ArgumentHelp("Moving averages of these bars, e.g. 20,50,200 (m cycles none, 20, 20,50,200).",
                               valueName: "N[,N...]"))
    var average: AverageList?

    mutating func validate() throws {
        if files.isEmpty { throw ValidationError("Missing expected argument '<FILE>'") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read once only") }
        if !(duration >= 0 && duration <= 60) {
            throw ValidationError("--duration must be between 0 and 60 seconds")
        }
        if let from, let to, from.span.lowerBound > to.span.upperBound {
            throw ValidationError("--from must not be after --to")
        }
        if range != nil && (from != nil || to != nil) {
            throw ValidationError("--range and --from/--to each choose what to show: give one of them")
        }
    }

    /// The window, axis and averages asked for: the command line's, else what was remembered
    /// (a range on the command line drops a remembered window).
    func viewSettings(for series: PriceSeries, remembered: RememberedView?) -> ViewSettings {
        var settings = ViewSettings(remembered: remembered)
        if range != nil { settings.window = nil }
        if from != nil || to != nil {
            let start = from?.span.lowerBound ?? series.times[0]
            let end = to?.span.upperBound ?? series.times[series.count - 1]
            settings.window = start...max(start, end)
        }
        if log { settings.log = true }
        if percent { settings.percent = true }
        if let average { settings.averages = average.bars }
        return settings
    }

    /// Parses and runs; returns the exit status. Errors are one line on stderr with status 2.
    static func runFromCommandLine(_ raw: RawArguments) -> Int32 {
        do {
            let command = try parse(raw.strings)
            return try command.execute(raw: raw)
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

    /// Runs the parsed command; `raw` holds the arguments' bytes (a path need not be UTF-8).
    /// `notes` are what earlier files that could not be loaded said.
    func execute(raw: RawArguments, notes: [String] = []) throws -> Int32 {
        // A file that cannot be loaded names itself; with more files, the next is the primary.
        func next(_ note: String) throws -> Int32 {
            StandardError.writeLine("tradechart: \(note)")
            guard files.count > 1 else { return 2 }
            var rest = self
            rest.files.removeFirst()
            return try rest.execute(raw: raw, notes: notes + [note])
        }
        let input = CommandLinePath(bytes: raw.bytes(of: file), shown: file)
        let inputIsUTF8 = Array(file.utf8) == input.bytes
        if file != "-" {
            // A missing or unreadable file is the first thing to say (without blocking on a FIFO,
            // and without opening one: a writer waiting for a reader would be let in and cut off).
            var info = stat()
            let isFIFO = input.withCString { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFIFO
            let readable = isFIFO ? input.withCString { access($0, R_OK) }
                : input.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
            // `archive.zip:member` names no file itself: the load finds the archive.
            guard readable >= 0 || ArchiveMemberPath(file) != nil else {
                return try next("cannot open '\(file)': \(String(cString: strerror(errno)))")
            }
            if !isFIFO && readable >= 0 { close(readable) }
        }
        let output = audiograph.map { CommandLinePath(bytes: raw.bytes(of: $0), shown: $0) }
        // No price file given is written over: the compared ones neither.
        if let output, let reason = files.lazy.compactMap({ name in
            Self.whyNotWrite(output, input: name == "-" ? nil : CommandLinePath(bytes: raw.bytes(of: name), shown: name))
        }).first {
            StandardError.writeLine("tradechart: \(reason)")
            return 2
        }
        let zones: Zones?
        do {
            zones = try chosenZones()
        } catch {
            StandardError.writeLine("tradechart: \(error)")
            return 2
        }
        let interactive = !print && !describe && audiograph == nil
        // With `-` the prices come on standard input, so keys come from the terminal itself.
        let device: TerminalScreen.Device = file == "-" && isatty(0) == 0 ? .controllingTerminal : .standardStreams
        if interactive {
            if follow && file == "-" && isatty(0) != 0 {
                StandardError.writeLine("tradechart: --follow - reads prices from standard input, which is the terminal here; pipe rows in (e.g. tail -f log.csv | tradechart --follow -)")
                return 2
            }
            // The screen-reader mode needs keys only; the chart needs a whole terminal. Which
            // one runs may depend on the remembered settings, read while the file loads.
            let chartReason = TerminalCheck.whyNotInteractive(device: device)
            if let reason = TerminalCheck.whyNoKeyboard(device: device)
                ?? (mayRunScreenReader ? nil : chartReason) {
                StandardError.writeLine(Self.notInteractive(reason, file: file))
                return 2
            }
        }
        // The remembered state is read in the background, at most 20 ms (`finish`).
        let memory = interactive && !noState ? RememberedState.startLoading(for: files) : nil
        let loadOptions = LoadOptions(column: column, name: title)
        // What is shown decides what is read: a line reads the time and price only. Standard
        // input, a followed file and a name that is not UTF-8 cannot be read again for `c` or `v`,
        // so they keep every column from the start. Otherwise the remembered style and pane
        // decide, unless the command line does: only then does the load wait for the state file.
        var readOptions = loadOptions
        if follow || file == "-" || !inputIsUTF8 {
            readOptions.bars = .all
        } else {
            readOptions.bars = shownStyle(remembered: style != nil && volume ? nil : memory?.finish()?.view).fields
        }
        let loaded: LoadedSeries
        var follower: Follower? = nil
        // A compressed file is shown once, not followed, and that is said.
        let notFollowed = follow && interactive ? CompressedFollowing.note(path: file) : nil
        if follow && interactive && notFollowed == nil {
            // The follower's first look reads the whole input; later looks parse only what was appended.
            let f: Follower = file == "-" ? StreamFollower(options: readOptions)
                : FileFollower(pathBytes: input.bytes, shown: input.shown, options: readOptions)
            var told = false
            var looked: FollowChange = .none
            if let fileFollower = f as? FileFollower {
                let look = firstLook(of: fileFollower, interactive: interactive, device: device)
                if let status = look.stopped { return status }
                looked = look.change
                if case .problem(let reason) = look.change {
                    StandardError.writeLine("tradechart: \(reason)")
                    return 2
                }
                if case .waiting(let reason) = look.change {
                    StandardError.writeLine("tradechart: \(reason); waiting (Ctrl-C to stop)")
                    told = true
                }
            }
            let first = if case .updated = looked { looked } else { f.waitForChart { reason in
                if file != "-" && !told { StandardError.writeLine("tradechart: \(reason); waiting (Ctrl-C to stop)") }
                told = true
            } }
            guard case .updated(let firstLoaded, _) = first else {
                if case .problem(let reason) = first { StandardError.writeLine("tradechart: \(reason)") }
                return 2
            }
            loaded = firstLoaded
            follower = f
        } else {
            switch loadShowingProgress(input, options: readOptions, interactive: interactive, device: device) {
            case .finished(.success(let series)):
                loaded = series
            case .finished(.failure(let error)):
                return try next("\(error)")
            case .stopped(let status):
                return status
            }
        }
        let series = loaded.series
        guard series.count >= 2 else { return try next("\(file): only one price; a chart needs at least two") }
        // The other files, compared with the first (each that loads; the same file twice once).
        let compared = loadOthers(raw: raw, options: loadOptions, interactive: interactive, device: device)
        if compared.stopped != nil { return compared.stopped! }
        let notes = notes + compared.notes
        let clock: DisplayClock?
        do {
            clock = try displayClock(for: series, zones: zones)
        } catch {
            StandardError.writeLine("tradechart: \(error)")
            return 2
        }
        let shown = shownStyle(remembered: memory?.finish()?.view)
        let candles = CandleState(names: loaded.barNames, bars: loaded.bars, closes: series.prices, style: shown.style,
                                  volume: shown.volume)
        let again = follower == nil && file != "-" && inputIsUTF8 ? file : nil
        if interactive {
            let summary = ([loaded.report.summary, notFollowed] + notes.map(Optional.some)).compactMap { $0 }
            return runInteractive(series, clock: clock, loaded: loaded, memory: memory, follower: follower, device: device,
                                  compared: compared, notes: summary, candles: candles,
                                  bars: BarService(path: again, options: loadOptions))
        }
        // --print, --describe and --audiograph: each that is asked for, in that order, on
        // the range asked for or, when that is unavailable, the one the viewer would open on.
        if let note = loaded.report.summary { StandardError.writeLine("tradechart: \(file): \(note)") }
        let settings = viewSettings(for: series, remembered: nil)
        var opening: ViewerState? = ViewerState(series: series, range: range, options: ViewerOptions(morphDuration: 0, clock: clock),
                                                columns: 100, rows: 30, view: settings, others: compared.series)
        if let note = opening?.status { StandardError.writeLine("tradechart: \(note)") }
        let openingRange = opening!.range, openingSlice = opening!.slice
        // The frame builds a viewer of its own: let this one go first unless the description
        // needs it, so ten million points are not indexed twice at once.
        if !describe { opening = nil }
        var status: Int32 = 0
        for why in [shown.style != .line ? candles.whyNoCandles(file: file) : nil, volume ? candles.whyNoVolume(file: file) : nil] {
            if let why { StandardError.writeLine("tradechart: \(why)") }
        }
        if print {
            status = max(status, printFrame(series, range: openingRange, settings: settings, clock: clock, others: compared.series,
                                            candles: candles))
        }
        if describe {
            status = max(status, printDescription(of: opening!))
        }
        if let output { status = max(status, writeAudiograph(of: series, slice: openingSlice, to: output)) }
        return status
    }

    /// The files compared with the primary one: their series, their followers (with
    /// `--follow`) and what could not be loaded.
    struct ComparedFiles {
        var series: [PriceSeries] = []
        /// Each follower with the file's number on the command line.
        var followers: [(file: Int, follower: Follower)] = []
        var notes: [String] = []
        /// The exit status when the person stopped a long load.
        var stopped: Int32?
    }

    /// Loads every file after the first, in order: one that cannot be loaded is said and
    /// left out, one given twice (the same file by another name too) is shown once.
    func loadOthers(raw: RawArguments, options: LoadOptions, interactive: Bool, device: TerminalScreen.Device) -> ComparedFiles {
        var result = ComparedFiles()
        let primary = CommandLinePath(bytes: raw.bytes(of: file), shown: file)
        var seen: [(name: String, identity: (dev_t, ino_t)?)] = [(file, file == "-" ? nil : primary.identity)]
        for name in files.dropFirst() {
            let path = CommandLinePath(bytes: raw.bytes(of: name), shown: name)
            let identity = name == "-" ? nil : path.identity
            if let earlier = seen.first(where: { $0.name == name || (identity != nil && $0.identity.map { $0 == identity! } == true) }) {
                result.notes.append(earlier.name == name ? "\(name) is given twice: shown once"
                                    : "\(name) is the same file as \(earlier.name): shown once")
                continue
            }
            seen.append((name, identity))
            let loaded: LoadedSeries
            let notFollowed = follow && interactive ? CompressedFollowing.note(path: name) : nil
            if let notFollowed { result.notes.append(notFollowed) }
            if follow && interactive && name != "-" && notFollowed == nil {
                let follower = FileFollower(pathBytes: path.bytes, shown: path.shown, options: LoadOptions(column: column))
                let look = firstLook(of: follower, interactive: interactive, device: device)
                if let status = look.stopped {
                    result.stopped = status
                    return result
                }
                guard case .updated(let first, _) = look.change else {
                    // The files compared are those with a chart when the viewer starts.
                    result.notes.append("\(name): no chart yet (a compared file needs two prices when the viewer starts): left out")
                    continue
                }
                loaded = first
                // Numbered as the viewer numbers the files it shows: the primary 0, the others on.
                result.followers.append((result.series.count + 1, follower))
            } else {
                // Each file keeps its own name (--title names the primary one).
                switch loadShowingProgress(path, options: LoadOptions(column: column), interactive: interactive, device: device,
                                           name: name) {
                case .finished(.success(let series)):
                    loaded = series
                case .finished(.failure(let error)):
                    result.notes.append("\(error)")
                    continue
                case .stopped(let status):
                    result.stopped = status
                    return result
                }
            }
            guard loaded.series.count >= 2 else {
                result.notes.append("\(name): only one price; a chart needs at least two")
                continue
            }
            if let summary = loaded.report.summary { result.notes.append("\(name): \(summary)") }
            result.series.append(loaded.series)
        }
        if !interactive { for note in result.notes { StandardError.writeLine("tradechart: \(note)") } }
        return result
    }

    /// The interactive viewer, or its screen-reader mode, once the series is loaded.
    func runInteractive(_ series: PriceSeries, clock: DisplayClock?, loaded: LoadedSeries, memory: RememberedState?,
                        follower: Follower?, device: TerminalScreen.Device, compared: ComparedFiles = ComparedFiles(),
                        notes: [String] = [], candles: CandleState, bars: BarService) -> Int32 {
        let remembered = memory?.finish()
        let readsScreen = screenReader ?? (remembered?.settings?.screenReader == true || Environment.term == "dumb")
        if !readsScreen, let reason = TerminalCheck.whyNotInteractive(device: device) {
            StandardError.writeLine(Self.notInteractive(reason, file: file))
            return 2
        }
        if let screenReader, let store = memory?.store {
            // Asked for on the command line: remembered for the person, whatever the file.
            store.remember(UserSettings(screenReader: screenReader, updated: Date().timeIntervalSince1970))
            store.save()
        }
        return runViewer(series, clock: clock, status: notes.isEmpty ? nil : notes.joined(separator: "; "), memory: memory,
                         remembered: remembered, follower: follower, device: device, screenReader: readsScreen,
                         compared: compared, candles: candles, bars: bars)
    }

    /// Whether the screen-reader mode may be the one to run, so a terminal that cannot
    /// show the chart is no reason to stop yet: asked for, TERM=dumb, or perhaps remembered.
    var mayRunScreenReader: Bool {
        screenReader ?? (Environment.term == "dumb" || !noState)
    }

    /// Why there is no interactive viewer, and what to do instead.
    static func notInteractive(_ reason: String, file: String) -> String {
        "tradechart: \(reason); use --print to write one frame to standard output (e.g. tradechart --print \(file))"
    }

    /// Why the audiograph must not be written to `output`: it is the price file being
    /// read (the same file, under any name), or standard input is.
    static func whyNotWrite(_ output: CommandLinePath, input: CommandLinePath?) -> String? {
        guard let target = output.identity else { return nil }
        var info = stat()
        let source = input.flatMap { $0.identity } ?? (fstat(0, &info) == 0 ? (info.st_dev, info.st_ino) : nil)
        guard let source, source == target else { return nil }
        return "--audiograph '\(output.shown)' is the price file being read; it is not overwritten (name another file)"
    }

    /// Loads the input, showing its progress on standard error when the load takes a while
    /// and standard error is a terminal; `q` and Ctrl-C stop it (see `LoadProgressDisplay`).
    /// Keys come from the terminal the viewer will read, or for `--print` from standard
    /// input when it is one. A name that is not UTF-8 is opened by its bytes.
    func loadShowingProgress(_ input: CommandLinePath, options: LoadOptions, interactive: Bool,
                             device: TerminalScreen.Device, name: String? = nil) -> LoadProgressDisplay.Outcome {
        let file = name ?? self.file
        return showingProgress(name: file == "-" ? "standard input" : input.shown, interactive: interactive,
                               device: device) { progress throws(LoadError) in
            if file == "-" || Array(file.utf8) == input.bytes {
                return try SeriesLoader.load(path: file, options: options, progress: progress)
            }
            let fd = input.withCString { open($0, O_RDONLY | O_CLOEXEC) }
            guard fd >= 0 else { throw LoadError.cannotOpen(file: input.shown, reason: SeriesLoader.errorText(errno)) }
            defer { close(fd) }
            return try SeriesLoader.load(descriptor: fd, fileName: input.shown, options: options, progress: progress)
        }
    }

    /// Runs `load` with its progress on standard error when it takes a while (when standard
    /// error is a terminal), `q` and Ctrl-C stopping it (see `LoadProgressDisplay`).
    func showingProgress(name: String, interactive: Bool, device: TerminalScreen.Device,
                         load: @escaping @Sendable (LoadProgressReporting) throws(LoadError) -> LoadedSeries)
        -> LoadProgressDisplay.Outcome {
        let display: Int32? = isatty(2) != 0 ? 2 : nil
        var keyboard: Int32? = nil
        var ownKeyboard: Int32 = -1
        if interactive && device == .controllingTerminal {
            ownKeyboard = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
            if ownKeyboard >= 0 { keyboard = ownKeyboard }
        } else if file != "-" && isatty(0) != 0 {
            keyboard = 0
        }
        defer { if ownKeyboard >= 0 { close(ownKeyboard) } }
        let clock = MonotonicClock()
        return LoadProgressDisplay.run(name: name, keyboard: keyboard, display: display, clock: { clock.now() }, load: load)
    }

    /// The first look of a followed file, which reads the whole file: a long one shows its
    /// progress as any load does (`q` and Ctrl-C stop it: then `stopped` is the status).
    func firstLook(of follower: FileFollower, interactive: Bool, device: TerminalScreen.Device)
        -> (change: FollowChange, stopped: Int32?) {
        let look = FirstLook(follower)
        let outcome = showingProgress(name: follower.path, interactive: interactive, device: device) { progress throws(LoadError) in
            look.follower.progress = progress
            defer { look.follower.progress = nil }
            look.change = look.follower.poll()
            if case .updated(let loaded, _) = look.change { return loaded }
            throw LoadError.cancelled(file: look.follower.path)
        }
        if case .stopped(let status) = outcome { return (look.change, status) }
        return (look.change, nil)
    }

    /// The first look of a followed file, made on the loading thread of a progress display.
    final class FirstLook: @unchecked Sendable {
        let follower: FileFollower
        var change: FollowChange = .none
        init(_ follower: FileFollower) { self.follower = follower }
    }

    /// `--print`: one frame of `range` to standard output.
    func printFrame(_ series: PriceSeries, range: ChartRange, settings: ViewSettings, clock: DisplayClock?,
                    others: [PriceSeries] = [], candles: CandleState) -> Int32 {
        let frameSize = size ?? FrameSize.ofStandardOutput() ?? FrameSize(columns: 100, rows: 30)
        let useColor = color.resolved(outputIsTerminal: isatty(1) != 0)
        // No questions to a terminal from a script: COLORFGBG, else dark.
        let chosenTheme = theme?.fixed ?? Theme.detected(backgroundReply: nil, colorFGBG: Environment.value("COLORFGBG"))
        let options = ViewerOptions(charset: resolvedCharset(), color: useColor, theme: chosenTheme, morphDuration: 0,
                                    clock: clock)
        let state = ViewerState(series: series, range: range, options: options,
                                columns: frameSize.columns, rows: frameSize.rows, view: settings, others: others,
                                candles: candles)
        if state.layout.isTooSmall {
            StandardError.writeLine("tradechart: \(frameSize.columns)x\(frameSize.rows) is too small for a chart "
                + "(at least \(ChartLayout.minimumColumns)x\(ChartLayout.minimumRows)); use a larger --size")
            return 2
        }
        let frame = state.frame(at: 0)
        let text = useColor ? AnsiRenderer(theme: options.theme).render(frame) : frame.plainText + "\n"
        return StandardOutput.writeOrSay(text, what: "the frame")
    }

    /// The interactive viewer, or its screen-reader mode; returns the exit status (0 on
    /// `q`, 128 + signal when a signal ended it).
    func runViewer(_ series: PriceSeries, clock: DisplayClock?, status: String?, memory: RememberedState?,
                   remembered: (view: RememberedView?, settings: UserSettings?, note: String?)?, follower: Follower?,
                   device: TerminalScreen.Device, screenReader: Bool, compared: ComparedFiles = ComparedFiles(),
                   candles: CandleState, bars: BarService) -> Int32 {
        TerminalScreen.ensureUTF8Locale()
        // The viewer always draws on a terminal (checked in execute()).
        let useColor = !screenReader && color.resolved(outputIsTerminal: true)
        // A theme given by hand, now or before (unless `--theme auto` now), else the terminal's background.
        let byHand = theme == .auto ? nil : theme?.fixed ?? remembered?.view?.theme.flatMap(Theme.init(rawValue:))
        let chosenTheme = byHand ?? (useColor ? detectedTheme(device: device) : .dark)
        let chosenCharset = charset != .auto ? resolvedCharset()
            : remembered?.view?.charset.flatMap(Charset.init(rawValue:)) ?? resolvedCharset()
        // The screen-reader mode draws nothing: no morph to wait for, no panels to close.
        let options = ViewerOptions(charset: chosenCharset, color: useColor, theme: chosenTheme,
                                    morphDuration: screenReader ? 0 : duration, followed: follower?.name, tones: sound,
                                    showsPanels: !screenReader, clock: clock)
        // What is remembered about the file: the theme and charset when the command line gave them.
        var opening = remembered?.view ?? RememberedView()
        if let fixed = theme?.fixed { opening.theme = fixed.rawValue }
        if charset != .auto { opening.charset = chosenCharset.rawValue }
        let startRange = range ?? remembered?.view?.range.flatMap(ChartRange.init(label:))
        let notes = [status, remembered?.note].compactMap { $0 }
        let state = ViewerState(series: series, range: startRange, options: options, columns: 100, rows: 30,
                                status: notes.isEmpty ? nil : notes.joined(separator: "; "), memory: opening,
                                view: viewSettings(for: series, remembered: remembered?.view), others: compared.series,
                                candles: candles)
        let player = PlayerChoice.resolve(option: self.player, environment: ProcessInfo.processInfo.environment)
        var services: [HostService] = [SoundService(player: player), ToneService(player: player), bars]
        if let follower { services.append(FollowService(follower: follower)) }
        for other in compared.followers { services.append(FollowService(follower: other.follower, file: other.file)) }
        var stateFile: StateFileService?
        if let memory, let store = memory.store, let key = memory.key {
            stateFile = StateFileService(store: store, key: key, stored: remembered?.view, opening: state.memory)
            services.append(stateFile!)
        }
        let status: Int32
        do {
            if screenReader {
                let terminal = try LineTerminal(device: device)
                defer { terminal.close() }
                terminal.say(Narration.opening(state))
                status = ViewerLoop(state: state, display: terminal, events: terminal, clock: SystemClock(),
                                    services: services).run()
            } else {
                let screen = try TerminalScreen(options: ScreenOptions(color: useColor, theme: options.theme), device: device)
                defer { screen.close() }
                status = ViewerLoop(state: state, display: screen, events: screen, clock: SystemClock(),
                                    services: services).run()
            }
        } catch {
            StandardError.writeLine("tradechart: \(error)")
            return 2
        }
        // Settings saved without a file's entry (standard input) are written by now.
        memory?.store?.flush()
        if let problem = stateFile?.problemOnExit { StandardError.writeLine("tradechart: \(problem)") }
        return status
    }

    /// The style and volume pane to open with: the command line's, else the file's
    /// remembered ones (interactive only), else the line; and the columns they need.
    func shownStyle(remembered: RememberedView?) -> (style: ChartStyle, volume: Bool, fields: BarFields) {
        let style = self.style ?? remembered?.style.flatMap(ChartStyle.init(rawValue:)) ?? .line
        let volume = self.volume || (remembered?.volume ?? false)
        return (style, volume, BarFields().union(style != .line ? .prices : []).union(volume ? .volume : []))
    }

    /// What `--tz` asks for: the series' times shown in another zone, placed in UTC by
    /// the offsets the file wrote with them, else by the zone `--data-tz` names. Nil
    /// without `--tz`, or when both name the same zone.
    func displayClock(for series: PriceSeries, zones: Zones?) throws -> DisplayClock? {
        guard let tz, let zones else { return nil }
        let target = zones.target
        if series.utcOffsets != nil { return DisplayClock(target: target) }
        guard let source = zones.source else {
            // Naive local times: which zone they are in is not written anywhere.
            throw ZoneDatabase.LoadError(name: tz, path: nil, reason: "the times in \(file) carry no UTC offset; "
                + "name their zone with --data-tz (e.g. --data-tz America/New_York)")
        }
        return source == target ? nil : DisplayClock(source: source, target: target)
    }

    /// The zones `--tz` and `--data-tz` name, read before any file is (a misspelt zone
    /// is said at once, not after a long load). Nil without `--tz`.
    typealias Zones = (target: ZoneRules, source: ZoneRules?)
    func chosenZones() throws -> Zones? {
        guard let tz else { return nil }
        return (try ZoneDatabase.load(tz), try dataTz.map { name throws in try ZoneDatabase.load(name) })
    }

    /// `--theme auto` in a terminal: its answer to the background-colour question (at
    /// most 100 ms), else COLORFGBG, else dark.
    func detectedTheme(device: TerminalScreen.Device) -> Theme {
        var reply: [UInt8]?
        switch device {
        case .standardStreams:
            reply = TerminalBackground.query(input: 0, output: 1)
        case .controllingTerminal:
            let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
            if tty >= 0 {
                reply = TerminalBackground.query(input: tty, output: tty)
                close(tty)
            }
        }
        return Theme.detected(backgroundReply: reply, colorFGBG: Environment.value("COLORFGBG"))
    }

    /// `auto` picks Braille only where it can be shown (see `Charset.automatic`).
    func resolvedCharset() -> Charset {
        switch charset {
        case .braille: return .braille
        case .block: return .block
        case .ascii: return .ascii
        case .auto:
            TerminalScreen.ensureUTF8Locale()
            return Charset.automatic(term: Environment.term, localeIsUTF8: TerminalScreen.localeIsUTF8)
        }
    }
}
