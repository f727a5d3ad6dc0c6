import TradeChartCore
import TradeChartSystem
import TradeChartTerminal

// What a `Launch` acts on, each a small protocol: the program gives it the disk, the
// process's streams and terminal and the state file (`SystemLaunch...`); tests give it fakes.

/// A file given on the command line: its bytes for the system (they need not be UTF-8)
/// and its name as shown (repaired to UTF-8). `-` is standard input.
public struct LaunchPath: Equatable, Sendable {
    public var bytes: [UInt8]
    public var shown: String

    public init(bytes: [UInt8], shown: String) {
        self.bytes = bytes
        self.shown = shown
    }

    /// Whether the name is its own bytes (a name that is not UTF-8 is not).
    var isUTF8: Bool { Array(shown.utf8) == bytes }
}

/// Which file a path is, whatever its name: its device and inode.
public struct FileIdentity: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

/// Where a long load shows its progress and reads `q`: the viewer's terminal when one
/// runs, else standard input when it is a terminal and not the prices.
public struct ProgressKeys: Equatable, Sendable {
    public var interactive: Bool
    public var device: TerminalScreen.Device
    /// The primary file is standard input (`-`): its keys are not the person's.
    public var pricesOnStandardInput: Bool
}

/// Every file the launch reads or writes goes through here: the price files (loaded,
/// or followed), the zone database, the audiograph's output.
public protocol LaunchFiles {
    /// Why the file cannot be opened for reading (the system's words), nil when it can.
    /// Does not block on, nor open, a FIFO.
    func whyUnreadable(_ path: LaunchPath) -> String?
    /// Which file the path names (following links); nil for standard input's, when
    /// `path` is nil. Nil when there is none.
    func identity(of path: LaunchPath?) -> FileIdentity?
    /// Loads a price file (`-`: standard input), its progress shown while it takes a while.
    func load(_ path: LaunchPath, options: LoadOptions, keys: ProgressKeys) -> LoadProgressDisplay.Outcome
    /// The newest rows of a regular file, as many as `need` asks for, read first (the rest
    /// is read behind the first frame, `NewestRowsFile.readRest`); why the file is read
    /// front to back instead, when it is.
    func loadNewestFirst(_ path: LaunchPath, options: LoadOptions, need: FirstFrameNeed) -> Result<NewestRowsFile, FrontToBack>
    /// A follower of standard input.
    func followStandardInput(options: LoadOptions) -> Follower
    /// A follower of the file and its first look, which reads the whole file (its progress
    /// shown as a load's); `stopped` is the exit status when the person stopped it.
    func follow(_ path: LaunchPath, options: LoadOptions, keys: ProgressKeys)
        -> (follower: Follower, change: FollowChange, stopped: Int32?)
    /// Waits until `follower` gives a chart (`.updated`) or cannot (`.problem`); `onWait`
    /// hears the first reason for waiting. Meanwhile keys are read without echo: `q` and
    /// Ctrl-C stop the wait (`stopped` is the exit status), others wait with it.
    func waitForChart(_ follower: Follower, keys: ProgressKeys, onWait: @escaping (String) -> Void)
        -> (change: FollowChange, stopped: Int32?)
    /// Why `--follow` cannot follow the file (a compressed one is shown as it is now),
    /// nil when it can.
    func whyNotFollowed(_ path: LaunchPath) -> String?
    /// The rules of a zone of the system's zone database.
    func zone(named name: String) throws -> ZoneRules
    /// Writes `bytes` to the file; why not, when it could not.
    func write(_ bytes: [UInt8], to path: LaunchPath) -> String?
    /// The price files of the folder at `path`, or that it is none (see `FolderListing`).
    func listFolder(_ path: LaunchPath) -> FolderListing.Outcome
    /// Loads each of `paths` (the overview's files) on every core: what each gave, in order.
    func loadEach(_ paths: [LaunchPath], options: LoadOptions) -> [OverviewEntry.Content]
    /// Starts reading `paths` on every core behind the screen, those numbered in `first` first:
    /// the overview takes each as it comes.
    func startLoading(_ paths: [LaunchPath], first: [Int], options: LoadOptions) -> OverviewLoading
    /// The service that follows the overview's files (`--follow`) and, given a folder, its new
    /// files, looking every `interval` seconds (`--refresh`).
    func followOverview(folder: LaunchPath?, paths: [LaunchPath], options: LoadOptions, interval: Double) -> HostService
}

