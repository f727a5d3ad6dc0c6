import Glibc
import TradeChartCore
import TradeChartSystem
import TradeChartTerminal

/// The launch's files on the disk: every price file the launch reads, the zone database
/// and the audiograph it writes. The one place the launch meets the file system.
public struct SystemLaunchFiles: LaunchFiles, Sendable {
    public init() {}

    public func whyUnreadable(_ path: LaunchPath) -> String? {
        // Without blocking on a FIFO, and without opening one: a writer waiting for a
        // reader would be let in and cut off.
        var info = stat()
        let isFIFO = withCString(path) { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFIFO
        let readable = isFIFO ? withCString(path) { access($0, R_OK) }
            : withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        // `archive.zip:member` names no file itself: the load finds the archive.
        guard readable >= 0 || ArchiveMemberPath(path.shown) != nil else { return String(cString: strerror(errno)) }
        if !isFIFO && readable >= 0 { close(readable) }
        return nil
    }

    public func whyNotFollowed(_ path: LaunchPath) -> String? {
        CompressedFollowing.note(path: path.shown)
    }

    public func identity(of path: LaunchPath?) -> FileIdentity? {
        var info = stat()
        let found = if let path { withCString(path) { stat($0, &info) } == 0 } else { fstat(0, &info) == 0 }
        return found ? FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) : nil
    }

    /// Loads the input, showing its progress on standard error when the load takes a while
    /// and standard error is a terminal. A name that is not UTF-8 is opened by its bytes.
    public func load(_ path: LaunchPath, options: LoadOptions, keys: ProgressKeys) -> LoadProgressDisplay.Outcome {
        let file = path.shown
        return showingProgress(name: file == "-" ? "standard input" : file, keys: keys) { progress throws(LoadError) in
            try SeriesLoader.load(pathBytes: path.bytes, shown: file, options: options, progress: progress)
        }
    }

    public func listFolder(_ path: LaunchPath) -> FolderListing.Outcome {
        FolderListing.list(path.bytes)
    }

    /// Loads the files two at a time (one per core; a large one splits further).
    public func loadEach(_ paths: [LaunchPath], options: LoadOptions) -> [OverviewEntry.Content] {
        ConcurrentMap().map(paths.count) { k in
            do throws(LoadError) {
                return .loaded(try SeriesLoader.load(pathBytes: paths[k].bytes, shown: paths[k].shown, options: options))
            } catch {
                return .failed(error.reason)
            }
        }
    }

    public func startLoading(_ paths: [LaunchPath], first: [Int], options: LoadOptions) -> OverviewLoading {
        BackgroundLoads(paths: paths.map { ($0.bytes, $0.shown) }, first: first, options: options)
    }

    public func followOverview(folder: LaunchPath?, paths: [LaunchPath], options: LoadOptions, interval: Double) -> HostService {
        OverviewFollowService(watch: FolderWatch(folder: folder?.bytes, paths: paths.map { ($0.bytes, $0.shown) }, options: options),
                              interval: interval)
    }

    public func loadNewestFirst(_ path: LaunchPath, options: LoadOptions, need: FirstFrameNeed) -> Result<NewestRowsFile, FrontToBack> {
        SeriesLoader.loadNewestFirst(pathBytes: path.bytes, fileName: path.shown, options: options, need: need)
    }

    public func followStandardInput(options: LoadOptions) -> Follower {
        StreamFollower(options: options)
    }

    /// The first look of a followed file, which reads the whole file: a long one shows its
    /// progress as any load does.
    public func follow(_ path: LaunchPath, options: LoadOptions, keys: ProgressKeys)
        -> (follower: Follower, change: FollowChange, stopped: Int32?) {
        let look = FirstLook(FileFollower(pathBytes: path.bytes, shown: path.shown, options: options))
        let outcome = showingProgress(name: look.follower.path, keys: keys) { progress throws(LoadError) in
            look.follower.progress = progress
            defer { look.follower.progress = nil }
            look.change = look.follower.poll()
            if case .updated(let loaded, _) = look.change { return loaded }
            throw LoadError.cancelled(file: look.follower.path)
        }
        if case .stopped(let status) = outcome { return (look.follower, look.change, status) }
        return (look.follower, look.change, nil)
    }

