import TradeChartCore
import TradeChartSystem
import TradeChartTerminal

/// The launch policy of `tradechart`: which files are shown, what the state file and the
/// command line each decide, when to wait (a followed file's first rows, the state file),
/// what is printed on errors and with which exit status, and which of the viewer,
/// `--print`, `--describe` and `--audiograph` runs. It acts only through its ports, so
/// tests run it on fake files, a fake terminal and fake streams.
public struct Launch {
    public var request: LaunchRequest
    let files: LaunchFiles
    let output: LaunchOutput
    let terminal: LaunchTerminal
    /// Starts reading the state file for the files given (nil: there is none).
    let stateFile: ([String]) -> RememberedState?
    let environment: [String: String]
    /// The bytes the system names a file by, for its name on the command line.
    let pathBytes: (String) -> [UInt8]

    public init(request: LaunchRequest, files: LaunchFiles, output: LaunchOutput, terminal: LaunchTerminal,
                stateFile: @escaping ([String]) -> RememberedState?, environment: [String: String],
                pathBytes: @escaping (String) -> [UInt8] = { Array($0.utf8) }) {
        self.request = request
        self.files = files
        self.output = output
        self.terminal = terminal
        self.stateFile = stateFile
        self.environment = environment
        self.pathBytes = pathBytes
    }

    /// Carries out the request; returns the exit status.
    public func run() -> Int32 { run(notes: []) }

    var file: String { request.file }

    func path(_ name: String) -> LaunchPath { LaunchPath(bytes: pathBytes(name), shown: name) }

    /// Writes `tradechart: message` to standard error.
    func say(_ message: String) { output.sayLine("tradechart: \(message)") }

    var term: String { environment["TERM"] ?? "" }

