import Glibc

/// Bollinger bands n, m of the closes (SPEC section 11), as TA-Lib's BBANDS with a simple
/// average: the middle line is the simple average of the last n closes, the bands that
/// ± m population standard deviations of the same closes. The first n - 1 bars have none
/// (NaN). Appended rows cost amortised O(1) each (`extend`), to the same values bit for bit.
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

    public mutating func reserveCapacity(_ count: Int) {
        middle.reserveCapacity(count)
        upper.reserveCapacity(count)
        lower.reserveCapacity(count)
    }

    /// Takes the next close.
    public mutating func append(close: Double) {
        guard let (mean, variance) = moments.add(close) else {
            middle.append(.nan)
            upper.append(.nan)
            lower.append(.nan)
            return
        }
        let width = deviations * sqrt(variance)
        middle.append(mean)
        upper.append(mean + width)
        lower.append(mean - width)
    }

    /// The first bar that has a value.
    public var firstDefined: Int { bars - 1 }
}
