import Glibc
import TradeChartCore

/// A regular file open for reading as a `ByteSource`: read at any offset with `pread`,
/// from several threads at once. The descriptor stays the caller's to close.
struct FileBytes: ByteSource {
    let fd: Int32
    let size: Int
    let name: String

    /// The file may grow while it is read: the last part reads on to its end.
    var mayGrow: Bool { true }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(LoadError) -> Int {
        guard buffer.count > 0 else { return 0 }
        while true {
            let n = pread(fd, buffer.baseAddress, buffer.count, off_t(offset))
            if n >= 0 { return n }
            if errno == EINTR { continue }
            throw FileStream.failure(errno, file: name)
        }
    }
}