    /// `notes` are what earlier files that could not be loaded said.
    func run(notes: [String]) -> Int32 {
        // A file that cannot be loaded names itself; with more files, the next is the primary.
        func next(_ note: String) -> Int32 {
            say(note)
            guard request.files.count > 1 else { return 2 }
            var rest = self
            rest.request.files.removeFirst()
            return rest.run(notes: notes + [note])
        }
        // A folder, --overview, or more files than a comparison takes: the overview.
        let overviewDevice = TerminalScreen.Device.standardStreams
        switch overviewFiles() {
        case .success(let listed)?:
            return runOverview(title: listed.title, paths: listed.paths, notes: listed.notes, folder: listed.folder,
                               device: overviewDevice)
        case .failure(let stop)?:
            return stop.status
        case nil:
            break
        }
        let input = path(file)
        // A missing or unreadable file is the first thing to say.
        if file != "-", let reason = files.whyUnreadable(input) { return next("cannot open '\(file)': \(reason)") }
        let output = request.audiograph.map(path)
        // No price file given is written over: the compared ones neither.
        if let output, let reason = request.files.lazy.compactMap({ name in
            whyNotWrite(output, input: name == "-" ? nil : path(name))
        }).first {
            say(reason)
            return 2
        }
        let zones: Zones?
        do {
            zones = try chosenZones()
        } catch {
            say("\(error)")
            return 2
        }
        let interactive = request.interactive
        // With `-` the prices come on standard input, so keys come from the terminal itself.
        let device: TerminalScreen.Device = file == "-" && !terminal.inputIsTerminal ? .controllingTerminal : .standardStreams
        if interactive {
            if request.follow && file == "-" && terminal.inputIsTerminal {
                say("--follow - reads prices from standard input, which is the terminal here; pipe rows in (e.g. tail -f log.csv | tradechart --follow -)")
                return 2
            }
            // The screen-reader mode needs keys only; the chart needs a whole terminal. Which
            // one runs may depend on the remembered settings, read while the file loads.
            let chartReason = terminal.whyNotInteractive(device: device)
            if let reason = terminal.whyNoKeyboard(device: device) ?? (mayRunScreenReader ? nil : chartReason) {
                say(notInteractive(reason))
                return 2
            }
        }
        let keys = ProgressKeys(interactive: interactive, device: device, pricesOnStandardInput: file == "-")
        // The remembered state is read in the background, at most 20 ms (`finish`).
        let memory = interactive && !request.noState ? stateFile(request.files) : nil
        // The viewer shows the rows of a compressed file cut short, saying so; what is printed or written keeps the error.
        let loadOptions = LoadOptions(column: request.column, name: request.title, reading: request.reading,
                                      keepsRowsBeforeCut: interactive)
        // What is shown decides what is read: a line reads the time and price only. Standard
        // input, a followed file and a name that is not UTF-8 cannot be read again for `c` or `v`,
        // so they keep every column from the start. Otherwise the remembered style and pane
        // decide, unless the command line does: only then does the load wait for the state file.
        var readOptions = loadOptions
        if request.follow || file == "-" || !input.isUTF8 {
            readOptions.bars = .all
        } else {
            let decided = request.style != nil && request.switches.contains(.volume)
            readOptions.bars = shownStyle(remembered: decided ? nil : memory?.finish()?.view).fields
            // Stochastic and ATR read the high and low, VWAP the volume: asked for (or remembered), they are read too.
            // (Remembered ones only when the state file is read anyway: a style and pane given on the command line do not wait.)
            let indicators = request.indicators?.map(\.name)
                ?? (decided ? [] : memory?.finish()?.view?.indicators ?? []).map { String($0.prefix { $0 != ":" }) }
            if indicators.contains(where: { ["stoch", "atr", "vwap"].contains($0) }) { readOptions.bars.insert(.prices) }
            if indicators.contains("vwap") { readOptions.bars.insert(.volume) }
        }
        let loaded: LoadedSeries
        var follower: Follower? = nil
        var olderRows: NewestRowsFile? = nil
        var readNote: String? = nil
        // How the viewer meets the terminal, when it was decided during the load.
        var prepared: Result<ViewerTerminal, ChartRefused>? = nil
        // A compressed file is shown once, not followed, and that is said.
        let notFollowed = request.follow && interactive && file != "-" ? files.whyNotFollowed(input) : nil
        if request.follow && interactive && notFollowed == nil {
            switch followPrimary(input, options: readOptions, keys: keys) {
            case .success(let first):
                (loaded, follower) = first
            case .failure(let stop):
                return stop.status
            }
        } else {
            // The newest rows first, when the first frame needs only them (`--describe` says how the file was read).
            var newest: NewestRowsFile? = nil
            if let need = newestFirstNeed(options: readOptions, remembered: { memory?.finish()?.view }) {
                // The terminal is asked its questions while the newest rows are read (issue 24).
                let asking = preparedTerminal(memory: memory, device: device)
                let read = files.loadNewestFirst(input, options: readOptions, need: need)
                prepared = asking?.value
                switch read {
                case .success(let file):
                    newest = file
                    readNote = "Read: its newest rows first (\(Self.percent(file.shareRead)) of the file for the first frame), then the rest."
                case .failure(let why):
                    readNote = "Read: front to back, as \(why.text)."
                }
            } else if request.describe, request.files.count == 1, file != "-", !request.follow,
                      !readOptions.bars.isEmpty || !(request.averages ?? []).isEmpty || !(request.indicators ?? []).isEmpty {
                readNote = "Read: front to back, as \(FrontToBack.rowsBeforeTheRange.text)."
            }
            if let newest, interactive || printsNewestOnly {
                loaded = newest.newest
                olderRows = interactive ? newest : nil
            } else {
                switch files.load(input, options: readOptions, keys: keys) {
                case .finished(.success(let series)):
                    loaded = series
                case .finished(.failure(let error)):
                    return next("\(error)")
                case .stopped(let status):
                    return status
                }
            }
        }
        let series = loaded.series
        guard series.count >= 2 else { return next("\(file): \(loaded.report.onlyOnePrice())") }
        // The other files, compared with the first (each that loads; the same file twice once).
        let compared = loadOthers(options: loadOptions, keys: keys)
        if let stopped = compared.stopped { return stopped }
        let clock: DisplayClock?
        do {
            clock = try displayClock(for: series, zones: zones)
        } catch {
            say("\(error)")
            return 2
        }
        let shown = shownStyle(remembered: memory?.finish()?.view)
        let candles = CandleState(names: loaded.barNames, bars: loaded.bars, closes: series.prices, style: shown.style,
                                  volume: shown.volume, period: shown.period)
        // Only `opened` holds the columns from here on (and then only the viewer).
        _ = consume series
        let opened = Opened(loaded: consume loaded, clock: clock, compared: compared, candles: consume candles,
                            notes: (notFollowed.map { [$0] } ?? []) + notes + compared.notes, follower: follower,
                            olderRows: olderRows, readNote: readNote)
        if interactive {
            let again = follower == nil && file != "-" && input.isUTF8 ? file : nil
            return runInteractive(consume opened, memory: memory, device: device,
                                  bars: BarService(path: again, options: loadOptions), prepared: prepared)
        }
        return printOut(opened, output: output)
    }

