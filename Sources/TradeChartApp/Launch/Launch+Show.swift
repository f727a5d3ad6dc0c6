import FoundationEssentials
import TradeChartCore
import TradeChartSystem
import TradeChartTerminal

extension Launch {
    /// The window, on/off settings (the axis) and averages asked for: the command line's, else
    /// what was remembered (a range on the command line drops a remembered window).
    func viewSettings(for series: PriceSeries, remembered: RememberedView?) -> ViewSettings {
        var settings = ViewSettings(remembered: remembered)
        if request.range != nil { settings.window = nil }
        if request.from != nil || request.to != nil {
            let start = request.from?.span.lowerBound ?? series.times[0]
            let end = request.to?.span.upperBound ?? series.times[series.count - 1]
            settings.window = start...max(start, end)
        }
        settings.switches.formUnion(request.switches)
        if let averages = request.averages { settings.averages = averages }
        if let indicators = request.indicators { settings.indicators = indicators }
        return settings
    }

    /// The one place a viewer is made: for the terminal, for `--print` and for what the
    /// other outputs describe. `notes` make its opening status line.
    func viewer(_ opened: Opened, range: ChartRange?, options: ViewerOptions, size: FrameSize, notes: [String] = [],
                memory: RememberedView = RememberedView(), view: ViewSettings, candles: CandleState = CandleState())
        -> ViewerState {
        ViewerState(series: opened.series, range: range, options: options, columns: size.columns, rows: size.rows,
                    status: notes.isEmpty ? nil : notes.joined(separator: "; "), memory: memory, view: view,
                    others: opened.compared.series, candles: candles)
    }

    /// The interactive viewer, or its screen-reader mode, once the series is loaded. The
    /// viewer takes the series over: once it is made, nothing else holds its columns, so a
    /// followed file's rows are appended to them in place, never copied.
    func runInteractive(_ opened: consuming Opened, memory: RememberedState?, device: TerminalScreen.Device,
                        bars: BarService, prepared: Result<ViewerTerminal, ChartRefused>? = nil) -> Int32 {
        let remembered = memory?.finish()
        let chosen: ViewerTerminal
        switch prepared ?? viewerTerminal(remembered: remembered, device: device) {
        case .success(let terminal):
            chosen = terminal
        case .failure(let refused):
            say(notInteractive(refused.reason))
            return 2
        }
        let readsScreen = chosen.readsScreen, useColor = chosen.useColor
        if let screenReader = request.screenReader {
            // Asked for on the command line: remembered for the person, whatever the file.
            memory?.remember(screenReader: screenReader)
        }
        let chosenTheme = chosen.theme, chosenCharset = chosen.charset
        let graphics = chosen.graphics, imageCell = chosen.imageCell
        // The screen-reader mode draws nothing: no morph to wait for, no panels to close.
        let options = ViewerOptions(charset: chosenCharset, color: useColor, theme: chosenTheme,
                                    morphDuration: readsScreen ? 0 : request.duration, followed: opened.follower?.name,
                                    showsPanels: !readsScreen, clock: opened.clock, graphics: graphics)
        // What is remembered about the file: the theme and charset when the command line gave them.
        var opening = remembered?.view ?? RememberedView()
        if let fixed = request.theme?.fixed { opening.theme = fixed.rawValue }
        if request.charset != .auto { opening.charset = chosenCharset.rawValue }
        let startRange = request.range ?? remembered?.view?.range.flatMap(ChartRange.init(label:))
        // The report of the newest rows read first waits for the whole file's.
        let notes = [opened.olderRows == nil ? opened.loaded.report.summary : nil] + opened.notes.map(Optional.some)
            + [remembered?.note]
        let state = viewer(opened, range: startRange, options: options, size: FrameSize(columns: 100, rows: 30),
                           notes: notes.compactMap { $0 }, memory: opening,
                           view: viewSettings(for: opened.series, remembered: remembered?.view), candles: opened.candles)
        let player = PlayerChoice.resolve(option: request.player, environment: environment)
        var services: [HostService] = [SoundService(player: player), ToneService(player: player), bars]
        if let follower = opened.follower { services.append(FollowService(follower: follower, interval: request.refresh)) }
        if let file = opened.olderRows { services.append(OlderRowsService(file: file)) }
        for other in opened.compared.followers {
            services.append(FollowService(follower: other.follower, file: other.file, interval: request.refresh))
        }
        _ = consume opened
        let stateFile = memory?.writer(stored: remembered?.view, opening: state.memory)
        if let stateFile { services.append(stateFile) }
        let status: Int32
        do {
            status = try terminal.runViewer(consume state, screenReader: readsScreen,
                                            screen: ScreenOptions(color: useColor, theme: options.theme, graphics: graphics,
                                                                  imageCell: imageCell),
                                            device: device, services: services)
        } catch {
            say("\(error)")
            return 2
        }
        // Settings saved without a file's entry (standard input) are written by now.
        memory?.flush()
        if let problem = stateFile?.problemOnExit { say("\(problem)") }
        return status
    }

