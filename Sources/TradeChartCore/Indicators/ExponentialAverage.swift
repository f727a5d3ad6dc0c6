/// EMA n of the closes (SPEC section 11), as TA-Lib defines it: k = 2 / (n + 1), the first
/// value (at bar n - 1) the simple average of the first n closes, then
/// `ema = (close - ema) * k + ema`. The first n - 1 bars have none (NaN). Rows appended to a
/// followed file extend it in O(1) each (`extend`), to the same values bit for bit; a whole
/// series is written through an unsafe pointer (`DoubleColumn`).
public struct ExponentialAverage: CloseIndicator, Equatable {
    public let bars: Int
    public private(set) var values: [Double] = []
    private var smoothing: Smoothing

    public init(bars: Int, closes: [Double]) {
        self.bars = bars
        smoothing = Smoothing.exponential(bars: bars, paired: true)
        extend(closes: closes)
    }

    public var count: Int { values.count }

    public mutating func extend(closes: [Double]) {
        var none: [BlockSummary]? = nil
        extend(closes: closes, summaries: &none)
    }

    /// Takes the closes appended since; made from no row with `summaries` non-nil, also
    /// summarizes each line in the same pass (in the order of the lines' columns), for the
    /// chart's min-max index (`DoubleColumn.grow(_:to:summaries:_:)`).
    package mutating func extend(closes: [Double], summaries: inout [BlockSummary]?) {
        var smoothing = smoothing
        DoubleColumn.grow(&values, to: closes.count, summaries: &summaries) { rows, out in
            closes.withUnsafeBufferPointer { c in
                // The state in a local of the loop alone, so it stays in registers.
                var local = smoothing
                for i in rows { out[i] = local.add(c[i]) }
                smoothing = local
            }
        }
        self.smoothing = smoothing
    }

    /// Takes the next close.
    public mutating func append(close: Double) {
        values.append(smoothing.add(close))
    }

    /// The first bar that has a value.
    public var firstDefined: Int { bars - 1 }
}
