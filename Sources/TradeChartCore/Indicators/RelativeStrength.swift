/// RSI n of the closes (SPEC section 11), as TA-Lib defines it: the average gain and the
/// average loss of the close-to-close changes, each seeded with the simple average of the
/// first n and then smoothed by Wilder (`avg = (avg * (n - 1) + x) / n`);
/// RSI = 100 × gain / (gain + loss), and 0 where both are nil (below 1e-8, TA-Lib's rule).
/// The first n bars have none (NaN). Appended rows cost O(1) each (`extend`), bit for bit.
public struct RelativeStrength: CloseIndicator, Equatable {
    public let bars: Int
    public private(set) var values: [Double] = []
    private var gains: WilderSmoothing
    private var losses: WilderSmoothing
    private var previous = Double.nan

    public init(bars: Int, closes: [Double]) {
        self.bars = bars
        gains = WilderSmoothing(bars: bars)
        losses = WilderSmoothing(bars: bars)
        extend(closes: closes)
    }

    public var count: Int { values.count }

    public mutating func reserveCapacity(_ count: Int) {
        values.reserveCapacity(count)
    }

    /// Takes the next close.
    public mutating func append(close: Double) {
        defer { previous = close }
        guard !values.isEmpty else { values.append(.nan); return }
        let change = close - previous
        let gain = gains.add(change > 0 ? change : 0)
        let loss = losses.add(change < 0 ? -change : 0)
        guard !gain.isNaN else { values.append(.nan); return }
        let sum = gain + loss
        values.append(sum > -1e-8 && sum < 1e-8 ? 0 : 100 * (gain / sum))
    }

    /// The first bar that has a value.
    public var firstDefined: Int { bars }
}
