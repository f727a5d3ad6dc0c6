#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TradeChartCore

/// Follows a growing price file like `tail -f`: parses only the bytes appended
/// since the last look, reloads from the start when the file was truncated or
/// replaced (log rotation), and leaves a partial last line until it is complete.
/// It looks a few times a second when asked; between looks it costs nothing.
public final class FileFollower {
    public let path: String
    public let options: LoadOptions
    private var parser: CSVStreamParser
    private var descriptor: Int32 = -1
    private var inode: ino_t = 0
    private var offset: off_t = 0
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)
    /// How often to look, in seconds.
    public static let pollInterval = 0.25

    /// Follows `path`; the first `poll` parses the whole file and gives the series.
    public init(path: String, options: LoadOptions) {
        self.path = path
        self.options = options
        parser = CSVStreamParser(file: path, options: options)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// What a look found.
    public enum Change: Equatable {
        case none
        /// New rows arrived (or the file was reloaded): the whole series as it stands now.
        case updated(LoadedSeries, reloaded: Bool)
        /// The file cannot be read or parsed now; the reason, once.
        case problem(String)
    }

    /// Reads what was appended since the last look.
    public func poll() -> Change {
        var reloaded = false
        var info = stat()
        guard stat(path, &info) == 0 else { return .problem("\(path): \(String(cString: strerror(errno)))") }
        if descriptor < 0 || info.st_ino != inode || info.st_size < offset {
            // First look, replaced or truncated: start again from the beginning.
            reloaded = descriptor >= 0
            if descriptor >= 0 { close(descriptor) }
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return .problem("\(path): \(String(cString: strerror(errno)))") }
            inode = info.st_ino
            offset = 0
            parser = CSVStreamParser(file: path, options: options)
        }
        var grew = false
        while true {
            let n = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if n <= 0 { break }
            offset += off_t(n)
            grew = true
            buffer.withUnsafeBytes { parser.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        }
        guard grew || reloaded else { return .none }
        do {
            let loaded = try parser.snapshot()
            return .updated(loaded, reloaded: reloaded)
        } catch {
            return .problem("\(error)")
        }
    }
}
