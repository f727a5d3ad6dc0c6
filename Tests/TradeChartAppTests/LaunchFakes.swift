import Dispatch
import TradeChartApp
import TradeChartCore
import TradeChartSystem
import TradeChartTerminal

/// What happened, in order, across the fakes of one launch ("state", "load a.csv").
final class Journal {
    var events: [String] = []
}

/// Price files in memory: a name with its CSV text exists, any other does not. A name in
/// `aliases` is another name of a file (a link).
final class FakeFiles: LaunchFiles {
    var contents: [String: String] = [:]
    var aliases: [String: String] = [:]
    /// What standard input is, when it is a file (`< file`).
    var standardInput: String?
    /// The looks a followed file (or `-`) gives, in order; after the last, nothing more comes.
    var looks: [String: [FollowChange]] = [:]
    /// Files that are compressed: `--follow` shows them as they are, with this note.
    var compressed: Set<String> = []
    /// Why a write fails, nil when writes succeed.
    var writeProblem: String?
    private(set) var written: [String: [UInt8]] = [:]
    /// The columns each load asked for, by file.
    private(set) var barsAsked: [String: BarFields] = [:]
    /// What happens while a file's newest rows are read (they never are here: every file
    /// is then read front to back, as a stream's).
    var whileReadingNewestRows: (() -> Void)?
    let journal: Journal

    init(journal: Journal) { self.journal = journal }

    func file(_ name: String) -> String? {
        let target = aliases[name] ?? name
        return contents[target] != nil || written[target] != nil ? target : nil
    }

    func whyUnreadable(_ path: LaunchPath) -> String? {
        file(path.shown) == nil ? "No such file or directory" : nil
    }

    func identity(of path: LaunchPath?) -> FileIdentity? {
        guard let name = path.map({ $0.shown }) ?? standardInput, let target = file(name) else { return nil }
        return FileIdentity(device: 1, inode: UInt64(target.utf8.reduce(0) { $0 &* 31 &+ Int($1) } & 0xFFFF_FFFF))
    }

    func load(_ path: LaunchPath, options: LoadOptions, keys: ProgressKeys) -> LoadProgressDisplay.Outcome {
        journal.events.append("load \(path.shown)")
        barsAsked[path.shown] = options.bars
        guard let target = file(path.shown), let text = contents[target] else {
            return .finished(.failure(.cannotOpen(file: path.shown, reason: "No such file or directory")))
        }
        return .finished(Result { () throws(LoadError) in
            try SeriesLoader.load(bytes: Array(text.utf8), fileName: path.shown, options: options)
        })
    }

    /// Folders: their price files' paths, in the folder's order.
    var folders: [String: [String]] = [:]

    func loadNewestFirst(_ path: LaunchPath, options: LoadOptions, need: FirstFrameNeed) -> Result<NewestRowsFile, FrontToBack> {
        whileReadingNewestRows?()
        return .failure(.stream)
    }

    func listFolder(_ path: LaunchPath) -> FolderListing.Outcome {
        folders[path.shown].map { .files($0.map { FolderListing.File(bytes: Array($0.utf8), shown: $0) }, skipped: 0) } ?? .notAFolder
    }

    func loadEach(_ paths: [LaunchPath], options: LoadOptions) -> [OverviewEntry.Content] {
        paths.map { path in
            journal.events.append("load \(path.shown)")
            guard let target = file(path.shown), let text = contents[target] else {
                return .failed("cannot open: No such file or directory")
            }
            do throws(LoadError) {
                return .loaded(try SeriesLoader.load(bytes: Array(text.utf8), fileName: path.shown, options: options))
            } catch {
                return .failed(error.reason)
            }
        }
    }

    func startLoading(_ paths: [LaunchPath], first: [Int], options: LoadOptions) -> OverviewLoading {
        FakeLoads(Array(loadEach(paths, options: options).enumerated()))
    }

