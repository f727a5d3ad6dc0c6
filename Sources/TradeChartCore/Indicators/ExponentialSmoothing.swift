/// An exponential average fed one value at a time, as TA-Lib's EMA defines it:
/// k = 2 / (n + 1), seeded with the simple average of the first `bars` values, then
/// `value = value * (1 - k) + x * k`. TA-Lib writes the step `(x - value) * k + value`:
/// the same average, rounded otherwise (within 1e-15 of it, the reference tests check to
/// 1e-9), whose chain from one value to the next is a subtraction, a multiplication and an
/// addition; here `x * k` is off that chain, which is a multiplication and an addition, so
/// a whole series' pass takes two thirds of the time. O(1) per value; the shared step of
/// `ExponentialAverage` and `MACD` (and of the chart's steps, which take it in loops of their own).
struct ExponentialSmoothing: Sendable, Equatable {
    let bars: Int
    let k: Double
    /// 1 - k: the share of the value before that each step keeps.
    let keep: Double
    private var seen = 0
    private var sum = 0.0
    /// The average after the values added so far; NaN before the `bars`-th value (a loop that
    /// takes the steps after the seeding, `isSeeded`, on its own sets it as `add` would).
    var value = Double.nan

    /// Whether the first `bars` values came: from then on `add` is `value × keep + x × k`.
    var isSeeded: Bool { seen >= bars }

    init(bars: Int) {
        precondition(bars >= 1, "an average needs at least one bar")
        self.bars = bars
        k = 2 / Double(bars + 1)
        keep = 1 - k
    }

    /// Takes the next value and answers the average (NaN during the first `bars - 1` values).
    @inline(__always) mutating func add(_ x: Double) -> Double {
        if seen >= bars {
            value = value * keep + x * k
        } else {
            sum += x
            seen += 1
            if seen == bars { value = sum / Double(bars) }
        }
        return value
    }
}
