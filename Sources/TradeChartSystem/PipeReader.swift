#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TradeChartCore

/// Reads what a pipe holds now into a parser, never blocking: `poll(2)` with no
/// timeout before every `read(2)`, and at most `bytesPerLook` bytes a look, so keys
/// stay responsive under a flood of rows. Used for standard input (`--follow -`) and
/// for a followed path that is a FIFO.
struct PipeReader {
    let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// The last byte fed to the parser, to tell a line left open when a writer ends.
    private(set) var lastByte: UInt8?
    /// At most this much is read in one look.
    static let bytesPerLook = 8 << 20
    /// The last look stopped at `bytesPerLook` with more to read: the next is due at once.
    private(set) var stoppedAtLimit = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    enum Outcome: Equatable {
        /// Read what was there (maybe nothing); more may come.
        case open
        /// No writer is there (any more): the end of the input, for now or for good.
        case writerGone
        /// Reading failed with this `errno`.
        case failed(Int32)
    }

    /// Feeds the parser what arrived since the last look.
    mutating func read(into parser: inout CSVStreamParser) -> Outcome {
        var total = 0
        stoppedAtLimit = false
        while total < Self.bytesPerLook, Self.isReadable(descriptor, timeoutMilliseconds: 0) {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failed(errno)
            }
            if n == 0 { return .writerGone }
            total += n
            lastByte = buffer[n - 1]
            buffer.withUnsafeBytes { parser.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        }
        stoppedAtLimit = total >= Self.bytesPerLook
        return .open
    }

    /// Ends a last line the writer left without a line end (it ended, so the line is complete).
    mutating func endOpenLine(in parser: inout CSVStreamParser) {
        guard let lastByte, lastByte != UInt8(ascii: "\n") else { return }
        parser.feed([UInt8(ascii: "\n")])
        self.lastByte = UInt8(ascii: "\n")
    }

    /// True when a read would not block (data, the end of the input or an error is there).
    static func isReadable(_ descriptor: Int32, timeoutMilliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let r = poll(&entry, 1, timeoutMilliseconds)
            if r < 0 && errno == EINTR { continue }
            return r > 0
        }
    }
}
