#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Field scanning: finding the end of an unquoted field eight bytes at a time, a byte
/// (`memchr`), and whether a field is blank. Every splitter of rows uses these.
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

    /// Bits set at the line feeds and quotes of the word `w`, exact for the lowest one
    /// (a bit above the first may be a false hit).
    @inline(__always) static func lineEndOrQuote(_ w: UInt64) -> UInt64 {
        zeroBytes(w ^ (ones &* 0x0A)) | zeroBytes(w ^ (ones &* 0x22))
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

    /// The first `byte` in the `count` bytes at `p`.
    @inline(__always)
    static func find(_ p: UnsafePointer<UInt8>, _ byte: Int32, _ count: Int) -> UnsafePointer<UInt8>? {
        guard count > 0, let r = memchr(p, byte, count) else { return nil }
        return UnsafePointer(r.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether `[p, e)` holds only spaces, tabs and line ends.
    @inline(__always)
    static func isBlank(_ p: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Bool {
        var q = p
        while q < e {
            let c = q.pointee
            if c != 0x20 && c != 0x0D && c != 0x09 && c != 0x0A { return false }
            q += 1
        }
        return true
    }
}
