import TradeChartCore

/// A stream whose first bytes were read already (to see whether it is compressed): gives
/// them out again, then the rest of the stream.
struct PrefixedStream<Rest: ByteStream>: ByteStream {
    private var prefix: [UInt8]
    private var given = 0
    private var rest: Rest

    init(_ prefix: [UInt8], then rest: Rest) {
        self.prefix = prefix
        self.rest = rest
    }

    var name: String { rest.name }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(LoadError) -> Int {
        if given < prefix.count {
            let n = min(buffer.count, prefix.count - given)
            prefix.withUnsafeBytes { bytes in
                buffer.baseAddress?.copyMemory(from: bytes.baseAddress! + given, byteCount: n)
            }
            given += n
            return n
        }
        return try rest.read(into: buffer)
    }

    /// Reads the first bytes of `stream`, up to `count` (fewer only at its end).
    static func firstBytes(of stream: inout Rest, count: Int) throws(LoadError) -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < count {
            let n = try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if n == 0 { break }
            filled += n
        }
        return Array(buffer[0..<filled])
    }
}
