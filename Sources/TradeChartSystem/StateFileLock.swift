#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TradeChartCore

/// The lock that makes a read-modify-write of the state file one step for every
/// tradechart on the machine: `flock(2)` on a lock file beside the state file
/// (`state.json.lock`, never deleted, so every process locks the same inode).
/// Each lock opens its own descriptor, so two stores in one process exclude each
/// other as two processes do. Waiting is bounded: a lock held too long (another
/// viewer stopped with Ctrl-Z in the middle of a save) skips this save.
struct StateFileLock: ~Copyable {
    private let descriptor: Int32

    /// Takes the lock for `stateFile`, waiting at most `timeout` seconds.
    init(for stateFile: String, timeout: Double) throws(StateFileProblem) {
        let path = stateFile + ".lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            throw .cannotWrite(file: stateFile, reason: "cannot open the lock \(path): \(SeriesLoader.errorText(errno))")
        }
        var waited = 0.0
        var pause = 0.001
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK, waited < timeout else {
                close(fd)
                if code == EWOULDBLOCK { throw .locked(file: stateFile, seconds: timeout) }
                throw .cannotWrite(file: stateFile, reason: "cannot lock \(path): \(SeriesLoader.errorText(code))")
            }
            usleep(useconds_t(pause * 1_000_000))
            waited += pause
            pause = min(pause * 2, 0.02)
        }
        descriptor = fd
    }

    /// Closing the descriptor releases the lock.
    deinit { close(descriptor) }
}
