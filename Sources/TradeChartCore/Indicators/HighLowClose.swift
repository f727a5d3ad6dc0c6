/// The high, low and close of one bar as the candle indicators (stochastic, ATR, VWAP) read
/// them: a high or low the row left out (NaN, a gap) is taken as the close, so one gap
/// does not blank an indicator smoothed over everything after it. The chart's C kernels read
/// them the same way (`tc_or_close` of CKernels).
public struct HighLowClose: Sendable, Equatable {
    public var high: Double
    public var low: Double
    public var close: Double

    @inline(__always) public init(high: Double, low: Double, close: Double) {
        // (`x != x`: a NaN found by a comparison a loop can select on, where `isNaN` tests the
        // bits with two branches.)
        self.high = high != high ? close : high
        self.low = low != low ? close : low
        self.close = close
    }

    /// The three columns of a whole series read through unsafe views, a bar at a time.
    struct Columns {
        let high: UnsafeBufferPointer<Double>
        let low: UnsafeBufferPointer<Double>
        let close: UnsafeBufferPointer<Double>

        /// Bar `i`.
        @inline(__always) subscript(_ i: Int) -> HighLowClose {
            HighLowClose(high: high[i], low: low[i], close: close[i])
        }
    }

    /// Lets `body` read the bars of the three columns (the high and low at least as long as the close).
    @inline(__always) static func reading<R>(high: [Double], low: [Double], close: [Double],
                                             _ body: (Columns) -> R) -> R {
        precondition(high.count >= close.count && low.count >= close.count, "a high and a low for every close")
        return high.withUnsafeBufferPointer { h in
            low.withUnsafeBufferPointer { l in
                close.withUnsafeBufferPointer { c in body(Columns(high: h, low: l, close: c)) }
            }
        }
    }
}
