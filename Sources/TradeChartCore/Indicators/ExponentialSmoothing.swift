/// An exponential average fed one value at a time, as TA-Lib's EMA computes it:
/// k = 2 / (n + 1), seeded with the simple average of the first `bars` values, then
/// `value = (x - value) * k + value`. O(1) per value; the shared step of `ExponentialAverage`
/// and `MACD`.
struct ExponentialSmoothing: Sendable, Equatable {
    let bars: Int
    let k: Double
    private var seen = 0
    private var sum = 0.0
    /// The average after the values added so far; NaN before the `bars`-th value (a loop that
    /// takes the steps after the seeding, `isSeeded`, on its own sets it as `add` would).
    var value = Double.nan

    /// Whether the first `bars` values came: from then on `add` is `(x − value) × k + value`.
    var isSeeded: Bool { seen >= bars }

    init(bars: Int) {
        precondition(bars >= 1, "an average needs at least one bar")
        self.bars = bars
        k = 2 / Double(bars + 1)
    }

    /// Takes the next value and answers the average (NaN during the first `bars - 1` values).
    @inline(__always) mutating func add(_ x: Double) -> Double {
        if seen >= bars {
            value = (x - value) * k + value
        } else {
            sum += x
            seen += 1
            if seen == bars { value = sum / Double(bars) }
        }
        return value
    }
}
