/// The high, low and close of one bar as the candle indicators (stochastic, ATR, VWAP) read
/// them: a high or low the row left out (NaN, a gap) is taken as the close, so one gap
/// does not blank an indicator smoothed over everything after it.
public struct HighLowClose: Sendable, Equatable {
    public var high: Double
    public var low: Double
    public var close: Double

    public init(high: Double, low: Double, close: Double) {
        self.high = high.isNaN ? close : high
        self.low = low.isNaN ? close : low
        self.close = close
    }

    /// Bar `i` of the three columns.
    @inline(__always) static func at(_ i: Int, high: [Double], low: [Double], close: [Double]) -> HighLowClose {
        HighLowClose(high: high[i], low: low[i], close: close[i])
    }
}
