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
            return NumberScan(p, e - 1)?.scaled(exponent: exponent) ?? .nan
        }
        var scan = NumberScan()
        let exact = DecimalParser.exactValue(p, e, delimiter: delimiter, scan: &scan)
        if delimiter != 0x2C, let grouped = scan.dotGrouped { return grouped }
        if let exact { return exact }
        if case .value(let v) = DecimalParser.slowPath(p, e, delimiter: delimiter) { return v }
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
}

extension NumberScan {
    /// Digits with at most one `.` or `,` as the decimal point (no `+`, at most 18 digits),
    /// times 10^exponent: exact while the result is an integer below 2^53.
    func scaled(exponent: Int) -> Double? {
        guard sign != 0x2B, digits > 0, digits <= 18, (dots | commas).nonzeroBitCount <= 1 else { return nil }
        let fraction = dots | commas == 0 ? 0 : digits - (dots | commas).trailingZeroBitCount
        let v = exponent >= fraction ? Double(mantissa) * DecimalParser.exactPower(exponent - fraction)
            : Double(mantissa) / DecimalParser.exactPower(fraction - exponent)
        return sign == 0x2D ? -v : v
    }

    /// `762.695`, `168.501.872`: digits in groups of three after the first (one to three
    /// digits), joined by dots, without a sign; at most 18 digits.
    var dotGrouped: Double? {
        guard sign == 0, commas == 0, dots != 0, digits <= 18,
              Self.groupsOfThree(dots, first: 1...3, point: digits) else { return nil }
        return Double(mantissa)
    }
}
