import TradeChartCore

extension ByteSource {
    /// Up to `count` bytes at `offset` (fewer at the end), for the small records of a
    /// compressed file's header, trailer or directory.
    func bytes(at offset: Int, count: Int) throws(LoadError) -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 0), alignment: 1)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < buffer.count {
            let n = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), at: offset + filled)
            if n == 0 { break }
            filled += n
        }
        return Array(buffer[0..<filled])
    }
}
