/// Bollinger bands n, m of the closes (SPEC section 11), as TA-Lib's BBANDS with a simple
/// average: the middle line is the simple average of the last n closes, the bands that
/// ± m population standard deviations of the same closes. The first n - 1 bars have none
/// (NaN). Appended rows cost amortised O(1) each (`extend`), to the same values bit for bit;
/// a whole series is written through unsafe pointers (`DoubleColumn`).
public struct BollingerBands: CloseIndicator, Equatable {
    public let bars: Int
    /// How many standard deviations the bands lie from the middle.
    public let deviations: Double
    public private(set) var middle: [Double] = []
    public private(set) var upper: [Double] = []
    public private(set) var lower: [Double] = []
    private var moments: WindowMoments

    public init(bars: Int, deviations: Double, closes: [Double]) {
        self.bars = bars
        self.deviations = deviations
        moments = WindowMoments(bars: bars)
        extend(closes: closes)
    }

    public var count: Int { middle.count }

    public mutating func extend(closes: [Double]) {
        var none: [BlockSummary]? = nil
        extend(closes: closes, summaries: &none)
    }

    /// Takes the closes appended since; made from no row with `summaries` non-nil, also
    /// summarizes each line in the same pass (in the order of the lines' columns), for the
    /// chart's min-max index (`DoubleColumn.grow(_:to:summaries:_:)`).
    package mutating func extend(closes: [Double], summaries: inout [BlockSummary]?) {
        let deviations = deviations
        moments.feeding { feed in
            DoubleColumn.grow(&middle, &upper, &lower, to: closes.count, summaries: &summaries) { rows, m, u, l in
                closes.withUnsafeBufferPointer { c in
                    // The state in a local of the loop alone, so it stays in registers.
                    var local = feed
                    for i in rows { (m[i], u[i], l[i]) = Self.bands(&local, c[i], deviations: deviations) }
                    feed = local
                }
            }
        }
    }

    /// Takes the next close.
    public mutating func append(close: Double) {
        let deviations = deviations
        let (m, u, l) = moments.feeding { Self.bands(&$0, close, deviations: deviations) }
        middle.append(m)
        upper.append(u)
        lower.append(l)
    }

    /// The middle line and the bands after `close` (NaN during the warm-up).
    @inline(__always) static func bands(_ feed: inout WindowMoments.Feed, _ close: Double,
                                                deviations: Double) -> (Double, Double, Double) {
        guard let (mean, variance) = feed.add(close) else { return (.nan, .nan, .nan) }
        return bands(mean: mean, variance: variance, deviations: deviations)
    }

    /// The middle line and the bands of a window's mean and variance.
    @inline(__always) static func bands(mean: Double, variance: Double, deviations: Double) -> (Double, Double, Double) {
        let width = deviations * variance.squareRoot()
        return (mean, mean + width, mean - width)
    }

    /// The first bar that has a value.
    public var firstDefined: Int { bars - 1 }
}