    /// The overview's follower asked for: its folder and files.
    private(set) var overviewFollowed: (folder: String?, paths: [String])?

    func followOverview(folder: LaunchPath?, paths: [LaunchPath], options: LoadOptions, interval: Double) -> HostService {
        overviewFollowed = (folder?.shown, paths.map(\.shown))
        return FakeLoadsService()
    }

    func followStandardInput(options: LoadOptions) -> Follower {
        journal.events.append("follow -")
        return FakeFollower(name: "standard input", looks: looks["-"] ?? [])
    }

    func follow(_ path: LaunchPath, options: LoadOptions, keys: ProgressKeys)
        -> (follower: Follower, change: FollowChange, stopped: Int32?) {
        journal.events.append("follow \(path.shown)")
        let follower = FakeFollower(name: path.shown, looks: looks[path.shown] ?? [])
        return (follower, follower.poll(), nil)
    }

    func waitForChart(_ follower: Follower, keys: ProgressKeys, onWait: @escaping (String) -> Void)
        -> (change: FollowChange, stopped: Int32?) {
        (follower.waitForChart(onWait: onWait), nil)
    }

    func whyNotFollowed(_ path: LaunchPath) -> String? {
        compressed.contains(path.shown) ? "\(path.shown) is compressed: it cannot be followed, so it is shown as it is now" : nil
    }

    func zone(named name: String) throws -> ZoneRules {
        throw ZoneDatabase.LoadError(name: name, path: nil, reason: "no such zone in the test")
    }

    func write(_ bytes: [UInt8], to path: LaunchPath) -> String? {
        if let writeProblem { return writeProblem }
        written[aliases[path.shown] ?? path.shown] = bytes
        return nil
    }
}

/// A followed input whose looks are scripted; waiting between them costs nothing.
final class FakeFollower: Follower {
    let name: String
    private var looks: [FollowChange]

    init(name: String, looks: [FollowChange]) {
        self.name = name
        self.looks = looks
    }

    func poll() -> FollowChange { looks.isEmpty ? .none : looks.removeFirst() }
    func lookDue(every interval: Double) -> Double? { looks.isEmpty ? nil : 0 }
    func block() {}
}

/// Standard output and error, kept.
final class FakeOutput: LaunchOutput {
    private(set) var errorLines: [String] = []
    private(set) var standardOutput = ""
    /// Why standard output cannot be written, nil when it can.
    var outputProblem: String?

    func sayLine(_ line: String) { errorLines.append(line) }

    func write(_ text: String) -> String? {
        if let outputProblem { return outputProblem }
        standardOutput += text
        return nil
    }
}

/// A terminal that runs no viewer: it keeps the viewer it was given and what the
/// screen-reader mode would say first.
final class FakeTerminal: LaunchTerminal {
    var inputIsTerminal = true
    var outputIsTerminal = true
    var outputSize: FrameSize? = FrameSize(columns: 100, rows: 30)
    /// Why no chart can be drawn (e.g. no terminal), nil when it can.
    var chartProblem: String?
    /// Why no key can be read, nil when they can.
    var keyboardProblem: String?
    var localeIsUTF8 = true
    private(set) var shown: ViewerState?
    private(set) var inScreenReaderMode = false
    private(set) var services: [HostService] = []
    /// What the terminal answers the graphics questions, how often it was asked, and what
    /// the screen was opened with.
    var graphicsAnswer: [UInt8]?
    private(set) var graphicsQuestions = 0
    var outputIsSerialLine = false
    var cellPixels: PixelCellSize?
    private(set) var screen: ScreenOptions?

    func graphicsReply() -> [UInt8]? {
        graphicsQuestions += 1
        return graphicsAnswer
    }

    func whyNotInteractive(device: TerminalScreen.Device) -> String? { chartProblem }
    func whyNoKeyboard(device: TerminalScreen.Device) -> String? { keyboardProblem }
    /// Signalled each time the terminal is asked for its background colour (it does not answer).
    let backgroundAsked = DispatchSemaphore(value: 0)

