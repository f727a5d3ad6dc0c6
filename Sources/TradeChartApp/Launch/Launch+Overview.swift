import TradeChartCore
import TradeChartSystem
import TradeChartTerminal

/// The overview of many files (SPEC §12): `tradechart DIR`, `--overview FILE...`, or more
/// files than a comparison shows.
extension Launch {
    /// The most files compared in one chart: more open the overview.
    public static let mostCompared = 8

    /// The overview's files when the command line asks for one (a folder, `--overview`, or
    /// more files than a comparison takes), with what to say first; nil for a chart.
    func overviewFiles() -> Result<(title: String, paths: [LaunchPath], notes: [String], folder: LaunchPath?), Stop>? {
        if request.files.count == 1, file != "-" {
            switch files.listFolder(path(file)) {
            case .notAFolder:
                break
            case .unreadable(let reason):
                say("cannot read the folder '\(file)': \(reason)")
                return .failure(Stop(status: 2))
            case .files(let found, let skipped):
                guard !found.isEmpty else {
                    say("'\(file)' holds no price files (.csv, .txt, .tsv, compressed .gz .zst .xz .bz2, or .zip)")
                    return .failure(Stop(status: 2))
                }
                let note = skipped > 0 ? ["\(file) holds more than \(FolderListing.mostFiles) price files: the first \(FolderListing.mostFiles) are listed"] : []
                return .success((file, found.map { LaunchPath(bytes: $0.bytes, shown: $0.shown) }, note, path(file)))
            }
        }
        guard request.overview || request.files.count > Self.mostCompared else { return nil }
        if request.files.contains("-") {
            say("the overview reads files, not standard input: leave out -")
            return .failure(Stop(status: 2))
        }
        let note = request.overview ? [] : ["\(request.files.count) files are more than a comparison shows (\(Self.mostCompared)): the overview lists them"]
        return .success(("\(request.files.count) files", request.files.map(path), note, nil))
    }

    /// Loads the overview's files on every core and shows the overview, prints it or describes it.
    func runOverview(title: String, paths: [LaunchPath], notes: [String], folder: LaunchPath?, device: TerminalScreen.Device) -> Int32 {
        for note in notes { say(note) }
        // Every column is read: a row opens as candles or with its volume pane at once.
        var options = LoadOptions(column: request.column, reading: request.reading, keepsRowsBeforeCut: request.interactive)
        options.bars = .all
        // The folder's range, order and filter: the command line's, else what was remembered.
        let memory = request.interactive && !request.noState ? stateFile([title]) : nil
        let found = memory?.finish()
        let remembered = found?.view
        let range = request.range ?? remembered?.range.flatMap(ChartRange.init(label:)) ?? .oneYear
        let order = request.order ?? remembered?.order.flatMap(OverviewOrder.init(argument:)) ?? .name
        let filter = request.filter ?? remembered?.filter ?? ""
        if !request.interactive {
            let contents = files.loadEach(paths, options: options)
            let entries = paths.enumerated().map { k, path in OverviewEntry(path: path.shown, position: k, content: contents[k]) }
            return printOverview(title: title, entries: entries, range: range, order: order, filter: filter)
        }
        let readsScreen = request.screenReader ?? (found?.settings?.screenReader == true || term == "dumb")
        if !readsScreen, let reason = terminal.whyNotInteractive(device: device) {
            say(notInteractive(reason))
            return 2
        }
        if let screenReader = request.screenReader { memory?.remember(screenReader: screenReader) }
        // The overview shows at once; the rows fill in as the files are read, those it lists first first.
        let entries = paths.enumerated().map { k, path in OverviewEntry(path: path.shown, position: k) }
        let listed = OverviewState(title: title, entries: entries, range: range, order: order, filter: filter,
                                   columns: 100, rows: 30).visible
        let loads = files.startLoading(paths, first: listed, options: options)
        let useColor = !readsScreen && request.color.resolved(outputIsTerminal: true, allowed: colorAllowed)
        let theme = request.theme?.fixed ?? (useColor ? Theme.detected(backgroundReply: terminal.backgroundReply(device: device),
                                                                      colorFGBG: environment["COLORFGBG"]) : .dark)
        // The charts it opens draw their plots as images where the terminal shows them.
        let (graphics, imageCell) = viewerGraphics(device: device, readsScreen: readsScreen)
        let viewerOptions = ViewerOptions(charset: resolvedCharset(), color: useColor, theme: theme,
                                          morphDuration: readsScreen ? 0 : request.duration, showsPanels: !readsScreen,
                                          graphics: graphics)
        let overview = OverviewState(title: title, entries: entries, range: range, order: order, filter: filter,
                                     options: viewerOptions, columns: 100, rows: 30)
        let session = OverviewSession(overview: overview)
        let player = PlayerChoice.resolve(option: request.player, environment: environment)
        var services: [HostService] = [OverviewLoadService(loads: loads), SoundService(player: player), ToneService(player: player)]
        let stateFile = memory?.writer(stored: remembered, opening: session.memory)
        if let stateFile { services.append(stateFile) }
        // --follow: every file, and the folder's new ones.
        if request.follow { services.append(files.followOverview(folder: folder, paths: paths, options: options, interval: request.refresh)) }
        let status: Int32
        do {
            let screen = ScreenOptions(color: useColor, theme: theme, graphics: graphics, imageCell: imageCell)
            status = try terminal.runOverview(session, screenReader: readsScreen, screen: screen, device: device,
                                              services: services)
        } catch {
            say("\(error)")
            return 2
        }
        memory?.flush()
        if let problem = stateFile?.problemOnExit { say("\(problem)") }
        return status
    }

    /// `--print` (the overview once) and `--describe` (a sentence a file).
    func printOverview(title: String, entries: [OverviewEntry], range: ChartRange, order: OverviewOrder, filter: String) -> Int32 {
        var status: Int32 = 0
        if request.print {
            let size = request.size ?? terminal.outputSize ?? FrameSize(columns: 100, rows: 30)
            let useColor = request.color.resolved(outputIsTerminal: terminal.outputIsTerminal, allowed: colorAllowed)
            let theme = request.theme?.fixed ?? Theme.detected(backgroundReply: nil, colorFGBG: environment["COLORFGBG"])
            // A printed overview lists every file: as many rows as they need, at least the size asked for.
            let rows = max(size.rows, entries.count + 4)
            let overview = OverviewState(title: title, entries: entries, range: range, order: order, filter: filter,
                                         options: ViewerOptions(charset: resolvedCharset(), color: useColor, theme: theme,
                                                                morphDuration: 0),
                                         columns: size.columns, rows: request.size == nil ? rows : size.rows, selecting: false)
            if overview.isTooSmall {
                say("\(size.columns)x\(size.rows) is too small for the overview (at least 40x6); use a larger --size")
                return 2
            }
            let frame = overview.frame(at: 0)
            let text = useColor ? AnsiRenderer(theme: theme).render(frame) : frame.plainText + "\n"
            status = max(status, writeOrSay(text, what: "the overview"))
        }
        if request.describe {
            let overview = OverviewState(title: title, entries: entries, range: range, order: order, filter: filter,
                                         columns: 100, rows: 30)
            status = max(status, writeOrSay(overview.descriptionLines.joined(separator: "\n") + "\n", what: "the description"))
        }
        return status
    }
}
