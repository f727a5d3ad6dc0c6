import Glibc
import TradeChartCore

/// Follows rows arriving on a pipe (standard input for `--follow -`): each look
/// reads what is there without blocking (`poll(2)` with no timeout), feeds it to
/// the parser and leaves a partial last line until it is complete. At the end
/// of the input it reads the last line and stops looking.
public final class StreamFollower: Follower {
    public let name: String
    private let descriptor: Int32
    private var parser: CSVStreamParser
    public private(set) var ended = false
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// At most this much is read in one look, so keys stay responsive under a flood of rows.
    static let bytesPerLook = 8 << 20

    public init(descriptor: Int32 = 0, name: String = "standard input", options: LoadOptions) {
        self.descriptor = descriptor
        self.name = name
        parser = CSVStreamParser(file: name, options: options)
    }

    public var nextLook: Double? { ended ? nil : Self.pollInterval }

    public func block() { _ = waitReadable(timeoutMilliseconds: -1) }

    public func poll() -> FollowChange {
        guard !ended else { return .none }
        var read = 0
        let linesBefore = parser.linesRead
        while read < Self.bytesPerLook, waitReadable(timeoutMilliseconds: 0) {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                ended = true
                return .problem("\(name): \(SeriesLoader.errorText(errno))")
            }
            if n == 0 {
                ended = true
                break
            }
            read += n
            buffer.withUnsafeBytes { parser.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        }
        if ended {
            // The end of the input also ends a last line without a line end.
            var last = parser
            do {
                let loaded = try last.finish()
                guard loaded.series.count >= 2 else { return .problem("\(name): only one price; a chart needs at least two") }
                return .updated(loaded, reloaded: false)
            } catch {
                return .problem("\(error)")
            }
        }
        // A partial line changes nothing until its line end arrives.
        guard parser.linesRead != linesBefore else { return .none }
        return FollowChange.snapshot(of: parser, name: name, reloaded: false)
    }

    /// True when a read would not block (data, end of input or an error is there).
    private func waitReadable(timeoutMilliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let r = Glibc.poll(&entry, 1, timeoutMilliseconds)
            if r < 0 && errno == EINTR { continue }
            return r > 0
        }
    }
}
