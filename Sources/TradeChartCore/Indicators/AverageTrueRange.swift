/// ATR n of a candle file (SPEC section 11), as TA-Lib defines it: the true range of a bar
/// is the largest of high − low, |high − previous close| and |low − previous close| (from
/// the second bar on); the ATR is its Wilder average, seeded with the simple average of the
/// first n true ranges. The first n bars have none (NaN). Appended rows cost O(1) each
/// (`extend`), to the same values bit for bit.
public struct AverageTrueRange: CandleIndicator, Equatable {
    public let bars: Int
    public private(set) var values: [Double] = []
    private var smoothing: WilderSmoothing
    private var previousClose = Double.nan

    public init(bars: Int, high: [Double], low: [Double], close: [Double]) {
        self.bars = bars
        smoothing = WilderSmoothing(bars: bars)
        extend(high: high, low: low, close: close)
    }

    public var count: Int { values.count }

    public mutating func reserveCapacity(_ count: Int) {
        values.reserveCapacity(count)
    }

    /// Takes the next bar.
    public mutating func append(_ bar: HighLowClose) {
        defer { previousClose = bar.close }
        guard !values.isEmpty else { values.append(.nan); return }
        var range = bar.high - bar.low
        range = Swift.max(range, abs(previousClose - bar.high))
        range = Swift.max(range, abs(previousClose - bar.low))
        values.append(smoothing.add(range))
    }

    /// The first bar that has a value.
    public var firstDefined: Int { bars }
}
