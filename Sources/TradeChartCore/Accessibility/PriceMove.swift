/// A move of the price from one point to a later one, such as the largest
/// rise (from a low to a later high) or the largest fall within a range.
public struct PriceMove: Sendable, Equatable {
    /// Series index where the move starts.
    public var from: Int
    /// Series index where the move ends (after `from`).
    public var to: Int
    /// Price at `from`.
    public var startPrice: Double
    /// Price at `to`.
    public var endPrice: Double

    public init(from: Int, to: Int, startPrice: Double, endPrice: Double) {
        self.from = from
        self.to = to
        self.startPrice = startPrice
        self.endPrice = endPrice
    }

    /// `endPrice - startPrice`.
    public var change: Double { endPrice - startPrice }

    /// The change in percent of the start price; nil when the move starts at zero or below
    /// (a percent of a negative price means nothing).
    public var percent: Double? { startPrice > 0 ? change / startPrice * 100 : nil }

    /// The greatest increase from a point to a later, higher point in `prices[range]`
    /// (maximum drawup); nil when the prices never rise. Ties keep the earliest move.
    public static func largestRise(in prices: [Double], _ range: ClosedRange<Int>) -> PriceMove? {
        largest(in: prices, range, sign: 1)
    }

    /// The greatest decrease from a point to a later, lower point in `prices[range]`
    /// (maximum drawdown); nil when the prices never fall. Ties keep the earliest move.
    public static func largestFall(in prices: [Double], _ range: ClosedRange<Int>) -> PriceMove? {
        largest(in: prices, range, sign: -1)
    }

    /// One pass: keep the most extreme start so far (lowest for rises, highest for
    /// falls) and the best move to the current point.
    static func largest(in prices: [Double], _ range: ClosedRange<Int>, sign: Double) -> PriceMove? {
        var start = range.lowerBound
        var best: (from: Int, to: Int, size: Double)?
        for i in range {
            let size = (prices[i] - prices[start]) * sign
            if size > (best?.size ?? 0) { best = (start, i, size) }
            if size < 0 { start = i }
        }
        return best.map { PriceMove(from: $0.from, to: $0.to, startPrice: prices[$0.from], endPrice: prices[$0.to]) }
    }
}
