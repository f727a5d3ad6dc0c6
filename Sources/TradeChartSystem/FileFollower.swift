import Glibc
import TradeChartCore

/// Follows a growing price file like `tail -f`: parses only the bytes appended
/// since the last look, and leaves a partial last line until it is complete.
///
/// A look is a `stat` of the path, and never blocks: the file is opened with
/// `O_NONBLOCK`, and a path that is (or becomes) a FIFO is followed as a stream,
/// like `-`, reading what arrives, across writers. A regular file is reloaded from
/// the start when it was truncated or replaced (another inode or device: log
/// rotation), and when it was rewritten in place: the bytes read last no longer end
/// where they did, or it was written without growing (mtime or ctime moved, to the
/// nanosecond) and reads differently. A path that becomes a directory or a device is
/// waited out, not read. Between looks it costs nothing: change notifications
/// (`FileChangeWatch`) wake the viewer when the file changes, and where they cannot be
/// trusted alone (a network file system) it looks at its interval; a look at an unchanged file
/// is one `stat` and one `pread` of 32 bytes, at a grown one a `stat` and a `pread` of those
/// 32 bytes and the new ones (up to the size the `stat` saw). Once a chart was given, appended rows are
/// handed out alone (`FollowChange.appended`), so a row costs the same at any file size.
/// The rows of a regular file are given away as they are handed out: the follower keeps
/// no reference to the series' columns, so the viewer grows them in place instead of
/// copying them. When it needs them whole again (a decision over the whole time column
/// changed, the file was rewritten without growing) it reads the file again.
public final class FileFollower: Follower {
    /// The path as shown in messages (repaired where it is not UTF-8).
    public let path: String
    public var name: String { path }
    /// The path's bytes, as the system names the file.
    private let pathBytes: [UInt8]
    public let options: LoadOptions
    private var parser: CSVStreamParser
    private var descriptor: Int32 = -1
    /// The open file as `fstat` saw it after the last read; nil when none is open.
    private var opened: FileStatus?
    /// Reads the open file when it is a FIFO.
    private var pipe: PipeReader?
    private var offset: off_t = 0
    /// The last bytes read, checked again at every look: a file rewritten in place
    /// (also truncated and rewritten past its old size between two looks) no longer has them there.
    private var tail: [UInt8] = []
    private static let tailBytes = 32
    /// True once a file was opened: whatever is opened later replaces it.
    private var hasOpened = false
    /// Reloaded, and the new content has not given a chart yet.
    private var reloadPending = false
    /// Whether the viewer has a series from this parser: then only new rows are handed out.
    private var chartGiven = false
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)
    /// Told how far a read of the whole file has come (the first look, a reload), and able
    /// to stop it: then the look gives `.problem` with the reason. Nil: no reports.
    public var progress: LoadProgressReporting?
    private var lastReport = -Double.infinity
    /// The file's and its folder's change notifications; nil where inotify cannot be had.
    private let watch: FileChangeWatch?

    /// Follows `path`; the first `poll` parses the whole file and gives the series.
    public convenience init(path: String, options: LoadOptions) {
        self.init(pathBytes: Array(path.utf8), shown: path, options: options)
    }

    /// Follows the file whose path is these bytes (a name need not be UTF-8), shown as `shown`.
    public init(pathBytes: [UInt8], shown path: String, options: LoadOptions) {
        self.pathBytes = pathBytes
        self.path = path
        self.options = options
        parser = CSVStreamParser(file: path, options: options)
        watch = FileChangeWatch(pathBytes: pathBytes)
    }

    deinit { closeFile() }

    /// At once after a FIFO's look that left data unread (see `StreamFollower.lookDue`).
    public func lookDue(every interval: Double) -> Double? {
        if pipe?.stoppedAtLimit == true { return 0 }
        return watch?.isTrusted == true ? max(interval, Self.safetyLookInterval) : interval
    }

    public var wakeDescriptor: Int32? { watch?.descriptor }

    public func takeWake() -> Bool { watch?.takeEvents() ?? false }

    /// Waits a quarter second at most: less when the file's notifications say it changed.
    public func block() {
        guard let watch else {
            usleep(useconds_t(Self.pollInterval * 1_000_000))
            return
        }
        var entry = pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
        _ = Glibc.poll(&entry, 1, Int32(Self.pollInterval * 1000))
    }

    /// Reads what was appended since the last look.
    public func poll() -> FollowChange {
        // What the notifications said so far, this look sees.
        _ = watch?.takeEvents()
        guard let now = FileStatus(pathBytes: pathBytes) else { return .waiting("\(path): \(SeriesLoader.errorText(errno))") }
        guard let current = opened, now.isSameFile(as: current) else { return reopen(now) }
        if current.kind == .pipe { return readPipe(justOpened: false) }
        // Truncated, or rewritten in place (the bytes read last are not where they were).
        if now.size < offset { return reopen(now) }
        // Grown: the bytes read last are read again with the new ones, in one `pread`.
        if now.size > offset { return readFile(rereadingTailOf: now) }
        if !tailUnchanged() { return reopen(now) }
        if now.wasTouched(since: current) { return readAgain() }
        return .none
    }

    /// Starts again from the beginning of what is at the path now.
    private func reopen(_ status: FileStatus) -> FollowChange {
        closeFile()
        guard status.kind.isFollowable else { return refuse(status) }
        // Never blocks, also when a FIFO without a writer was put at the path.
        let fd = (pathBytes + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        }
        guard fd >= 0 else { return .waiting("\(path): \(SeriesLoader.errorText(errno))") }
        // What was opened decides (the path may have changed since the stat).
        guard let info = FileStatus(descriptor: fd), info.kind.isFollowable else {
            let refused = FileStatus(descriptor: fd).map(refuse) ?? .waiting("\(path): \(SeriesLoader.errorText(errno))")
            close(fd)
            return refused
        }
        descriptor = fd
        opened = info
        watch?.watchFile(opened: fd)
        offset = 0
        tail = []
        reloadPending = hasOpened
        hasOpened = true
        if info.kind == .pipe {
            parser = CSVStreamParser(file: path, options: options)
            pipe = PipeReader(descriptor: fd)
            return readPipe(justOpened: true)
        }
        parser = CSVStreamParser(file: path, options: options, expectedBytes: Int(info.size))
        return readFile()
    }

    /// A directory or a device: not read. At the first look that is the end; later the path may change back.
    private func refuse(_ status: FileStatus) -> FollowChange {
        hasOpened ? .waiting("\(path) \(status.refusal) now: waiting for a price file")
            : .problem("\(path) \(status.refusal): tradechart follows a price file or a pipe")
    }

    private func closeFile() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        opened = nil
        pipe = nil
    }

    /// Reads a regular file from `offset` to its end. `rereadingTailOf`: the file grown to
    /// this status, whose first read starts at the bytes read last (`tail`), so that a look at
    /// a grown file is one `pread`, not two; where they are not there any more (the file was
    /// rewritten in place) it is opened again from the start.
    ///
    /// A grown file is read up to the size its `stat` saw, and that status is kept as the
    /// file's (the bytes it describes are the bytes read: a write after it changes the size
    /// or the times, and is seen at the next look); a whole read goes to the end and takes
    /// the status after it, an `fstat`.
    private func readFile(rereadingTailOf grown: FileStatus? = nil) -> FollowChange {
        switch readGrown(grown) {
        case .change(let change): change
        case .rewritten: reopen(grown!)
        case .readWhole: readWholeAgain()
        }
    }

    /// What `readFile` found: a change to give, or a file to read again.
    private enum ReadOutcome {
        case change(FollowChange)
        /// The bytes read last are not where they were: the file was rewritten in place.
        case rewritten
        /// The rows given before read differently now.
        case readWhole
    }

    /// `readFile`'s reading. The parser is used where it lies: a property of a class read
    /// through a method or a computed property is copied first (every column retained and
    /// released), four times a look; the parser is not replaced during it.
    private func readGrown(_ grown: FileStatus?) -> ReadOutcome {
        withParser { parser in
            let linesBefore = parser.linesRead
            var check = grown == nil ? 0 : tail.count
            while true {
                let from = offset - off_t(check)
                let wanted = grown.map { min(buffer.count, Int($0.size) - Int(from)) } ?? buffer.count
                guard wanted > 0 else { break }
                let n = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, from) }
                if n < 0 && errno == EINTR { continue }
                if check > 0 {
                    // The bytes read last, where they were? Else the file was rewritten in place.
                    guard n >= check, buffer.withUnsafeBytes({ $0[0..<check].elementsEqual(tail) }) else { return .rewritten }
                }
                guard n > check else { break }
                offset += off_t(n - check)
                buffer.withUnsafeBytes { bytes in
                    parser.feed(UnsafeRawBufferPointer(rebasing: bytes[check..<n]))
                    tail = Array((tail + bytes[max(check, n - Self.tailBytes)..<n]).suffix(Self.tailBytes))
                }
                check = 0
                if n < wanted || grown.map({ offset >= off_t($0.size) }) == true { break }
                if !chartGiven || reloadPending, let stop = reportProgress(rowsRead: parser.rowsRead) { return .change(stop) }
            }
            // A whole read's status is taken after it: its times belong to bytes already read, so a
            // later change is a new write (a grown file's from before: it was read up to that size).
            if let grown { opened = grown } else if let after = FileStatus(descriptor: descriptor) { opened = after }
            // A partial line changes nothing until its line end arrives.
            guard parser.linesRead != linesBefore || reloadPending else { return .change(.none) }
            // The rows given before read differently now (day/month order, the unit of Unix
            // times): the whole series again, from the file, given as new rows are (no reload said).
            if chartGiven && !reloadPending && parser.gaveRowsAway && parser.columnReadingChanged { return .readWhole }
            return .change(give(FollowChange.rows(of: &parser, name: path, whole: reloadPending, shown: chartGiven,
                                                  givesAway: true)))
        }
    }

    /// Calls `body` on the parser where it is stored (see `readFile`).
    private func withParser<R>(_ body: (inout CSVStreamParser) -> R) -> R { body(&parser) }

    /// Reads the file again from its start and gives the whole series, not said as a reload.
    private func readWholeAgain() -> FollowChange {
        offset = 0
        tail = []
        chartGiven = false
        parser = CSVStreamParser(file: path, options: options, expectedBytes: opened.map { Int($0.size) })
        return readFile()
    }

    /// Reports how far the whole file has been read, at the reporting's interval; the
    /// change to give when the report asks to stop.
    private func reportProgress(rowsRead: Int) -> FollowChange? {
        guard let progress else { return nil }
        let now = progress.clock()
        guard now - lastReport >= progress.interval else { return nil }
        lastReport = now
        let done = LoadProgress(bytesRead: Int(offset), rowsRead: rowsRead, totalBytes: opened.map { Int($0.size) })
        guard progress.report(done) == .cancel else { return nil }
        return .problem("\(LoadError.cancelled(file: path))")
    }

    /// The file was written without growing (rewritten in place at the same size, or only
    /// touched): read it again. The series given before is the viewer's alone, so the viewer
    /// tells whether it differs (`FollowChange.rewritten`).
    private func readAgain() -> FollowChange {
        let given = chartGiven && !reloadPending
        offset = 0
        tail = []
        reloadPending = true
        parser = CSVStreamParser(file: path, options: options, expectedBytes: opened.map { Int($0.size) })
        let change = readFile()
        if given, case .updated(let loaded, _) = change { return .rewritten(loaded) }
        return change
    }

    /// Reads what a FIFO's writers sent since the last look. A writer that ends completes
    /// its last line; the FIFO stays open for the next writer.
    private func readPipe(justOpened: Bool) -> FollowChange {
        guard var reader = pipe else { return .none }
        let linesBefore = parser.linesRead
        let outcome = reader.read(into: &parser)
        if outcome == .writerGone { reader.endOpenLine(in: &parser) }
        pipe = reader
        if case .failed(let code) = outcome { return .waiting("\(path): \(SeriesLoader.errorText(code))") }
        if parser.linesRead != linesBefore || reloadPending {
            return give(FollowChange.rows(of: &parser, name: path, whole: reloadPending, shown: chartGiven))
        }
        return justOpened ? .waiting("\(path) is a pipe and no rows have come yet") : .none
    }

    /// Notes what is handed out.
    private func give(_ change: FollowChange) -> FollowChange {
        if case .updated = change {
            reloadPending = false
            chartGiven = true
        }
        if reloadPending, case .waiting = change {
            return .waiting("\(path) was truncated or replaced: waiting for rows")
        }
        return change
    }

    /// True when the bytes before `offset` are still the ones read last time.
    private func tailUnchanged() -> Bool {
        guard !tail.isEmpty else { return true }
        var now = [UInt8](repeating: 0, count: tail.count)
        let n = now.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset - off_t(tail.count)) }
        return n == tail.count && now == tail
    }
}
