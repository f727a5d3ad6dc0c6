/// One scan of a number's bytes, the same for a decimal point and a decimal comma: its
/// sign, its digits as an integer, and where each `.` and `,` stands among the digits.
/// What the separators mean is decided afterwards, from these positions alone: a price
/// (`DecimalParser`: which one is the decimal point, which groups thousands) or a
/// volume (`VolumeParser`: dots grouping thousands, a `K`/`M` suffix's decimal point).
struct NumberScan {
    /// The leading `+` or `-`, 0 when there is none.
    var sign: UInt8 = 0
    var mantissa: UInt64 = 0
    var digits = 0
    /// Bit k set: a `.` (a `,`) stands after the first k digits.
    var dots: UInt64 = 0, commas: UInt64 = 0

    /// Scans `[start, end)`: a sign, then at most 19 digits with single `.` and `,` between
    /// them, within 26 bytes after the sign; nil for anything else (an empty field, a
    /// letter, two separators together). Written by hand for speed: runs of digits are
    /// read eight bytes at a time (the last word of a long enough field is loaded ending
    /// at the field's end, so nothing outside the field is read).
    @inline(__always)
    init?(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) {
        guard read(start, end) else { return nil }
    }

    init() {}

    /// Scans `[start, end)` as `init?` does, into this (empty) scan; false for what it refuses.
    @inline(__always)
    mutating func read(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Bool {
        // Locals while scanning (kept in registers), stored once at the end.
        var p = start
        guard p < end else { return false }
        var sign: UInt8 = 0
        if p.pointee == 0x2D || p.pointee == 0x2B { sign = p.pointee; p += 1 }
        guard end - p <= 26 else { return false }
        var mantissa: UInt64 = 0
        var digits = 0
        var dots: UInt64 = 0, commas: UInt64 = 0
        while end - p >= 1 && end - start >= 8 {
            let left = end - p
            let word = left >= 8 ? UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
                : UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self) &>> UInt64((8 - left) &* 8)
            let v = word ^ 0x3030_3030_3030_3030
            let notDigit = ((v &+ 0x7676_7676_7676_7676) | v) & 0x8080_8080_8080_8080
            let k = min(notDigit == 0 ? 8 : notDigit.trailingZeroBitCount >> 3, left)
            if k > 0 {
                guard digits + k <= 19 else { return false }
                mantissa = mantissa &* DecimalParser.integerPower(k) &+ DecimalParser.eightDigits(k == 8 ? v : v &<< UInt64((8 - k) &* 8))
                digits += k
                p += k
            }
            guard p < end else { break }
            if k == 8 { continue }
            guard Self.note(p.pointee, after: digits, &dots, &commas) else { return false }
            p += 1
        }
        while p < end {
            let d = p.pointee &- 0x30
            if d < 10 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                digits += 1
            } else {
                guard Self.note(p.pointee, after: digits, &dots, &commas) else { return false }
            }
            p += 1
        }
        self.sign = sign
        self.mantissa = mantissa
        self.digits = digits
        self.dots = dots
        self.commas = commas
        return true
    }

    /// Notes a `.` or `,` after `digits` digits; false for another byte or a second separator there.
    @inline(__always)
    static func note(_ c: UInt8, after digits: Int, _ dots: inout UInt64, _ commas: inout UInt64) -> Bool {
        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: digits)
        guard (dots | commas) & bit == 0 else { return false }
        if c == 0x2E { dots |= bit } else if c == 0x2C { commas |= bit } else { return false }
        return true
    }

    /// The digits positions of `group` (bits as in `dots`) are three apart and the last one
    /// is three digits before `point`; the first has `first` digits before it.
    @inline(__always)
    static func groupsOfThree(_ group: UInt64, first: ClosedRange<Int>, point: Int) -> Bool {
        guard first.contains(group.trailingZeroBitCount), 63 - group.leadingZeroBitCount + 3 == point else { return false }
        var g = group
        var previous = g.trailingZeroBitCount
        g &= g &- 1
        while g != 0 {
            let at = g.trailingZeroBitCount
            guard at - previous == 3 else { return false }
            previous = at
            g &= g &- 1
        }
        return true
    }
}
