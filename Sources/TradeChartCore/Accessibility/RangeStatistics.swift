/// The numbers that describe a range: its ends, change, extremes, trend and its
/// largest rise and fall. Computed in one go from a series and a slice.
package struct RangeStatistics: Sendable, Equatable {
    /// The slice the numbers are about.
    package var slice: RangeSlice
    /// Index of the lowest price (the earliest one when it occurs more than once).
    package var minIndex: Int
    /// Index of the highest price (the earliest one when it occurs more than once).
    package var maxIndex: Int
    /// The range's lowest price.
    package var minimum: Double
    /// The range's highest price.
    package var maximum: Double
    /// The reference price (the previous close, see `RangeSlice.reference`) to the last
    /// price: the change the header shows against the baseline.
    package var change: PriceMove
    /// The greatest rise from a low to a later high (maximum drawup); nil if prices never rise.
    package var largestRise: PriceMove?
    /// The greatest fall from a high to a later low (maximum drawdown); nil if prices never fall.
    package var largestFall: PriceMove?
    /// The least-squares line's change over the range as a fraction of the spread (see `Trend`).
    package var fittedChange: Double
    /// The trend in words.
    package var trend: Trend

    package init(series: PriceSeries, slice: RangeSlice) {
        precondition(slice.first >= 0 && slice.last < series.count && slice.first <= slice.last, "slice outside the series")
        let prices = series.prices
        let indices = slice.first...slice.last
        var low = slice.first
        var high = slice.first
        for i in indices {
            if prices[i] < prices[low] { low = i }
            if prices[i] > prices[high] { high = i }
        }
        self.slice = slice
        minIndex = low
        maxIndex = high
        minimum = prices[low]
        maximum = prices[high]
        change = PriceMove(from: slice.reference, to: slice.last,
                           startPrice: prices[slice.reference], endPrice: prices[slice.last])
        largestRise = PriceMove.largestRise(in: prices, indices)
        largestFall = PriceMove.largestFall(in: prices, indices)
        fittedChange = Trend.fittedChange(of: prices, indices)
        // Both measured without overflow (the spread of ±1.7e308 lies beyond Double's range).
        let spread = PriceDifference(from: minimum, to: maximum)
        // The trend is the shape drawn: the range's own first price to its last.
        let net = PriceDifference(from: prices[slice.first], to: prices[slice.last])
        trend = Trend(fittedChange: fittedChange, netChange: maximum > minimum ? net.divided(by: spread) : 0)
    }
}
