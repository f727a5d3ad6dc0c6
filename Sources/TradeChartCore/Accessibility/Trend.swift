/// The direction of a range in words: rising, falling or sideways.
///
/// The rule: fit a straight line to the range's prices by least squares against
/// the point index (trading time, as the chart draws it). The line's change from
/// the first to the last point, divided by the range's spread (maximum − minimum),
/// is the trend's strength; a straight ramp up has strength 1, a V or a flat line 0.
/// The trend is **rising** when the strength is at least 1/3 and the last price is
/// above the first, **falling** when the strength is at most −1/3 and the last price
/// is below the first, and **sideways** otherwise. Because it is measured against
/// the spread, the word matches the shape the chart shows (which also spans the
/// range's minimum to maximum), whatever the size of the moves.
public enum Trend: String, Sendable, Equatable, CaseIterable {
    case rising, falling, sideways

    /// The strength at or beyond which a range counts as rising or falling.
    public static let threshold = 1.0 / 3.0

    /// Classifies a range by its least-squares strength and its net change.
    public init(strength: Double, netChange: Double) {
        if strength >= Trend.threshold && netChange > 0 {
            self = .rising
        } else if strength <= -Trend.threshold && netChange < 0 {
            self = .falling
        } else {
            self = .sideways
        }
    }

    /// The least-squares line's change over `prices[range]` divided by their spread;
    /// 0 for a flat range or a single point.
    public static func strength(of prices: [Double], _ range: ClosedRange<Int>) -> Double {
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
