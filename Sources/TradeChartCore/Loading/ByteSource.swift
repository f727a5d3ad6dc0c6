#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes that can be read at any offset from several threads at once: a regular
/// file (`pread`) or a buffer already in memory (for tests and fuzzing).
struct ByteSource: @unchecked Sendable {
    /// The file descriptor, or -1 for `memory`.
    let fd: Int32
    let memory: UnsafeRawBufferPointer
    /// The name used in messages.
    let file: String
    /// The size when reading started.
    let size: Int

    init(fd: Int32, size: Int, file: String) {
        self.fd = fd
        memory = UnsafeRawBufferPointer(start: nil, count: 0)
        self.file = file
        self.size = size
    }

    init(memory: UnsafeRawBufferPointer, file: String) {
        fd = -1
        self.memory = memory
        self.file = file
        size = memory.count
    }

    /// Reads up to `count` bytes at `offset` into `buffer`; 0 at the end.
    func read(into buffer: UnsafeMutableRawPointer, at offset: Int, count: Int) throws(LoadError) -> Int {
        guard count > 0 else { return 0 }
        if fd < 0 {
            let n = max(0, min(count, memory.count - offset))
            if n > 0, let base = memory.baseAddress { memcpy(buffer, base + offset, n) }
            return n
        }
        while true {
            let n = pread(fd, buffer, count, off_t(offset))
            if n >= 0 { return n }
            if errno == EINTR { continue }
            if errno == EISDIR { throw .cannotOpen(file: file, reason: "it is a directory") }
            throw .readFailed(file: file, reason: SeriesLoader.errorText(errno))
        }
    }
}