    /// `--print`, `--png`, `--describe` and `--audiograph`: each that is asked for, in that order, on
    /// the range asked for or, when that is unavailable, the one the viewer would open on.
    func printOut(_ opened: Opened, output: LaunchPath?) -> Int32 {
        if let note = opened.loaded.report.summary { say("\(file): \(note)") }
        let settings = viewSettings(for: opened.series, remembered: nil)
        // This viewer has no candles: the pane is said below with them, not refused here. Its
        // averages and indicators are read by the description only (the range, the slice and
        // what the opening says do not depend on them): without one, the frame's viewer alone
        // works them out, not each over the whole series twice.
        let described = request.describe
        var opening: ViewerState? = viewer(opened, range: request.range,
                                           options: ViewerOptions(morphDuration: 0, clock: opened.clock),
                                           size: FrameSize(columns: 100, rows: 30),
                                           view: ViewSettings(window: settings.window,
                                                              switches: settings.switches.subtracting([.volume]),
                                                              averages: described ? settings.averages : [],
                                                              indicators: described ? settings.indicators : []))
        if let note = opening?.status { say(note) }
        let openingRange = opening!.range, openingSlice = opening!.slice
        // The frame builds a viewer of its own: let this one go first unless the description
        // needs it, so ten million points are not indexed twice at once.
        if !request.describe { opening = nil }
        var status: Int32 = 0
        for why in [opened.candles.style != .line ? opened.candles.whyNoCandles(file: file) : nil,
                    request.switches.contains(.volume) ? opened.candles.whyNoVolume(file: file) : nil] {
            if let why { say(why) }
        }
        if request.print { status = max(status, printFrame(opened, range: openingRange, settings: settings)) }
        if let png = request.png { status = max(status, writePNG(opened, range: openingRange, settings: settings, to: path(png))) }
        if request.describe {
            // The layout the loader found ends the description (what a file without a header was read as).
            let layout = (opened.loaded.layout.isEmpty ? [] : ["Layout: \(TextSanitizer.clean(opened.loaded.layout))."])
                + (opened.loaded.report.readAs.map { ["Read as \($0)."] } ?? []) + (opened.readNote.map { [$0] } ?? [])
                + (request.graphics == nil ? [] : [chosenGraphics()].map { "Graphics: \($0.mode.rawValue) (\($0.why))." })
            status = max(status, writeOrSay((opening!.descriptionLines + layout).joined(separator: "\n") + "\n",
                                            what: "the description"))
        }
        if let output {
            let bytes = Audiograph().wav(of: opened.series, slice: openingSlice)
            if let problem = files.write(bytes, to: output) {
                say("cannot write '\(output.shown)': \(problem)")
                status = max(status, 1)
            }
        }
        return status
    }

    /// `--print`: one frame of `range` to standard output.
    func printFrame(_ opened: Opened, range: ChartRange, settings: ViewSettings) -> Int32 {
        let frameSize = request.size ?? terminal.outputSize ?? FrameSize(columns: 100, rows: 30)
        let useColor = request.color.resolved(outputIsTerminal: terminal.outputIsTerminal, allowed: colorAllowed)
        // No questions to a terminal from a script: COLORFGBG, else dark.
        let chosenTheme = request.theme?.fixed ?? Theme.detected(backgroundReply: nil, colorFGBG: environment["COLORFGBG"])
        // A printed frame opens no panel: a message cut short is said whole on standard error.
        let options = ViewerOptions(charset: resolvedCharset(), color: useColor, theme: chosenTheme, morphDuration: 0,
                                    showsPanels: false, clock: opened.clock)
        let state = viewer(opened, range: range, options: options, size: frameSize, view: settings, candles: opened.candles)
        if state.layout.isTooSmall {
            say("\(frameSize.columns)x\(frameSize.rows) is too small for a chart "
                + "(at least \(ChartLayout.minimumColumns)x\(ChartLayout.minimumRows)); use a larger --size")
            return 2
        }
        if request.graphics == .sixel || request.graphics == .kitty || request.graphics == .auto {
            let graphics = chosenGraphics()
            if graphics.mode == .sixel || graphics.mode == .kitty,
               let status = printImage(state, mode: graphics.mode, cell: graphics.cell, color: useColor) { return status }
        }
        let frame = state.frame(at: 0)
        let text = useColor ? AnsiRenderer(theme: options.theme).render(frame) : frame.plainText + "\n"
        return writeOrSay(text, what: "the frame")
    }

    /// Writes `text` to standard output, or says why it could not; the exit status (0 or 1).
    func writeOrSay(_ text: String, what: String) -> Int32 {
        guard let problem = output.write(text) else { return 0 }
        say("cannot write \(what) to standard output: \(problem)")
        return 1
    }

    /// False when NO_COLOR is set (to anything non-empty) or the terminal is dumb.
    var colorAllowed: Bool { (environment["NO_COLOR"] ?? "").isEmpty && term != "dumb" }

    /// `auto` picks Braille only where it can be shown (see `Charset.automatic`).
    func resolvedCharset() -> Charset {
        switch request.charset {
        case .braille: return .braille
        case .block: return .block
        case .ascii: return .ascii
        case .auto: return Charset.automatic(term: term, localeIsUTF8: terminal.localeIsUTF8)
        }
    }
}
