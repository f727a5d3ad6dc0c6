#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import TradeChartCore

/// Reading and replacing the state file on disk, safely against what may be planted
/// there: a read never blocks (a pipe at the path) and stops at `maxBytes`; a write
/// goes to a new temporary file created with `O_EXCL | O_NOFOLLOW` (a symlink planted
/// at its name is never followed, so its target is never written) and renamed over
/// the state file, so a reader sees the old file or the new one, never half of one.
enum StateFile {
    /// A state file holds at most `StateStore.maxEntries` small entries (about 40 KiB);
    /// anything larger was not written by tradechart.
    static let maxBytes = 1 << 20

    /// What a read found.
    enum OnDisk: Equatable {
        case missing
        case contents(StateFileContents)
        /// There, but not a state file (not JSON, or not of its shape): the next save replaces it.
        case unreadable(String)
    }

    /// Reads the state file. Throws what must be neither used nor replaced: a file
    /// too large, of an unknown version, or something other than a regular file.
    static func read(_ path: String) throws(StateFileProblem) -> OnDisk {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .missing }
            if code == ENXIO { throw .notAFile(file: path) }
            return .unreadable(SeriesLoader.errorText(code))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .unreadable(SeriesLoader.errorText(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notAFile(file: path) }
        guard info.st_size <= maxBytes else { throw .tooLarge(file: path, bytes: Int(info.st_size), limit: maxBytes) }
        // One byte more than allowed tells a file that grew since the fstat.
        var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return .unreadable(SeriesLoader.errorText(errno)) }
            if n == 0 { break }
            filled += n
        }
        guard filled <= maxBytes else { throw .tooLarge(file: path, bytes: filled, limit: maxBytes) }
        switch StateFileContents.decode(Data(bytes[0..<filled])) {
        case .contents(let contents): return .contents(contents)
        case .unknownVersion(let version): throw .unknownVersion(file: path, version: version)
        case .unreadable(let reason): return .unreadable(reason)
        }
    }

    /// Creates the state file's folder (and its parents) when missing, readable by the user only.
    static func makeFolder(of path: String) throws(StateFileProblem) {
        var folder = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true).dropLast() {
            folder += "/" + component
            if mkdir(folder, 0o700) != 0 && errno != EEXIST {
                throw .cannotWrite(file: path, reason: "cannot create \(folder): \(SeriesLoader.errorText(errno))")
            }
        }
    }

    /// Replaces the state file with `data` (write a temporary file, then rename it over).
    static func replace(_ path: String, with data: Data) throws(StateFileProblem) {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let folder = String(path[..<slash]), name = String(path[slash...])
        var temporary = "\(folder).\(name).\(getpid()).tmp"
        var fd: Int32 = -1
        for attempt in 0..<8 {
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 || errno != EEXIST { break }
            // Something is at that name already (a leftover, or planted): never touch it, take another.
            temporary = "\(folder).\(name).\(getpid()).\(attempt).\(UInt32.random(in: 0 ... .max)).tmp"
        }
        guard fd >= 0 else {
            throw .cannotWrite(file: path, reason: "cannot create \(temporary): \(SeriesLoader.errorText(errno))")
        }
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let n = write(fd, bytes.baseAddress! + written, bytes.count - written)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { failure = n < 0 ? errno : EIO; return }
                written += n
            }
        }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw .cannotWrite(file: path, reason: SeriesLoader.errorText(failure))
        }
    }
}
