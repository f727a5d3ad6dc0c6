/// Formats prices by significant digits, so 15,234.56 and 0.0001230 both read well:
/// at least two decimals, more for small prices, `,` thousands and `.` decimals.
public struct PriceFormatter: Sendable, Equatable {
    /// Digits after the decimal point.
    public var decimals: Int

    public init(decimals: Int) { self.decimals = min(max(decimals, 0), 12) }

    /// A formatter that shows prices of the size of `magnitude` (for example the
    /// range's largest absolute price) with at least four significant digits.
    public init(forPricesAround magnitude: Double) {
        let m = abs(magnitude)
        guard m.isFinite, m > 0, m < 1 else { self.init(decimals: 2); return }
        // 0.5 -> 4 decimals, 0.000123 -> 7 decimals.
        var exponent = 0
        var v = m
        while v < 1 && exponent < 12 { v *= 10; exponent += 1 }
        self.init(decimals: exponent + 3)
    }

    /// A formatter for `prices`: whole numbers (a volume column, share counts) without
    /// decimals, others by the size of `magnitude` as `init(forPricesAround:)` does.
    public init<C: Collection>(forPrices prices: C, around magnitude: Double) where C.Element == Double {
        if !prices.isEmpty, prices.allSatisfy({ $0 == $0.rounded() && abs($0) < 9e15 }) {
            self.init(decimals: 0)
        } else {
            self.init(forPricesAround: magnitude)
        }
    }

    /// The price as text, e.g. `15,234.56`, `-3.10`, `0.0001230`.
    public func string(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : (value > 0 ? "∞" : "-∞") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9.0e18 else { return value.description }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        let whole = units / divisor
        let fraction = units % divisor
        var text = PriceFormatter.grouped(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return (value < 0 && units != 0 ? "-" : "") + text
    }

    /// The value with a leading `+` when not negative (for changes).
    public func signed(_ value: Double) -> String {
        let text = string(value)
        return text.hasPrefix("-") ? text : "+" + text
    }

    /// A percent change with two decimals and a sign, e.g. `+1.25%`.
    public static func percent(_ value: Double) -> String {
        PriceFormatter(decimals: 2).signed(value) + "%"
    }

    static func grouped(_ n: UInt64) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return out
    }
}
