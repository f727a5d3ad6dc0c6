import ArgumentParser
import FoundationEssentials
import TradeChartApp
import TradeChartCore
import TradeChartSystem

/// The `tradechart` command: its options, and the wiring of the core, the system
/// layer, the terminal and the loop.
struct TradeChartCommand: ParsableCommand {
    static let version = "0.1.0"

    /// The line of the discussion the key table follows in `--help`. The table is put in
    /// when help is printed (`withSettings`), not in the configuration: every start reads
    /// the configuration, and wrapping the key table cost a start 7 % of its time (issue 24).
    static let keysHeading = "Keys (the same as ? shows in the viewer):"

    static let configuration = CommandConfiguration(
        commandName: "tradechart",
        abstract: "An animated stock chart in the terminal, drawn in Braille dots.",
        discussion: """
            \(keysHeading)

            Files: CSV with a date/time column and a price column (Close, Adj Close, \
            Price, ...), separated by , ; or tab, as exported by Yahoo, stooq, ariva, \
            investing.com, TradingView and others; without a header (Binance, Kraken, \
            MetaTrader, HistData, FirstRate) read by the shape of the first row, or as \
            --columns, --date-format and --separator say. - reads standard input.
            """,
        version: version
    )

    @Argument(help: ArgumentHelp("Price files (CSV); - reads standard input. Several are compared in percent, "
                                 + "the first one's calendar the time axis (Tab changes it); a folder, or more than "
                                 + "\(Launch.mostCompared) files, opens the overview.", valueName: "FILE"))
    var files: [String] = []

    @Flag(help: "Print one frame to standard output and exit (no terminal needed).")
    var print = false

    @Flag(help: "List the files as the overview (a row each: sparkline, last close, change, last date), however few.")
    var overview = false

    @Option(help: setting("order"))
    var order: OverviewOrder?

    @Option(help: setting("filter"))
    var filter: String?

    @Option(help: setting("range"))
    var range: ChartRange?

    @Option(help: ArgumentHelp("Frame size for --print, e.g. 100x30 (default: the terminal's, else 100x30).",
                               valueName: "COLSxROWS"))
    var size: FrameSize?

    @Option(help: setting("style"))
    var style: ChartStyle?

    @Option(help: setting("period"))
    var period: PeriodRequest?

    @Option(help: ArgumentHelp("Colour (NO_COLOR is honoured).", valueName: "WHEN"))
    var color: ColorChoice = .auto

    /// No default here (the request's is `.auto`): a default value costs every start two
    /// protocol-conformance look-ups over the whole binary (issue 24). The help is the table's.
    @Option(help: setting("charset"))
    var charset: CharsetChoice?

    @Option(help: setting("theme"))
    var theme: ThemeChoice?

    @Option(help: setting("graphics"))
    var graphics: GraphicsMode?

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

    @Option(help: ArgumentHelp("What each column holds, for a file the loader cannot read by itself, e.g. "
                               + "time,open,high,low,close,volume,- (- skips a column; date and time may be separate).",
                               valueName: "NAMES"))
    var columns: String?

    @Option(name: .customLong("date-format"),
            help: ArgumentHelp("The time's pattern, strftime style, e.g. '%d.%m.%Y %H:%M:%S' (%Y %y %m %d %b %H %I %M %S "
                               + "%f %p %z %s %j %T %F).", valueName: "PATTERN"))
    var dateFormat: String?

    @Option(help: ArgumentHelp("The field separator: one character, or tab, comma, semicolon, space, pipe.",
                               valueName: "SEP"))
    var separator: String?

    /// `--columns`, `--date-format` and `--separator` (not remembered: they belong to a file).
    var reading: ReadingOverrides { ReadingOverrides(columns: columns, dateFormat: dateFormat, separator: separator) }

