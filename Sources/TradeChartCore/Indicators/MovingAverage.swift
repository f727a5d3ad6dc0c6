/// A simple moving average of the price over `bars` bars of the series, computed
/// once over the whole series in O(N), so a window's left edge shows the average of
/// the bars before it too. The value at bar `i` is the mean of bars `i - bars + 1
/// ... i`; the first `bars - 1` bars have none (NaN). Rows appended to a followed file
/// extend it in place (`extend`), to the same values.
///
/// The running sum is of `price / bars` (so prices near the largest Double never
/// overflow it) and is summed afresh every `bars` bars, so rounding errors cannot
/// pile up over millions of bars: each value is within a few ulps of the mean
/// summed directly.
public struct MovingAverage: Sendable, Equatable {
    public let bars: Int
    public private(set) var values: [Double]

    public init(bars: Int, prices: [Double]) {
        precondition(bars >= 1, "an average needs at least one bar")
        self.bars = bars
        // A sixteenth more room, as a followed file's columns have: its first rows grow the values in place.
        values = []
        values.reserveCapacity(prices.count + prices.count / 16)
        extend(prices: prices)
    }

    /// Extends the values to the prices appended since (`prices` holds every price), with
    /// exactly the sums a fresh average would have: the running sum is replayed from its
    /// last fresh start, at most `bars` bars back, so a followed row costs O(bars).
    package mutating func extend(prices: [Double]) {
        let first = values.count, n = prices.count
        guard n > first else { return }
        values.append(contentsOf: repeatElement(Double.nan, count: n - first))
        guard n >= bars else { return }
        let bars = self.bars
        let lastFresh = first > 0 ? (first - 1) / bars * bars : 0
        let start = lastFresh >= bars ? lastFresh : 0
        let scale = 1 / Double(bars)
        prices.withUnsafeBufferPointer { p in
            values.withUnsafeMutableBufferPointer { out in
                var sum = 0.0
                for i in start..<n {
                    if i % bars == 0 && i >= bars {
                        // Afresh: the window i - bars + 1 ... i.
                        sum = 0
                        for k in (i - bars + 1)...i { sum += p[k] * scale }
                    } else {
                        sum += p[i] * scale
                        if i >= bars { sum -= p[i - bars] * scale }
                    }
                    if i >= bars - 1 && i >= first { out[i] = sum }
                }
            }
        }
    }

    /// The first bar that has an average.
    package var firstDefined: Int { bars - 1 }
}