    func backgroundReply(device: TerminalScreen.Device) -> [UInt8]? {
        backgroundAsked.signal()
        return nil
    }

    func runViewer(_ state: consuming ViewerState, screenReader: Bool, screen: ScreenOptions, device: TerminalScreen.Device,
                   services: [HostService]) throws -> Int32 {
        shown = state
        inScreenReaderMode = screenReader
        self.services = services
        self.screen = screen
        return 0
    }

    private(set) var shownOverview: OverviewSession?

    func runOverview(_ session: consuming OverviewSession, screenReader: Bool, screen: ScreenOptions,
                     device: TerminalScreen.Device, services: [HostService]) throws -> Int32 {
        inScreenReaderMode = screenReader
        shownOverview = session
        self.services = services
        return 0
    }

    /// The first lines the screen-reader mode says.
    var openingLines: [String] { shown.map(Narration.opening) ?? [] }
}

/// A service that does nothing (the overview's follower, in these tests).
final class FakeLoadsService: HostService {}

/// Files read for the overview: all of them there at the first look.
final class FakeLoads: OverviewLoading {
    private var waiting: [(Int, OverviewEntry.Content)]
    init(_ outcomes: [(Int, OverviewEntry.Content)]) { waiting = outcomes }
    func take() -> [(Int, OverviewEntry.Content)] {
        defer { waiting = [] }
        return waiting
    }
    var isDone: Bool { true }
}

/// A state file that has been read: what it remembers, and what was asked of it.
final class FakeState: RememberedState {
    var remembered: Remembered?
    private(set) var screenReaderRemembered: Bool?
    let journal: Journal

    init(remembered: Remembered?, journal: Journal) {
        self.remembered = remembered
        self.journal = journal
    }

    func finish() -> Remembered? {
        if !journal.events.contains("state") { journal.events.append("state") }
        return remembered
    }

    func remember(screenReader: Bool) { screenReaderRemembered = screenReader }
    func writer(stored: RememberedView?, opening: RememberedView) -> StateFileService? { nil }
    func flush() {}
}

/// One launch on fakes: the files, the streams, the terminal and the state file it acts on.
final class LaunchWorld {
    let journal = Journal()
    lazy var files = FakeFiles(journal: journal)
    let output = FakeOutput()
    let terminal = FakeTerminal()
    lazy var state = FakeState(remembered: Remembered(), journal: journal)
    var environment = ["TERM": "xterm-256color"]
    /// Whether the state file was asked for (the interactive viewer without --no-state).
    private(set) var stateOpened = false

    /// A daily CSV with open, high, low, close and volume, `rows` long.
    static func csv(rows: Int = 60, start: Double = 100) -> String {
        var text = "Date,Open,High,Low,Close,Volume\n"
        for day in 0..<rows {
            let close = start + Double(day % 7) + Double(day) / 4
            let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
            let date = "2024-\(two(1 + day / 28))-\(two(1 + day % 28))"
            text += "\(date),\(close - 1),\(close + 2),\(close - 2),\(close),\(1000 + day)\n"
        }
        return text
    }

    init(files names: [String] = ["a.csv", "b.csv"]) {
        for (i, name) in names.enumerated() { files.contents[name] = Self.csv(start: 100 + Double(i) * 50) }
    }

    /// Runs the launch on `request`; the exit status.
    func run(_ request: LaunchRequest) -> Int32 {
        Launch(request: request, files: files, output: output, terminal: terminal,
               stateFile: { _ in
                   self.stateOpened = true
                   return self.state
               },
               environment: environment).run()
    }

    /// Runs the launch on these files with `configure` applied to the request.
    func run(_ files: [String], _ configure: (inout LaunchRequest) -> Void = { _ in }) -> Int32 {
        var request = LaunchRequest(files: files)
        configure(&request)
        return run(request)
    }
}
