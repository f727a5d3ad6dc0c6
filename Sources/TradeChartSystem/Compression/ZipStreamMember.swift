import TradeChartCore

/// A zip archive read as a stream (standard input, a pipe), where its directory at the end
/// cannot be reached first: the first file's local header says its name, method and, unless
/// the archiver wrote them after the data (flag bit 3), its sizes and CRC-32. Its data is
/// decoded up to its end (a deflate, bzip2, zstd or xz stream ends by itself; a stored file
/// needs its size). Folders before it are passed over.
struct ZipStreamMember {
    var name: String
    var flags: UInt16
    var method: UInt16
    /// The size and CRC-32 the header gives, nil when they follow the data (bit 3).
    var expected: (size: Int, crc: UInt32, compressedSize: Int)?

    /// Reads the local headers at the start of `stream` up to the first file's data.
    static func first<S: ByteStream>(in stream: inout S, archive: String) throws(LoadError) -> ZipStreamMember {
        func damaged(_ reason: String) -> LoadError { .damaged(file: archive, reason: reason) }
        while true {
            let header = try PrefixedStream<S>.firstBytes(of: &stream, count: 30)
            guard header.count == 30 else { throw damaged("the zip archive ends before its first file (cut short)") }
            let fields = LittleEndian(header, at: 0)
            guard fields.u32(0) == 0x0403_4B50 else {
                throw damaged("the zip archive holds no file before its directory")
            }
            let flags = fields.u16(6), method = fields.u16(8)
            let nameBytes = try PrefixedStream<S>.firstBytes(of: &stream, count: Int(fields.u16(26)))
            let extra = try PrefixedStream<S>.firstBytes(of: &stream, count: Int(fields.u16(28)))
            guard nameBytes.count == Int(fields.u16(26)), extra.count == Int(fields.u16(28)) else {
                throw damaged("a zip header is cut short")
            }
            var compressedSize = Int(fields.u32(18)), size = Int(fields.u32(22))
            if compressedSize == 0xFFFF_FFFF || size == 0xFFFF_FFFF, let sizes = zip64Sizes(extra) {
                (size, compressedSize) = sizes
            }
            let member = ZipStreamMember(name: String(decoding: nameBytes, as: UTF8.self), flags: flags, method: method,
                                         expected: flags & 8 != 0 ? nil : (size, fields.u32(14), compressedSize))
            // A folder (or an empty file) before the file: its data, if any, is passed over.
            if member.name.hasSuffix("/"), let known = member.expected {
                _ = try PrefixedStream<S>.firstBytes(of: &stream, count: known.compressedSize)
                continue
            }
            return member
        }
    }

    /// The sizes a zip64 extra field gives (its first two values: size, then compressed size).
    static func zip64Sizes(_ extra: [UInt8]) -> (size: Int, compressed: Int)? {
        var at = 0
        while at + 4 <= extra.count {
            let field = LittleEndian(extra, at: at)
            let id = field.u16(0), length = Int(field.u16(2))
            if id == 0x0001, length >= 16, at + 4 + 16 <= extra.count {
                let values = LittleEndian(extra, at: at + 4)
                return (Int(clamping: values.u64(0)), Int(clamping: values.u64(8)))
            }
            at += 4 + length
        }
        return nil
    }
}

/// The first `limit` bytes of another stream (a zip member whose size its header gives).
struct LimitedStream<Rest: ByteStream>: ByteStream {
    private var rest: Rest
    private var left: Int

    init(_ rest: Rest, limit: Int) {
        self.rest = rest
        left = limit
    }

    var name: String { rest.name }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(LoadError) -> Int {
        guard left > 0 else { return 0 }
        let n = try rest.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(buffer.count, left)]))
        left -= n
        return n
    }
}
