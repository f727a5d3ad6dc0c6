/// Wilder's smoothing fed one value at a time, as TA-Lib's RSI and ATR compute it: the
/// simple average of the first `bars` values, then `value = (value * (n - 1) + x) / n`, taken
/// as `value * keep + x * inverse` with keep = (n - 1) / n and inverse = 1 / n: the chain from
/// each value to the next is then a multiplication and an addition (TA-Lib's form has a
/// division on it, most of the step's time, or with 1 / n a multiplication more); the values
/// stay within 1e-9 of TA-Lib's, the reference tests check. O(1) per value; the shared step
/// of `RelativeStrength` and `AverageTrueRange` (and of the chart's steps, in loops of their own).
struct WilderSmoothing: Sendable, Equatable {
    let bars: Int
    /// 1 / n.
    let inverse: Double
    /// (n - 1) / n: the share of the value before that each step keeps.
    let keep: Double
    private var seen = 0
    /// The sum while seeding, the average from the `bars`-th value on (a loop that takes the
    /// steps after the seeding, `isSeeded`, on its own sets it as `add` would).
    var total = 0.0

    /// Whether the first `bars` values came: from then on `add` is `total × keep + x × inverse`.
    var isSeeded: Bool { seen >= bars }

    init(bars: Int) {
        precondition(bars >= 1, "a smoothing needs at least one bar")
        self.bars = bars
        inverse = 1 / Double(bars)
        keep = Double(bars - 1) * inverse
    }

    /// Takes the next value and answers the smoothed value (NaN during the first `bars - 1` values).
    @inline(__always) mutating func add(_ x: Double) -> Double {
        if seen >= bars {
            total = total * keep + x * inverse
            return total
        }
        total += x
        seen += 1
        guard seen == bars else { return .nan }
        total /= Double(bars)
        return total
    }
}
