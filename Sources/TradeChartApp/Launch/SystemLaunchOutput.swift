import Glibc
import TradeChartSystem

/// The process's standard output and error, written in one go.
public struct SystemLaunchOutput: LaunchOutput {
    /// Standard output was closed when the program started (see `keepStandardStreamsOpen`).
    nonisolated(unsafe) private(set) static var outputWasClosed = false

    public init() {}

    /// Holds the places of standard input, output and error that the program was started
    /// without (closed) with /dev/null, so that no file opened later lands on them: a
    /// frame would otherwise be written into a WAV file, or a message into a price file.
    /// Standard output stays known as closed, and writing to it fails.
    public static func keepStandardStreamsOpen() {
        for fd: Int32 in [0, 1, 2] where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            if fd == 1 { outputWasClosed = true }
            let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != fd {
                dup2(null, fd)
                close(null)
            }
        }
    }

    public func sayLine(_ line: String) { StandardError.writeLine(line) }

    public func write(_ text: String) -> String? {
        if Self.outputWasClosed { return "standard output is closed" }
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
}