    /// Waits on the loading thread of a progress display that draws no line (nothing is
    /// being read): its keyboard quits on `q` and Ctrl-C and echoes nothing.
    public func waitForChart(_ follower: Follower, keys: ProgressKeys, onWait: @escaping (String) -> Void)
        -> (change: FollowChange, stopped: Int32?) {
        let wait = Waiting(follower, onWait: onWait)
        let outcome = showingProgress(name: follower.name, keys: keys, line: false) { _ throws(LoadError) in
            wait.change = wait.follower.waitForChart(onWait: wait.onWait)
            if case .updated(let loaded, _) = wait.change { return loaded }
            throw LoadError.cancelled(file: wait.follower.name)
        }
        if case .stopped(let status) = outcome { return (wait.change, status) }
        return (wait.change, nil)
    }

    /// A wait for a followed input's chart, made on the loading thread of a progress display.
    final class Waiting: @unchecked Sendable {
        let follower: Follower
        let onWait: (String) -> Void
        var change: FollowChange = .none
        init(_ follower: Follower, onWait: @escaping (String) -> Void) {
            self.follower = follower
            self.onWait = onWait
        }
    }

    /// The first look of a followed file, made on the loading thread of a progress display.
    final class FirstLook: @unchecked Sendable {
        let follower: FileFollower
        var change: FollowChange = .none
        init(_ follower: FileFollower) { self.follower = follower }
    }

    public func zone(named name: String) throws -> ZoneRules {
        try ZoneDatabase.load(name)
    }

    public func write(_ bytes: [UInt8], to path: LaunchPath) -> String? {
        let reason = { String(cString: strerror(errno)) }
        guard let file = withCString(path, { fopen($0, "wb") }) else { return reason() }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        let flushed = fflush(file)
        let flushErrno = errno
        let closed = fclose(file)
        guard written == bytes.count, flushed == 0, closed == 0 else {
            if flushed != 0 { errno = flushErrno }
            return reason()
        }
        return nil
    }

    /// Runs `load` with its progress on standard error when it takes a while (when standard
    /// error is a terminal, and `line` asks for it), `q` and Ctrl-C stopping it (see `LoadProgressDisplay`). Keys come
    /// from the terminal the viewer will read, or for `--print` from standard input when it is one.
    func showingProgress(name: String, keys: ProgressKeys, line: Bool = true,
                         load: @escaping @Sendable (LoadProgressReporting) throws(LoadError) -> LoadedSeries)
        -> LoadProgressDisplay.Outcome {
        let display: Int32? = line && isatty(2) != 0 ? 2 : nil
        var keyboard: Int32? = nil
        var ownKeyboard: Int32 = -1
        if keys.interactive && keys.device == .controllingTerminal {
            ownKeyboard = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
            if ownKeyboard >= 0 { keyboard = ownKeyboard }
        } else if !keys.pricesOnStandardInput && isatty(0) != 0 {
            keyboard = 0
        }
        defer { if ownKeyboard >= 0 { close(ownKeyboard) } }
        let clock = MonotonicClock()
        return LoadProgressDisplay.run(name: name, keyboard: keyboard, display: display, clock: { clock.now() },
                                       startThread: { JoinableThread(name: "tradechart load", $0) != nil }, load: load)
    }

    /// Calls `body` with the path's bytes as a C string.
    func withCString<R>(_ path: LaunchPath, _ body: (UnsafePointer<CChar>) -> R) -> R {
        (path.bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}

/// The files read behind the overview, as the overview's service takes them.
extension BackgroundLoads: OverviewLoading {}
