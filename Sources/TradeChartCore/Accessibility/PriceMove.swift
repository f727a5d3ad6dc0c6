/// A move of the price from one point to a later one, such as the largest
/// rise (from a low to a later high) or the largest fall within a range.
package struct PriceMove: Sendable, Equatable {
    /// Series index where the move starts.
    package var from: Int
    /// Series index where the move ends (after `from`).
    package var to: Int
    /// Price at `from`.
    package var startPrice: Double
    /// Price at `to`.
    package var endPrice: Double

    package init(from: Int, to: Int, startPrice: Double, endPrice: Double) {
        self.from = from
        self.to = to
        self.startPrice = startPrice
        self.endPrice = endPrice
    }

    /// `endPrice - startPrice` (infinite when it lies beyond Double's range: `difference` has it).
    package var change: Double { endPrice - startPrice }

    /// The change, compared and divided without overflow.
    package var difference: PriceDifference { PriceDifference(from: startPrice, to: endPrice) }

    /// The change in percent of the start price; nil when the move starts at zero or below
    /// (a percent of a negative price means nothing). Measured without overflow.
    package var percent: Double? {
        startPrice > 0 ? difference.divided(by: PriceDifference(from: 0, to: startPrice)) * 100 : nil
    }

    /// The greatest increase from a point to a later, higher point in `prices[range]`
    /// (maximum drawup); nil when the prices never rise. Ties keep the earliest move.
    package static func largestRise(in prices: [Double], _ range: ClosedRange<Int>) -> PriceMove? {
        largest(in: prices, range, sign: 1)
    }

    /// The greatest decrease from a point to a later, lower point in `prices[range]`
    /// (maximum drawdown); nil when the prices never fall. Ties keep the earliest move.
    package static func largestFall(in prices: [Double], _ range: ClosedRange<Int>) -> PriceMove? {
        largest(in: prices, range, sign: -1)
    }

    /// One pass: keep the most extreme start so far (lowest for rises, highest for
    /// falls) and the best move to the current point.
    static func largest(in prices: [Double], _ range: ClosedRange<Int>, sign: Double) -> PriceMove? {
        var start = range.lowerBound
        var best: (from: Int, to: Int, size: PriceDifference)?
        for i in range {
            // The move's size (its change, or the change with the sign turned), compared without overflow.
            let size = sign > 0 ? PriceDifference(from: prices[start], to: prices[i])
                : PriceDifference(from: prices[i], to: prices[start])
            if size.value > 0 && (best.map { size > $0.size } ?? true) { best = (start, i, size) }
            if size.value < 0 { start = i }
        }
        return best.map { PriceMove(from: $0.from, to: $0.to, startPrice: prices[$0.from], endPrice: prices[$0.to]) }
    }
}
