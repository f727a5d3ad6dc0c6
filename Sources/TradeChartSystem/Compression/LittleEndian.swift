/// Little-endian fields of a zip record at `base` in `bytes` (a field past the end reads as 0).
struct LittleEndian {
    let bytes: [UInt8]
    let base: Int

    init(_ bytes: [UInt8], at base: Int) {
        self.bytes = bytes
        self.base = base
    }

    private func byte(_ i: Int) -> UInt64 {
        base + i < bytes.count ? UInt64(bytes[base + i]) : 0
    }

    func u16(_ at: Int) -> UInt16 { UInt16(byte(at) | byte(at + 1) << 8) }
    func u32(_ at: Int) -> UInt32 { UInt32((0..<4).reduce(UInt64(0)) { $0 | byte(at + $1) << (8 * UInt64($1)) }) }
    func u64(_ at: Int) -> UInt64 { (0..<8).reduce(UInt64(0)) { $0 | byte(at + $1) << (8 * UInt64($1)) } }
}