    /// The default (the request's) is worded in the help, not declared: see `charset`.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Morph duration in seconds, 0 to 60; 0 turns animation off. (default: 1.2)",
                               valueName: "SECONDS"))
    var duration: Double?

    @Flag(help: "Follow the file as it grows (like tail -f): new rows are drawn as they arrive.")
    var follow = false

    /// The default (the request's) is worded in the help, not declared: see `charset`.
    @Option(help: ArgumentHelp("With --follow: how often to look at the file while rows stream in, 0.1 to 60 "
                               + "seconds (a row that comes half of that or more after the one before is drawn at once). "
                               + "(default: 1)",
                               valueName: "SECONDS"))
    var refresh: Double?

    @Flag(name: .customLong("no-state"), help: noStateHelp)
    var noState = false

    @Flag(help: "Print the range described in words (first, last, change, low, high, trend) and exit.")
    var describe = false

    @Option(help: ArgumentHelp("Write the range as sound (16-bit WAV, about 3 s) to this file and exit.",
                               valueName: "FILE.wav"))
    var audiograph: String?

    @Option(help: ArgumentHelp("Write the chart as a PNG image (the plot in pixels, the text in a built-in font; "
                               + "--size cells of 12x24 pixels) to this file and exit.", valueName: "FILE.png"))
    var png: String?

    @Flag(inversion: .prefixedNo, help: setting("screen-reader"))
    var screenReader: Bool?

    @Option(help: ArgumentHelp("Command that plays sound from its standard input (default: $TRADECHART_PLAYER, else pw-play, paplay or aplay).",
                               valueName: "CMD"))
    var player: String?

    @Option(help: setting("from"))
    var from: DateArgument?

    @Option(help: setting("to"))
    var to: DateArgument?

    @Option(help: setting("average"))
    var average: AverageList?

    @Option(help: setting("indicator"))
    var indicator: String?

    mutating func validate() throws {
        if files.isEmpty { throw ValidationError("Missing expected argument '<FILE>'") }
        if let problem = reading.problem { throw ValidationError(problem) }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read once only") }
        if let duration, !(duration >= 0 && duration <= 60) {
            throw ValidationError("--duration must be between 0 and 60 seconds")
        }
        if let refresh {
            guard refresh >= 0.1 && refresh <= 60 else { throw ValidationError("--refresh must be between 0.1 and 60 seconds") }
            guard follow else { throw ValidationError("--refresh sets how often a followed file is looked at: give --follow too") }
        }
        if let from, let to, from.span.lowerBound > to.span.upperBound {
            throw ValidationError("--from must not be after --to")
        }
        if range != nil && (from != nil || to != nil) {
            throw ValidationError("--range and --from/--to each choose what to show: give one of them")
        }
        if let indicator {
            do throws(IndicatorListError) { _ = try IndicatorChoice.list(indicator) } catch { throw ValidationError(error.text) }
        }
    }

    /// Parses and runs; returns the exit status. Errors are one line on stderr with status 2.
    static func runFromCommandLine(_ raw: RawArguments) -> Int32 {
        do {
            // The table's own flags first; the argument parser reads the rest.
            let settings = try SettingArguments(raw.strings)
            // The common command lines without the parser's reflection (issue 24); the rest through it.
            if settings.rest == ["--version"] {
                Swift.print(version)
                return 0
            }
            if let request = CommonArguments.request(settings.rest) {
                return launch(request, raw: raw, switches: settings.switches)
            }
            let command = try parse(settings.rest)
            return launch(command.request, raw: raw, switches: settings.switches)
        } catch let problem as SettingArguments.Problem {
            StandardError.writeLine("tradechart: \(problem) (see --help)")
            return 2
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                Swift.print(withSettings(fullMessage(for: error)))
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

    /// The help of a setting's option, as the settings table words it (`--help` shows it in
    /// its section of settings, from the table).
    static func setting(_ option: String) -> ArgumentHelp {
        let declared = declaredOptions.first { $0.name == option }
        return ArgumentHelp(declared?.help ?? "", valueName: declared?.valueName)
    }

    /// The settings table's options, gathered once: the parser makes the command, and with
    /// it every option's help, three times a start (issue 24).
    private static let declaredOptions = Settings.table.flatMap(\.options)

    /// `--no-state`'s help, worded from the table once (see `declaredOptions`).
    static let noStateHelp = ArgumentHelp(Settings.noStateHelp)

    /// `--help` with the key table after its heading and the settings table's section before
    /// the options, which then leave the table's out (other messages as they are).
    static func withSettings(_ help: String) -> String {
        var lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.contains("OPTIONS:") else { return help }
        if let keys = lines.firstIndex(of: keysHeading) {
            let table = KeyMap.helpLines(width: 76).map { $0.isEmpty ? "" : "  " + $0 }
            lines.insert(contentsOf: [""] + table, at: keys + 1)
        }
        let options = lines.firstIndex(of: "OPTIONS:")!
        // An option's entry is its label line and the lines indented under it.
        let labels = Settings.table.flatMap(\.options).map { "  " + $0.label }
        var kept: [String] = [], dropping = false
        for line in lines[options...] {
            if line.hasPrefix("  --") || line.hasPrefix("  -") {
                dropping = labels.contains { line == $0 || line.hasPrefix($0 + " ") }
            } else if !line.hasPrefix("   ") {
                dropping = false
            }
            if !dropping { kept.append(line) }
        }
        lines.replaceSubrange(options..., with: Settings.helpSection() + [""] + kept)
        return lines.joined(separator: "\n")
    }

    /// What the command line asks for, for the launch.
    var request: LaunchRequest {
        var request = LaunchRequest(files: files)
        request.print = print
        request.overview = overview
        request.order = order
        request.filter = filter
        request.range = range
        request.size = size
        request.style = style
        request.period = period
        request.color = color
        if let charset { request.charset = charset }
        request.theme = theme
        request.tz = tz
        request.dataTz = dataTz
        request.title = title
        request.column = column
        request.reading = reading
        if let duration { request.duration = duration }
        request.follow = follow
        if let refresh { request.refresh = refresh }
        request.noState = noState
        request.describe = describe
        request.audiograph = audiograph
        request.png = png
        request.graphics = graphics
        request.screenReader = screenReader
        request.player = player
        request.from = from
        request.to = to
        request.averages = average?.bars
        request.indicators = indicator.flatMap { try? IndicatorChoice.list($0) }
        return request
    }

    /// Runs what the command line asks for on the disk, the process's streams and its
    /// terminal; `raw` holds the arguments' bytes (a path need not be UTF-8), `switches` the
    /// settings table's on/off flags it gave.
    static func launch(_ request: LaunchRequest, raw: RawArguments, switches: Set<SettingID>) -> Int32 {
        var request = request
        request.switches = switches
        return Launch(request: request, files: SystemLaunchFiles(), output: SystemLaunchOutput(), terminal: SystemLaunchTerminal(),
               stateFile: { SystemRememberedState.startLoading(for: $0) },
               environment: ProcessEnvironment.current(), pathBytes: raw.bytes(of:)).run()
    }
}
