/// Reads a price from the bytes of one CSV field, by hand and without allocating
/// in the common case.
///
/// Plain decimals (`-12084.30`) of up to 19 significant digits whose value and
/// scale are exactly representable take a fast path (an integer mantissa divided
/// by an exact power of ten, which IEEE division rounds correctly). Anything else
/// (thousands separators, decimal commas, exponents, long mantissas) is first
/// normalised to a plain ASCII decimal and then converted by the standard
/// library, which is correctly rounded and independent of the C locale.
///
/// Separator rules, for a field that uses both `.` and `,`: the one that comes
/// last is the decimal point and the other groups thousands. With one kind only:
/// several of them are thousands separators; a single `.` is a decimal point;
/// a single `,` is a decimal comma unless the file is comma-separated and it is
/// followed by exactly three digits (`"12,084"` = 12084 in a quoted field).
/// Group separators must be followed by exactly three digits.
enum DecimalParser {
    /// The result of reading one field.
    enum Outcome: Equatable, Sendable {
        case value(Double)
        /// `null`, empty, `NaN`, `-`, `n/a`: a missing price, not an error.
        case missing
        /// Text that is not a number.
        case notANumber
        /// A number too large for a Double (`1e400`), or `inf`.
        case notFinite
    }

    /// 10^k for k in 0...22, all exact in a Double.
    @inline(__always) static func exactPower(_ k: Int) -> Double {
        switch k {
        case 0: return 1e0
        case 1: return 1e1
        case 2: return 1e2
        case 3: return 1e3
        case 4: return 1e4
        case 5: return 1e5
        case 6: return 1e6
        case 7: return 1e7
        case 8: return 1e8
        case 9: return 1e9
        case 10: return 1e10
        case 11: return 1e11
        case 12: return 1e12
        case 13: return 1e13
        case 14: return 1e14
        case 15: return 1e15
        case 16: return 1e16
        case 17: return 1e17
        case 18: return 1e18
        case 19: return 1e19
        case 20: return 1e20
        case 21: return 1e21
        default: return 1e22
        }
    }

    /// Reads a number from `[start, end)`; spaces around it are ignored.
    /// `delimiter` is the file's field separator (it decides what a lone `,` means).
    @inline(__always)
    static func parse(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, delimiter: UInt8) -> Outcome {
        var p = start
        var e = end
        while p < e && (p.pointee == 0x20 || p.pointee == 0x09) { p += 1 }
        while e > p && (e[-1] == 0x20 || e[-1] == 0x09 || e[-1] == 0x0D) { e -= 1 }
        if let v = fastPath(p, e, delimiter: delimiter) { return .value(v) }
        return slowPath(p, e, delimiter: delimiter)
    }

    /// Digits with `.` and `,` as the separator rules above allow (`-12084.30`,
    /// `15.234,56`, `"12,084.30"`), up to 19 digits, whose value is exact, else nil
    /// (then `slowPath` decides). Never allocates: a German export reads as fast as
    /// a plain one, through the same `NumberScan`; `slowPath` is the reference it must
    /// agree with wherever it answers.
    @inline(__always)
    static func fastPath(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, delimiter: UInt8) -> Double? {
        if let v = pointDecimal(start, end) { return v }
        var scan = NumberScan()
        return exactValue(start, end, delimiter: delimiter, scan: &scan)
    }

