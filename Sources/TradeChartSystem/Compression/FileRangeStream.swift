import Glibc
import TradeChartCore

/// A stretch of an open regular file (a zip member's compressed bytes) read from its
/// start to its end with `pread`, as a `ByteStream`. The descriptor stays the caller's.
struct FileRangeStream: ByteStream {
    let fd: Int32
    let name: String
    private var offset: Int
    private let end: Int

    init(fd: Int32, from offset: Int, to end: Int, name: String) {
        self.fd = fd
        self.offset = offset
        self.end = end
        self.name = name
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(LoadError) -> Int {
        let wanted = min(buffer.count, end - offset)
        guard wanted > 0 else { return 0 }
        let n = try FileBytes(fd: fd, size: end, name: name)
            .read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]), at: offset)
        offset += n
        return n
    }
}
