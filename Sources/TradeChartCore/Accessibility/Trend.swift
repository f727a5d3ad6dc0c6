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
public enum Trend: String, Sendable, Equatable, CaseIterable {
    case rising, falling, sideways

    /// The fraction of the spread both changes must reach for rising or falling.
    public static let threshold = 0.25

    /// Classifies a range by its fitted and net change, each as a fraction of the spread.
    public init(fittedChange: Double, netChange: Double) {
        if fittedChange >= Trend.threshold && netChange >= Trend.threshold {
            self = .rising
        } else if fittedChange <= -Trend.threshold && netChange <= -Trend.threshold {
            self = .falling
        } else {
            self = .sideways
        }
    }

    /// The least-squares line's change over `prices[range]` divided by their spread;
    /// 0 for a flat range or a single point.
    public static func fittedChange(of prices: [Double], _ range: ClosedRange<Int>) -> Double {
        let n = Double(range.count)
        guard range.count >= 2 else { return 0 }
        let meanX = (n - 1) / 2
        var meanY = 0.0
        var low = prices[range.lowerBound]
        var high = low
        for i in range {
            meanY += prices[i]
            low = min(low, prices[i])
            high = max(high, prices[i])
        }
        meanY /= n
        guard high > low else { return 0 }
        var sxy = 0.0
        var sxx = 0.0
        for i in range {
            let dx = Double(i - range.lowerBound) - meanX
            sxy += dx * (prices[i] - meanY)
            sxx += dx * dx
        }
        let fittedChange = sxy / sxx * (n - 1)
        return fittedChange / (high - low)
    }
}