    /// The commonest price, `76.055501`, read in two words: 8 to 16 bytes, no sign, one to
    /// seven digits, a `.`, one to eight digits; nil for anything else. The value is the one
    /// `exactValue` gives (the same mantissa over the same exact power of ten).
    @inline(__always)
    static func pointDecimal(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Double? {
        let count = end - start
        guard count >= 8 && count <= 16 else { return nil }
        let zeros: UInt64 = 0x3030_3030_3030_3030
        let head = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self) ^ zeros
        let headNotDigit = ((head &+ 0x7676_7676_7676_7676) | head) & 0x8080_8080_8080_8080
        // The point: the first byte that is not a digit, after at least one digit.
        let point = headNotDigit.trailingZeroBitCount >> 3
        guard point >= 1 && point < 8 && start[point] == 0x2E else { return nil }
        let fraction = count - point - 1
        guard fraction >= 1 && fraction <= 8 else { return nil }
        // The fraction's digits are the top `fraction` bytes of the word ending at the field's end.
        let tail = UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self) ^ zeros
        let kept: UInt64 = ~0 &<< UInt64((8 &- fraction) &* 8)
        guard ((tail &+ 0x7676_7676_7676_7676) | tail) & 0x8080_8080_8080_8080 & kept == 0 else { return nil }
        let whole = eightDigits(head &<< UInt64((8 &- point) &* 8))
        let mantissa = whole &* integerPower(fraction) &+ eightDigits(tail & kept)
        return Double(mantissa) / exactPower(fraction)
    }

    /// 10^k for k in 0...8.
    @inline(__always) static func integerPower(_ k: Int) -> UInt64 {
        switch k {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1000
        case 4: return 10_000
        case 5: return 100_000
        case 6: return 1_000_000
        case 7: return 10_000_000
        default: return 100_000_000
        }
    }

    /// The number written by eight digit values (0-9, the first in the lowest byte).
    @inline(__always) static func eightDigits(_ v: UInt64) -> UInt64 {
        var x = (v &* 10 &+ (v &>> 8)) & 0x00FF_00FF_00FF_00FF
        x = (x &* 100 &+ (x &>> 16)) & 0x0000_FFFF_0000_FFFF
        return (x &* 10_000 &+ (x &>> 32)) & 0xFFFF_FFFF
    }

    /// Everything the fast path refused: missing markers, separators, exponents, long digits.
    static func slowPath(_ p: UnsafePointer<UInt8>, _ e: UnsafePointer<UInt8>, delimiter: UInt8) -> Outcome {
        let count = e - p
        if count == 0 { return .missing }
        if isMissingMarker(p, count) { return .missing }
        if count > 400 { return .notANumber }
        var dots = 0, commas = 0, lastDot = -1, lastComma = -1
        for i in 0..<count {
            if p[i] == 0x2E { dots += 1; lastDot = i } else if p[i] == 0x2C { commas += 1; lastComma = i }
        }
        // Which byte is the decimal point (0 = none) and which groups thousands.
        var decimal: UInt8 = 0
        var group: UInt8 = 0
        if dots > 0 && commas > 0 {
            if lastDot > lastComma { decimal = 0x2E; group = 0x2C } else { decimal = 0x2C; group = 0x2E }
            if (decimal == 0x2E ? dots : commas) > 1 { return .notANumber }
        } else if dots > 0 {
            if dots == 1 { decimal = 0x2E } else { group = 0x2E }
        } else if commas > 0 {
            if commas > 1 {
                group = 0x2C
            } else {
                let after = count - lastComma - 1
                let threeDigitsFollow = after == 3 && isDigit(p[lastComma + 1]) && isDigit(p[lastComma + 2]) && isDigit(p[lastComma + 3])
                if delimiter == 0x2C && threeDigitsFollow { group = 0x2C } else { decimal = 0x2C }
            }
        }
        var text: [UInt8] = []
        text.reserveCapacity(count + 1)
        var i = 0
        if p[0] == 0x2D || p[0] == 0x2B { text.append(p[0]); i = 1 }
        var intDigits = 0
        var runSinceGroup = -1   // digits since the last group separator, -1 before any
        var inFraction = false
        var sawDigit = false
        var sawExponent = false
        while i < count {
            let c = p[i]
            if isDigit(c) {
                text.append(c)
                sawDigit = true
                if !inFraction && !sawExponent {
                    intDigits += 1
                    if runSinceGroup >= 0 { runSinceGroup += 1 }
                }
            } else if group != 0 && c == group && !inFraction && !sawExponent {
                if intDigits == 0 || (runSinceGroup >= 0 && runSinceGroup != 3) { return .notANumber }
                runSinceGroup = 0
            } else if decimal != 0 && c == decimal && !inFraction && !sawExponent {
                if runSinceGroup >= 0 && runSinceGroup != 3 { return .notANumber }
                runSinceGroup = -1
                inFraction = true
                text.append(0x2E)
            } else if (c == 0x65 || c == 0x45) && sawDigit && !sawExponent {
                if runSinceGroup >= 0 && runSinceGroup != 3 { return .notANumber }
                runSinceGroup = -1
                sawExponent = true
                text.append(0x65)
                if i + 1 < count && (p[i + 1] == 0x2D || p[i + 1] == 0x2B) { i += 1; text.append(p[i]) }
                guard i + 1 < count && isDigit(p[i + 1]) else { return .notANumber }
            } else {
                return isInfinityWord(p, count) ? .notFinite : .notANumber
            }
            i += 1
        }
        if runSinceGroup >= 0 && runSinceGroup != 3 { return .notANumber }
        guard sawDigit else { return .notANumber }
        guard let v = Double(String(decoding: text, as: UTF8.self)) else { return .notANumber }
        return v.isFinite ? .value(v) : .notFinite
    }

    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

    /// ASCII lower case of a letter, other bytes unchanged.
    @inline(__always) static func lower(_ c: UInt8) -> UInt8 { (c >= 0x41 && c <= 0x5A) ? c | 0x20 : c }

    static func equalsWord(_ p: UnsafePointer<UInt8>, _ count: Int, _ word: StaticString) -> Bool {
        guard count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for i in 0..<count where lower(p[i]) != w[i] { return false }
        return true
    }

    /// `null`, `nan`, `-`, `n/a`, `na`, `none`, `#n/a` in any case.
    static func isMissingMarker(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        if count == 1 { return p[0] == 0x2D || p[0] == 0x2E }
        return equalsWord(p, count, "null") || equalsWord(p, count, "nan") || equalsWord(p, count, "n/a")
            || equalsWord(p, count, "na") || equalsWord(p, count, "none") || equalsWord(p, count, "#n/a")
            || equalsWord(p, count, "-nan") || equalsWord(p, count, "+nan")
    }

    static func isInfinityWord(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var q = p, n = count
        if n > 0 && (q[0] == 0x2D || q[0] == 0x2B) { q += 1; n -= 1 }
        return equalsWord(q, n, "inf") || equalsWord(q, n, "infinity")
    }

    /// Scans `[start, end)` into `scan` and returns the price its digits and separators
    /// write, by the separator rules above, when it is exact; nil to leave it to
    /// `slowPath` (and `scan` empty when the scan refused the field).
    @inline(__always)
    static func exactValue(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, delimiter: UInt8,
                           scan: inout NumberScan) -> Double? {
        guard scan.read(start, end) else { return nil }
        let digits = scan.digits, mantissa = scan.mantissa, dots = scan.dots, commas = scan.commas
        guard digits > 0, digits <= 19, mantissa <= (1 << 53) else { return nil }
        var fraction = 0
        if dots | commas != 0 {
            // Which separator is the decimal point, and which groups thousands.
            var decimal: UInt64 = 0, group: UInt64 = 0
            if dots != 0 && commas != 0 {
                if dots.leadingZeroBitCount < commas.leadingZeroBitCount { decimal = dots; group = commas } else { decimal = commas; group = dots }
                guard decimal.nonzeroBitCount == 1 else { return nil }
            } else if dots != 0 {
                if dots.nonzeroBitCount == 1 { decimal = dots } else { group = dots }
            } else if commas.nonzeroBitCount > 1 {
                group = commas
            } else if delimiter == 0x2C && digits - commas.trailingZeroBitCount == 3 {
                group = commas
            } else {
                decimal = commas
            }
            let point = decimal == 0 ? digits : decimal.trailingZeroBitCount
            // Groups: after at least one digit, three digits apart, three digits before the point.
            if group != 0 && !NumberScan.groupsOfThree(group, first: 1...63, point: point) { return nil }
            fraction = digits - point
        }
        guard fraction <= 22 else { return nil }
        let v = Double(mantissa) / exactPower(fraction)
        return scan.sign == 0x2D ? -v : v
    }
}
