import Glibc
import TradeChartCore

/// A file descriptor read from where it stands to its end with `read` (standard input,
/// a pipe, a file not at its start) as a `ByteStream`. The descriptor stays the caller's.
struct FileStream: ByteStream {
    let fd: Int32
    let name: String

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(LoadError) -> Int {
        guard buffer.count > 0 else { return 0 }
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            if errno == EINTR { continue }
            throw Self.failure(errno, file: name)
        }
    }

    /// The error for a read that failed with `code`.
    static func failure(_ code: Int32, file: String) -> LoadError {
        code == EISDIR ? .cannotOpen(file: file, reason: "it is a directory") : .readFailed(file: file, reason: SeriesLoader.errorText(code))
    }
}
