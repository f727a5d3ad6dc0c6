import Glibc

/// Formats prices by significant digits, so 15,234.56 and 0.0001230 both read well:
/// at least two decimals, more for small prices, and as many as the file quotes its
/// prices with, up to seven significant digits (a EUR/USD rate 1.09670, a yen rate 151.234,
/// not 1.10 and 151.23); `,` thousands and `.` decimals.
/// Prices too small or too large for that (5e-324, 1.7e308) are written in scientific
/// notation with four significant digits, `4.941e-324`, `1.700e+308`.
package struct PriceFormatter: Sendable, Equatable {
    /// Digits after the decimal point.
    package var decimals: Int
    /// Significant digits in scientific notation; nil for plain decimals.
    package var significantDigits: Int?
    /// The decimals the prices are quoted with (`quotedDecimals`), kept so that the rows a
    /// followed file appends need only their own looked at.
    package private(set) var quoted = 0

    package init(decimals: Int) { self.decimals = min(max(decimals, 0), 12) }

    /// Scientific notation with `significantDigits` (1 to 17) significant digits.
    package init(significantDigits: Int) {
        self.init(decimals: 2)
        self.significantDigits = min(max(significantDigits, 1), 17)
    }

    /// Magnitudes from which plain decimals give way to scientific notation: below the
    /// smallest shows as 0.00…, above the largest takes more than twenty characters.
    package static let plainMagnitudes = (smallest: 1e-9, largest: 1e15)

    /// A formatter that shows prices of the size of `magnitude` (for example the
    /// range's largest absolute price) with at least four significant digits.
    package init(forPricesAround magnitude: Double) {
        let m = abs(magnitude)
        guard m.isFinite, m > 0 else { self.init(decimals: 2); return }
        if m < Self.plainMagnitudes.smallest || m >= Self.plainMagnitudes.largest {
            self.init(significantDigits: 4)
            return
        }
        guard m < 1 else { self.init(decimals: 2); return }
        // 0.5 -> 4 decimals, 0.000123 -> 7 decimals.
        var exponent = 0
        var v = m
        while v < 1 && exponent < 12 { v *= 10; exponent += 1 }
        self.init(decimals: exponent + 3)
    }

    /// A formatter for `prices`: whole numbers (a volume column, share counts) without
    /// decimals, others by the size of `magnitude` as `init(forPricesAround:)` does, with
    /// the decimals the newest prices are quoted with (`quotedDecimals`).
    package init<C: BidirectionalCollection>(forPrices prices: C, around magnitude: Double) where C.Element == Double {
        self.init(wholePrices: Self.allWhole(prices), around: magnitude, quoted: Self.quotedDecimals(prices))
    }

    /// The same, when whether every price is whole (`allWhole`) and the decimals they are
    /// quoted with (`quotedDecimals`) are known already.
    package init(wholePrices: Bool, around magnitude: Double, quoted: Int = 0) {
        if wholePrices {
            self.init(decimals: 0)
        } else {
            self.init(forPricesAround: magnitude)
            let m = abs(magnitude)
            if significantDigits == nil, quoted > decimals, m.isFinite, m > 0 {
                // Seven significant digits at most (eight below 1): 1.096699 and 151.234 in full, 0.05412345 too.
                let most = m < 1 ? decimals + 4 : 6 - Int(log10(m).rounded(.down))
                decimals = max(decimals, min(quoted, most))
            }
        }
        self.quoted = quoted
    }

    /// The samples `quotedDecimals` looks at: the newest prices tell how a file quotes them.
    package static let quotedSample = 1_000

    /// The most decimals any of the newest `quotedSample` prices has as written (a price
    /// read from `1.09670` has four, from `1.09671` five), up to nine; 0 when none has any.
    /// Each is the fewest decimals that give the price back to one part in ten million, as
    /// a 32-bit float holds it: Yahoo's `187.149994` is 187.15, two decimals.
    package static func quotedDecimals<C: BidirectionalCollection>(_ prices: C) -> Int where C.Element == Double {
        var most = 0
        for price in prices.suffix(quotedSample) {
            let p = abs(price)
            guard p.isFinite, p > 0, p < plainMagnitudes.largest else { continue }
            var d = most
            while d < 9 {
                let scaled = p * powersOfTen[d]
                if abs(scaled - scaled.rounded()) <= scaled * 1e-7 { break }
                d += 1
            }
            most = d
            if most == 9 { break }
        }
        return most
    }

    /// 10^0 to 10^9, each exact.
    private static let powersOfTen: [Double] = (0...9).map { pow(10, Double($0)) }

    /// Whether there are prices and every one is a whole number shown plainly (a volume
    /// column): then they show without decimals.
    package static func allWhole<C: Collection>(_ prices: C) -> Bool where C.Element == Double {
        !prices.isEmpty && prices.allSatisfy { $0 == $0.rounded() && abs($0) < plainMagnitudes.largest }
    }

    /// The formatter for round tick values `decimals` apart: plain decimals, at most two
    /// more than the prices have; scientific notation stays. Prices below 1, shown in
    /// their significant digits, keep them on the ticks too (`0.0000001400` beside
    /// `0.0000001200`, not `0.00000014`), so a column of labels reads in one precision.
    package func forTicks(decimals tickDecimals: Int) -> PriceFormatter {
        guard significantDigits == nil else { return self }
        let shown = min(tickDecimals, decimals + 2)
        return PriceFormatter(decimals: decimals > 2 ? max(decimals, shown) : shown)
    }

    /// This formatter for a price shown among labels of `ticks`: with their decimals when
    /// they have more (`1.0` among `1.5`, `2.0`), so a column of labels reads in one precision.
    package func alongside(_ ticks: PriceFormatter) -> PriceFormatter {
        significantDigits == nil && ticks.significantDigits == nil && ticks.decimals > decimals
            ? PriceFormatter(decimals: ticks.decimals) : self
    }

    /// The price as text, e.g. `15,234.56`, `-3.10`, `0.0001230`, `4.941e-324`.
    package func string(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : (value > 0 ? "∞" : "-∞") }
        if let significantDigits { return Self.scientific(value, digits: significantDigits) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9.0e18 else { return Self.scientific(value, digits: 4) }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        let whole = units / divisor
        let fraction = units % divisor
        // Written as bytes: the labels and the header are formatted at every look at a followed file.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(28 + decimals)
        if value < 0 && units != 0 { bytes.append(UInt8(ascii: "-")) }
        Self.appendGrouped(whole, to: &bytes)
        if decimals > 0 {
            bytes.append(UInt8(ascii: "."))
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: decimals))
            bytes.withUnsafeMutableBufferPointer { b in
                var rest = fraction, i = start + decimals - 1
                while rest > 0 && i >= start {
                    b[i] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                    i -= 1
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value with a leading `+` when not negative (for changes); a negative value
    /// keeps its `-` when it rounds to zero (`-0.00%`), so its sign agrees with its arrow.
    package func signed(_ value: Double) -> String {
        let text = string(value)
        return text.hasPrefix("-") ? text : (value < 0 ? "-" : "+") + text
    }

    /// The move's change (end price less start price), with a sign when `signed`, also
    /// where it lies beyond Double's range (from -1.7e308 to 1.7e308: `+3.400e+308`).
    package func change(_ move: PriceMove, signed: Bool = true) -> String {
        let difference = PriceDifference(from: move.startPrice, to: move.endPrice)
        guard difference.overflows else {
            return signed ? self.signed(difference.value) : string(abs(difference.value))
        }
        let half = difference.half
        let size = Self.scientific(abs(half), times: 2, digits: significantDigits ?? 4)
        return signed ? (half < 0 ? "-" : "+") + size : size
    }

    /// A percent change with two decimals and a sign, e.g. `+1.25%`.
    package static func percent(_ value: Double) -> String {
        PriceFormatter(decimals: 2).signed(value) + "%"
    }

    /// `value * factor` in scientific notation with `digits` significant digits,
    /// `-1.234e+56`; computed so that neither the product nor a power of ten overflows.
    static func scientific(_ value: Double, times factor: Double = 1, digits: Int) -> String {
        guard value.isFinite, value != 0 else { return value.isFinite ? "0" : PriceFormatter(decimals: 0).string(value) }
        var exponent = Clamp.int(floor(log10(abs(value))))
        // The mantissa: 10^exponent underflows below 1e-308, so denormals are lifted first.
        var mantissa = exponent < -300 ? abs(value) * 1e300 / pow(10, Double(exponent + 300))
            : abs(value) / pow(10, Double(exponent))
        mantissa *= abs(factor)
        while mantissa >= 10 { mantissa /= 10; exponent += 1 }
        while mantissa < 1 { mantissa *= 10; exponent -= 1 }
        let step = pow(10, Double(digits - 1))
        mantissa = (mantissa * step).rounded() / step
        if mantissa >= 10 { mantissa /= 10; exponent += 1 }
        let sign = (value < 0) != (factor < 0) ? "-" : ""
        return sign + PriceFormatter(decimals: digits - 1).string(mantissa) + "e" + (exponent < 0 ? "-" : "+")
            + String(abs(exponent))
    }

    static func grouped(_ n: UInt64) -> String {
        var bytes: [UInt8] = []
        appendGrouped(n, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `n`'s digits, grouped by thousands with commas, to `bytes`.
    static func appendGrouped(_ n: UInt64, to bytes: inout [UInt8]) {
        var digits = 1, high = n
        while high >= 10 {
            high /= 10
            digits += 1
        }
        let start = bytes.count, length = digits + (digits - 1) / 3
        bytes.append(contentsOf: repeatElement(UInt8(ascii: ","), count: length))
        // Filled from the right: three digits, then a comma is left standing.
        bytes.withUnsafeMutableBufferPointer { b in
            var rest = n, i = start + length - 1, count = 0
            repeat {
                if count > 0 && count % 3 == 0 { i -= 1 }
                b[i] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
                i -= 1
            } while rest > 0
        }
    }
}
