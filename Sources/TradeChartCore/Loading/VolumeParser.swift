/// Reads a volume field. Volumes are written as counts, so besides what
/// `DecimalParser` reads:
///
/// - a suffix `K`, `M`, `B` or `T` (any case) multiplies by a thousand, a million, a
///   billion or a trillion, exactly (`69.17M` is 69,170,000: the digits are scaled as an
///   integer, not through a rounded 69.17), as investing.com writes volumes;
/// - in a file not separated by commas (where prices have decimal commas), dots between
///   groups of three digits group thousands even when there is only one (`762.695` is
///   762,695 shares in an ariva export, where `221,50` is a price).
///
/// A missing or unreadable value (`-`, empty, `null`, text) is NaN: a gap in the volume
/// column, never a bad row.
enum VolumeParser {
    static func parse(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, delimiter: UInt8) -> Double {
        var p = start, e = end
        while p < e && (p.pointee == 0x20 || p.pointee == 0x09) { p += 1 }
        while e > p && (e[-1] == 0x20 || e[-1] == 0x09 || e[-1] == 0x0D) { e -= 1 }
        guard p < e else { return .nan }
        if let exponent = suffixExponent(e[-1]), e - p >= 2 {
            return scaled(p, e - 1, exponent: exponent) ?? .nan
        }
        if delimiter != 0x2C, let grouped = dotGrouped(p, e) { return grouped }
        if case .value(let v) = DecimalParser.parse(p, e, delimiter: delimiter) { return v }
        return .nan
    }

    /// The power of ten of a suffix letter.
    static func suffixExponent(_ c: UInt8) -> Int? {
        switch c | 0x20 {
        case 0x6B: 3   // k
        case 0x6D: 6   // m
        case 0x62: 9   // b
        case 0x74: 12  // t
        default: nil
        }
    }

    /// Digits with at most one `.` or `,` as the decimal point, times 10^exponent, exact
    /// while the result is an integer below 2^53.
    static func scaled(_ p: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, exponent: Int) -> Double? {
        var q = p
        var negative = false
        if q.pointee == 0x2D { negative = true; q += 1 }
        var mantissa: UInt64 = 0
        var digits = 0, fraction = 0
        var point = false
        while q < e {
            let c = q.pointee
            if c &- 0x30 < 10 {
                guard digits < 18 else { return nil }
                mantissa = mantissa * 10 + UInt64(c &- 0x30)
                digits += 1
                if point { fraction += 1 }
            } else if (c == 0x2E || c == 0x2C) && !point {
                point = true
            } else {
                return nil
            }
            q += 1
        }
        guard digits > 0 else { return nil }
        let v = exponent >= fraction ? Double(mantissa) * DecimalParser.exactPower(exponent - fraction)
            : Double(mantissa) / DecimalParser.exactPower(fraction - exponent)
        return negative ? -v : v
    }

    /// `762.695`, `168.501.872`: digits in groups of three after the first, joined by dots.
    static func dotGrouped(_ p: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>) -> Double? {
        var value: UInt64 = 0
        var digits = 0, run = 0, groups = 0
        var q = p
        while q < e {
            let c = q.pointee
            if c &- 0x30 < 10 {
                guard digits < 18 else { return nil }
                value = value * 10 + UInt64(c &- 0x30)
                digits += 1
                run += 1
            } else if c == 0x2E {
                guard run >= 1 && (groups == 0 ? run <= 3 : run == 3) else { return nil }
                groups += 1
                run = 0
            } else {
                return nil
            }
            q += 1
        }
        guard groups > 0, run == 3 else { return nil }
        return Double(value)
    }
}
