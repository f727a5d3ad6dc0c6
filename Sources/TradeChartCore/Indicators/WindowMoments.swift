/// The mean and population variance of the last `bars` values, fed one value at a time.
///
/// Running sums of each value's distance from a shift (a value of the window), so the
/// variance is not the difference of two huge squares; the sums are taken afresh from
/// the window every `bars` values, so rounding errors cannot pile up over millions of rows.
/// Amortised O(1) per value (`bars` additions once every `bars` values). Bollinger bands
/// read both; the stochastic's %K and %D the mean alone.
struct WindowMoments: Sendable, Equatable {
    let bars: Int
    private var window: [Double]
    private var seen = 0
    /// The slot of the next value (`seen % bars`, kept without a division).
    private var slot = 0
    private var shift = 0.0
    private var sum = 0.0
    private var squares = 0.0

    init(bars: Int) {
        precondition(bars >= 1, "a window needs at least one bar")
        self.bars = bars
        window = [Double](repeating: 0, count: bars)
    }

    /// Takes the next value; answers the window's mean and variance, or nil while fewer than `bars` values came.
    @inline(__always) mutating func add(_ x: Double) -> (mean: Double, variance: Double)? {
        if seen == 0 { shift = x }
        if seen >= bars {
            let old = window[slot]
            window[slot] = x
            if slot == 0 {
                shift = x
                sum = 0
                squares = 0
                for v in window {
                    let d = v - shift
                    sum += d
                    squares += d * d
                }
            } else {
                let d = x - shift, e = old - shift
                sum += d - e
                squares += d * d - e * e
            }
        } else {
            window[slot] = x
            let d = x - shift
            sum += d
            squares += d * d
        }
        seen += 1
        slot = slot + 1 == bars ? 0 : slot + 1
        guard seen >= bars else { return nil }
        let n = Double(bars)
        let meanDistance = sum / n
        return (shift + meanDistance, max(0, squares / n - meanDistance * meanDistance))
    }
}
