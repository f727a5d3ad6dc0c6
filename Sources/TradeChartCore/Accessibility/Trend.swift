/// The direction of a range in words: rising, falling or sideways.
///
/// The rule measures two changes against the range's spread (maximum − minimum):
/// - the fitted change: a straight line fitted to the prices by least squares
///   against the point index (trading time, as the chart draws it), from the
///   first point to the last; a straight ramp up gives 1, a V or a flat line 0;
/// - the net change: the last price minus the first.
/// The trend is **rising** when both are at least +1/4 of the spread, **falling**
/// when both are at most −1/4, and **sideways** otherwise (a V, an oscillation,
/// a climb that falls back to its start). Because both are measured against the
/// spread, the word matches the shape the chart shows (which also spans the
/// range's minimum to maximum), whatever the size of the moves.
package enum Trend: String, Sendable, Equatable, CaseIterable {
    case rising, falling, sideways

    /// The fraction of the spread both changes must reach for rising or falling.
    package static let threshold = 0.25

    /// Classifies a range by its fitted and net change, each as a fraction of the spread.
    package init(fittedChange: Double, netChange: Double) {
        if fittedChange >= Trend.threshold && netChange >= Trend.threshold {
            self = .rising
        } else if fittedChange <= -Trend.threshold && netChange <= -Trend.threshold {
            self = .falling
        } else {
            self = .sideways
        }
    }

    /// The least-squares line's change over `prices[range]` divided by their spread;
    /// 0 for a flat range or a single point. The prices are first scaled by a power of
    /// two (`PriceScale`), so sums of ±1.7e308 cannot overflow nor denormals vanish:
    /// the result is a ratio, the same at any scale.
    package static func fittedChange(of prices: [Double], _ range: ClosedRange<Int>) -> Double {
        let n = Double(range.count)
        guard range.count >= 2 else { return 0 }
        let slice = Array(prices[range])
        let values = PriceScale(for: slice).scaled(slice)
        let meanX = (n - 1) / 2
        var meanY = 0.0
        var low = values[0]
        var high = low
        for value in values {
            meanY += value
            low = min(low, value)
            high = max(high, value)
        }
        meanY /= n
        guard high > low else { return 0 }
        var sxy = 0.0
        var sxx = 0.0
        for (i, value) in values.enumerated() {
            let dx = Double(i) - meanX
            sxy += dx * (value - meanY)
            sxx += dx * dx
        }
        let fittedChange = sxy / sxx * (n - 1)
        return fittedChange / (high - low)
    }
}