extension LaunchFiles {
    /// Files that are not on a disk are read front to back.
    public func loadNewestFirst(_ path: LaunchPath, options: LoadOptions, need: FirstFrameNeed) -> Result<NewestRowsFile, FrontToBack> {
        .failure(.stream)
    }
}

/// Standard output and standard error.
public protocol LaunchOutput {
    /// Writes a line to standard error.
    func sayLine(_ line: String)
    /// Writes `text` to standard output; nil when all was written, else why not.
    func write(_ text: String) -> String?
}

/// The terminal the program runs in, and the viewer on it.
public protocol LaunchTerminal {
    /// Whether standard input is a terminal.
    var inputIsTerminal: Bool { get }
    /// Whether standard output is a terminal.
    var outputIsTerminal: Bool { get }
    /// The size of the terminal on standard output, when it is one.
    var outputSize: FrameSize? { get }
    /// Why the chart cannot be drawn on the device, nil when it can.
    func whyNotInteractive(device: TerminalScreen.Device) -> String?
    /// Why no key can be read from the device, nil when they can.
    func whyNoKeyboard(device: TerminalScreen.Device) -> String?
    /// Whether the locale is UTF-8 (a UTF-8 one is chosen first when there is one).
    var localeIsUTF8: Bool { get }
    /// The terminal's answer to the background-colour question (at most 100 ms).
    func backgroundReply(device: TerminalScreen.Device) -> [UInt8]?
    /// Runs the viewer (in the screen-reader mode: its lines) until it quits; its exit status.
    /// The state is handed over: nothing else holds its columns, so a followed file's rows
    /// are appended to them in place.
    func runViewer(_ state: consuming ViewerState, screenReader: Bool, screen: ScreenOptions, device: TerminalScreen.Device,
                   services: [HostService]) throws -> Int32
    /// Runs the overview (and the charts it opens; in the screen-reader mode: its lines)
    /// until it quits; its exit status.
    func runOverview(_ session: consuming OverviewSession, screenReader: Bool, screen: ScreenOptions,
                     device: TerminalScreen.Device, services: [HostService]) throws -> Int32
    /// The answer of a terminal on standard input and output to the graphics questions
    /// (`GraphicsMode.questions`, at most 100 ms); nil when they are not a terminal or it said nothing.
    func graphicsReply() -> [UInt8]?
    /// The cell size in pixels the window-size ioctl gives for standard output, nil when it gives none.
    var cellPixels: PixelCellSize? { get }
    /// Whether standard output is a serial line (`/dev/ttyS0`, a USB serial adapter): no
    /// images are sent down one, whatever the terminal at its end says.
    var outputIsSerialLine: Bool { get }
}

extension LaunchTerminal {
    /// A terminal that is never asked about images (the tests' fakes).
    public func graphicsReply() -> [UInt8]? { nil }
    public var cellPixels: PixelCellSize? { nil }
    public var outputIsSerialLine: Bool { false }
}

/// What the state file remembers: the view for the files shown, the person's settings,
/// and a note when the state file was unreadable.
public struct Remembered {
    public var view: RememberedView?
    public var settings: UserSettings?
    public var note: String?

    public init(view: RememberedView? = nil, settings: UserSettings? = nil, note: String? = nil) {
        self.view = view
        self.settings = settings
        self.note = note
    }
}

/// The state file, being read for the files shown (see `SystemRememberedState`).
public protocol RememberedState: AnyObject {
    /// What was read; nil when the read took too long. A second call answers as the first.
    func finish() -> Remembered?
    /// Remembers the screen-reader mode for the person, whatever the file, and saves.
    func remember(screenReader: Bool)
    /// The service that writes the view as it changes, nil without a key (standard input).
    func writer(stored: RememberedView?, opening: RememberedView) -> StateFileService?
    /// Writes what is pending.
    func flush()
}
