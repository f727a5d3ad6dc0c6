import Glibc
import TradeChartCore

/// Follows a growing price file like `tail -f`: parses only the bytes appended
/// since the last look, reloads from the start when the file was truncated or
/// replaced (log rotation), and leaves a partial last line until it is complete.
/// A look is a `stat` and, only when the file grew, a `pread` of the new bytes;
/// between looks it costs nothing.
public final class FileFollower: Follower {
    public let path: String
    public var name: String { path }
    public let options: LoadOptions
    private var parser: CSVStreamParser
    private var descriptor: Int32 = -1
    private var inode: ino_t = 0
    private var device: dev_t = 0
    private var offset: off_t = 0
    /// The last bytes read, checked again before reading on: a file truncated and
    /// rewritten past its old size between two looks no longer has them there.
    private var tail: [UInt8] = []
    private static let tailBytes = 32
    /// Reloaded, and the new content has not given a chart yet.
    private var reloadPending = false
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)

    /// Follows `path`; the first `poll` parses the whole file and gives the series.
    public init(path: String, options: LoadOptions) {
        self.path = path
        self.options = options
        parser = CSVStreamParser(file: path, options: options)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    public var nextLook: Double? { Self.pollInterval }

    public func block() { usleep(useconds_t(Self.pollInterval * 1_000_000)) }

    /// Reads what was appended since the last look.
    public func poll() -> FollowChange {
        var info = stat()
        guard stat(path, &info) == 0 else { return .waiting("\(path): \(SeriesLoader.errorText(errno))") }
        if descriptor < 0 || info.st_ino != inode || info.st_dev != device || info.st_size < offset
            || (info.st_size > offset && !tailUnchanged()) {
            // First look, replaced or truncated: start again from the beginning.
            reloadPending = descriptor >= 0
            if descriptor >= 0 { close(descriptor) }
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return .waiting("\(path): \(SeriesLoader.errorText(errno))") }
            var opened = stat()
            if fstat(descriptor, &opened) == 0 { info = opened }
            inode = info.st_ino
            device = info.st_dev
            offset = 0
            tail = []
            parser = CSVStreamParser(file: path, options: options, expectedBytes: Int(info.st_size))
        } else if info.st_size == offset {
            return .none
        }
        let linesBefore = parser.linesRead
        while true {
            let n = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            offset += off_t(n)
            buffer.withUnsafeBytes { bytes in
                parser.feed(UnsafeRawBufferPointer(rebasing: bytes[0..<n]))
                tail = Array((tail + bytes[max(0, n - Self.tailBytes)..<n]).suffix(Self.tailBytes))
            }
            if n < buffer.count { break }
        }
        // A partial line changes nothing until its line end arrives.
        guard parser.linesRead != linesBefore || reloadPending else { return .none }
        let change = FollowChange.snapshot(of: parser, name: path, reloaded: reloadPending)
        if case .updated = change { reloadPending = false }
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
