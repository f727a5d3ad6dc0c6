/// ATR n of a candle file (SPEC section 11), as TA-Lib defines it: the true range of a bar
/// is the largest of high − low, |high − previous close| and |low − previous close| (from
/// the second bar on); the ATR is its Wilder average, seeded with the simple average of the
/// first n true ranges. The first n bars have none (NaN). Appended rows cost O(1) each
/// (`extend`), to the same values bit for bit; a whole series is written through an unsafe
/// pointer (`DoubleColumn`).
public struct AverageTrueRange: CandleIndicator, Equatable {
    public let bars: Int
    public private(set) var values: [Double] = []
    private var step: Step

    /// The average and the close before, taking one bar at a time.
    struct Step: Sendable, Equatable {
        var smoothing: Smoothing
        var previousClose = Double.nan

        /// The ATR after `bar`, bar number `row` (NaN during the warm-up).
        @inline(__always) mutating func next(_ bar: HighLowClose, row: Int) -> Double {
            defer { previousClose = bar.close }
            guard row > 0 else { return .nan }
            return smoothing.add(AverageTrueRange.trueRange(bar, after: previousClose))
        }
    }

    /// The true range of `bar` after the close `previousClose`: the largest of its high − low,
    /// |previous close − high| and |previous close − low|.
    @inline(__always) static func trueRange(_ bar: HighLowClose, after previousClose: Double) -> Double {
        var range = bar.high - bar.low
        range = Swift.max(range, abs(previousClose - bar.high))
        range = Swift.max(range, abs(previousClose - bar.low))
        return range
    }

    public init(bars: Int, high: [Double], low: [Double], close: [Double]) {
        self.bars = bars
        step = Step(smoothing: Smoothing.wilder(bars: bars, paired: true))
        extend(high: high, low: low, close: close)
    }

    public var count: Int { values.count }

    public mutating func extend(high: [Double], low: [Double], close: [Double]) {
        var none: [BlockSummary]? = nil
        extend(high: high, low: low, close: close, summaries: &none)
    }

    /// Takes the bars appended since; made from no row with `summaries` non-nil, also
    /// summarizes each line in the same pass (in the order of the lines' columns), for the
    /// chart's min-max index (`DoubleColumn.grow(_:to:summaries:_:)`).
    package mutating func extend(high: [Double], low: [Double], close: [Double], summaries: inout [BlockSummary]?) {
        var step = step
        DoubleColumn.grow(&values, to: close.count, summaries: &summaries) { rows, out in
            HighLowClose.reading(high: high, low: low, close: close) { columns in
                // The state in a local of the loop alone, so it stays in registers.
                var local = step
                for i in rows { out[i] = local.next(columns[i], row: i) }
                step = local
            }
        }
        self.step = step
    }

    /// Takes the next bar.
    public mutating func append(_ bar: HighLowClose) {
        values.append(step.next(bar, row: values.count))
    }

    /// The first bar that has a value.
    public var firstDefined: Int { bars }
}