    /// The primary file, loaded and ready to show.
    struct Opened {
        var loaded: LoadedSeries
        var clock: DisplayClock?
        var compared: ComparedFiles
        var candles: CandleState
        /// What files that could not be loaded, or were shown once, said.
        var notes: [String]
        var follower: Follower?
        /// The file whose newest rows `loaded` holds, its older rows read behind the first frame.
        var olderRows: NewestRowsFile?
        /// How the file was read, for `--describe`.
        var readNote: String?
        var series: PriceSeries { loaded.series }
    }

    /// Whether only a frame is printed: then the newest rows it shows are all that is read.
    var printsNewestOnly: Bool { request.print && !request.describe && request.audiograph == nil }

    /// What the first frame needs when the file may be read newest rows first (SPEC §1),
    /// what is `remembered` deciding the range and window the command line leaves open; nil when
    /// the file is read front to back anyway: standard input, a followed file, files
    /// compared, candles, the volume pane and moving averages (they need the rows before
    /// the range), a window from the first row, an audiograph alone, and indicators printed:
    /// an EMA, RSI, MACD or ATR carries every row before the range in its values (the viewer
    /// draws them once the older rows are read).
    func newestFirstNeed(options: LoadOptions, remembered read: () -> RememberedView?) -> FirstFrameNeed? {
        guard request.files.count == 1, file != "-", !request.follow, options.bars.isEmpty,
              request.interactive || request.print || request.describe,
              request.interactive || (request.indicators ?? []).isEmpty else { return nil }
        let remembered = request.interactive ? read() : nil
        let view = ViewSettings(remembered: request.interactive ? remembered : nil)
        guard (request.averages ?? view.averages).isEmpty, request.to == nil || request.from != nil else { return nil }
        let window = request.from?.span.lowerBound ?? (request.range == nil ? view.window?.lowerBound : nil)
        let range = request.range ?? (request.interactive ? remembered?.range.flatMap(ChartRange.init(label:)) : nil)
        return FirstFrameNeed(range: range, windowStart: window)
    }

    /// `3 %`, `<1 %`.
    static func percent(_ share: Double) -> String {
        share < 0.01 ? "<1 %" : "\(Int((share * 100).rounded())) %"
    }

    /// The exit status of a launch that stops before the viewer.
    struct Stop: Error {
        var status: Int32
    }

