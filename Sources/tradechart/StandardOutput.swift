import Glibc
import TradeChartSystem

/// Writes to standard output in one go and says when it could not (a full disk, a
/// closed standard output): `--print` and `--describe` then say so and exit with 1.
enum StandardOutput {
    /// Standard output was closed when the program started (see `keepStandardStreamsOpen`).
    nonisolated(unsafe) private(set) static var wasClosed = false

    /// Holds the places of standard input, output and error that the program was started
    /// without (closed) with /dev/null, so that no file opened later lands on them: a
    /// frame would otherwise be written into a WAV file, or a message into a price file.
    /// Standard output stays known as closed, and writing to it fails.
    static func keepStandardStreamsOpen() {
        for fd: Int32 in [0, 1, 2] where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            if fd == 1 { wasClosed = true }
            let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != fd {
                dup2(null, fd)
                close(null)
            }
        }
    }

    /// Writes `text`; nil when all of it was written, else why not (for a message).
    static func write(_ text: String) -> String? {
        if wasClosed { return "standard output is closed" }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return n < 0 ? String(cString: strerror(errno)) : "nothing was written" }
            offset += n
        }
        return nil
    }

    /// Writes `text`, or says on standard error why it could not; the exit status (0 or 1).
    static func writeOrSay(_ text: String, what: String) -> Int32 {
        guard let problem = write(text) else { return 0 }
        StandardError.writeLine("tradechart: cannot write \(what) to standard output: \(problem)")
        return 1
    }
}
