/// The field layout reduced to integers, for the per-row loop (no arrays to retain).
struct RowShape: Sendable, Equatable {
    var delimiter: UInt8 = 0x2C
    var timeIndex = 0
    var clockIndex = -1
    var priceIndex = 0
    var lastNeeded = 0

    init() {}

    init(_ layout: ColumnLayout) {
        delimiter = layout.delimiter
        timeIndex = layout.timeIndex
        clockIndex = layout.clockIndex
        priceIndex = layout.priceIndex
        lastNeeded = layout.lastNeeded
    }
}

/// Finding the end of an unquoted field eight bytes at a time.
enum FieldScan {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Bits set at (at least the lowest) zero byte of `v`; exact for the lowest one.
    @inline(__always) static func zeroBytes(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }

    /// The high bit of every zero byte of `v`, and no other bit.
    @inline(__always) static func exactZeroBytes(_ v: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((v & lows) &+ lows) | v | lows)
    }

    /// The first byte at or after `p` that is the delimiter or a line feed, or `end`.
    @inline(__always)
    static func stop(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, delimiter: UInt8) -> UnsafePointer<UInt8> {
        var p = start
        let d = ones &* UInt64(delimiter)
        let n = ones &* 0x0A
        while end - p >= 8 {
            let w = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
            let hits = zeroBytes(w ^ d) | zeroBytes(w ^ n)
            if hits != 0 { return p + hits.trailingZeroBitCount >> 3 }
            p += 8
        }
        while p < end && p.pointee != delimiter && p.pointee != 0x0A { p += 1 }
        return p
    }
}