    /// The first rows of the followed primary file (or standard input): waits for them,
    /// saying once why it waits.
    func followPrimary(_ input: LaunchPath, options: LoadOptions, keys: ProgressKeys)
        -> Result<(LoadedSeries, Follower), Stop> {
        // The follower's first look reads the whole input; later looks parse only what was appended.
        var told = false
        let follower: Follower
        var looked: FollowChange = .none
        if file == "-" {
            follower = files.followStandardInput(options: options)
        } else {
            let look = files.follow(input, options: options, keys: keys)
            if let status = look.stopped { return .failure(Stop(status: status)) }
            follower = look.follower
            looked = look.change
            if case .problem(let reason) = look.change {
                say(reason)
                return .failure(Stop(status: 2))
            }
            if case .waiting(let reason) = look.change {
                say("\(reason); waiting (Ctrl-C to stop)")
                told = true
            }
        }
        var first = looked
        if case .updated = looked {} else {
            let waited = files.waitForChart(follower, keys: keys) { reason in
                if file != "-" && !told { say("\(reason); waiting (Ctrl-C to stop)") }
                told = true
            }
            if let status = waited.stopped { return .failure(Stop(status: status)) }
            first = waited.change
        }
        guard case .updated(let loaded, _) = first else {
            if case .problem(let reason) = first { say(reason) }
            return .failure(Stop(status: 2))
        }
        return .success((loaded, follower))
    }

    /// Whether the screen-reader mode may be the one to run, so a terminal that cannot
    /// show the chart is no reason to stop yet: asked for, TERM=dumb, or perhaps remembered.
    var mayRunScreenReader: Bool {
        request.screenReader ?? (term == "dumb" || !request.noState)
    }

    /// Why there is no interactive viewer, and what to do instead.
    func notInteractive(_ reason: String) -> String {
        "\(reason); use --print to write one frame to standard output (e.g. tradechart --print \(file))"
    }

    /// Why the audiograph (or what `option` writes) must not be written to `output`: it is
    /// the price file being read (the same file, under any name), or standard input is.
    func whyNotWrite(_ output: LaunchPath, input: LaunchPath?, option: String = "--audiograph") -> String? {
        guard let target = files.identity(of: output) else { return nil }
        let source = input.flatMap { files.identity(of: $0) } ?? files.identity(of: nil)
        guard let source, source == target else { return nil }
        return "\(option) '\(output.shown)' is the price file being read; it is not overwritten (name another file)"
    }

    /// The style, volume pane and candle period to open with: the command line's, else the
    /// file's remembered ones (interactive only), else the line and the automatic period;
    /// and the columns they need.
    func shownStyle(remembered: RememberedView?) -> (style: ChartStyle, volume: Bool, period: CandlePeriod?,
                                                     fields: BarFields) {
        let style = request.style ?? remembered?.style.flatMap(ChartStyle.init(rawValue:)) ?? .line
        let volume = request.switches.contains(.volume) || remembered?.switches.contains(.volume) == true
        let period = request.period.map(\.period) ?? remembered?.period.flatMap(CandlePeriod.init(rawValue:))
        return (style, volume, period, CandleState.fields(style: style, volume: volume))
    }

    /// The zones `--tz` and `--data-tz` name, read before any file is (a misspelt zone
    /// is said at once, not after a long load). Nil without `--tz`.
    typealias Zones = (target: ZoneRules, source: ZoneRules?)
    func chosenZones() throws -> Zones? {
        guard let tz = request.tz else { return nil }
        return (try files.zone(named: tz), try request.dataTz.map { name throws in try files.zone(named: name) })
    }

    /// What `--tz` asks for: the series' times shown in another zone, placed in UTC by
    /// the offsets the file wrote with them, else by the zone `--data-tz` names. Nil
    /// without `--tz`, or when both name the same zone.
    func displayClock(for series: PriceSeries, zones: Zones?) throws -> DisplayClock? {
        guard let tz = request.tz, let zones else { return nil }
        let target = zones.target
        if series.utcOffsets != nil { return DisplayClock(target: target) }
        guard let source = zones.source else {
            // Naive local times: which zone they are in is not written anywhere.
            throw ZoneDatabase.LoadError(name: tz, path: nil, reason: "the times in \(file) carry no UTC offset; "
                + "name their zone with --data-tz (e.g. --data-tz America/New_York)")
        }
        return source == target ? nil : DisplayClock(source: source, target: target)
    }
}
