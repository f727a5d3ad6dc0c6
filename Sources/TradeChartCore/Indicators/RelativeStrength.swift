/// RSI n of the closes (SPEC section 11), as TA-Lib defines it: the average gain and the
/// average loss of the close-to-close changes, each seeded with the simple average of the
/// first n and then smoothed by Wilder (`avg = (avg * (n - 1) + x) / n`);
/// RSI = 100 × gain / (gain + loss), and 0 where both are nil (below 1e-8, TA-Lib's rule).
/// The first n bars have none (NaN). Appended rows cost O(1) each (`extend`), bit for bit;
/// a whole series is written through an unsafe pointer (`DoubleColumn`).
public struct RelativeStrength: CloseIndicator, Equatable {
    public let bars: Int
    public private(set) var values: [Double] = []
    private var step: Step

    /// The averages and the close before, taking one close at a time.
    struct Step: Sendable, Equatable {
        var gains: Smoothing
        var losses: Smoothing
        var previous = Double.nan

        /// The RSI after `close`, bar `row` (NaN during the warm-up).
        @inline(__always) mutating func next(_ close: Double, row: Int) -> Double {
            defer { previous = close }
            guard row > 0 else { return .nan }
            let change = close - previous
            // The larger of each and zero: no branch on the change's sign, which a walk makes a coin toss.
            let gain = gains.add(Swift.max(change, 0))
            let loss = losses.add(Swift.max(-change, 0))
            return Self.index(gain: gain, loss: loss)
        }

        /// The RSI of the smoothed gain and loss: NaN during the warm-up, 0 where nothing moved.
        @inline(__always) static func index(gain: Double, loss: Double) -> Double {
            let sum = gain + loss
            // (`gain != gain`: NaN by a comparison, where `isNaN` tests the bits with two branches.)
            return gain != gain ? .nan : sum > -1e-8 && sum < 1e-8 ? 0 : 100 * (gain / sum)
        }
    }

    public init(bars: Int, closes: [Double]) {
        self.bars = bars
        step = Step(gains: Smoothing.wilder(bars: bars, paired: false), losses: Smoothing.wilder(bars: bars, paired: false))
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
        var step = step
        DoubleColumn.grow(&values, to: closes.count, summaries: &summaries) { rows, out in
            closes.withUnsafeBufferPointer { c in
                // The state in a local of the loop alone, so it stays in registers.
                var local = step
                for i in rows { out[i] = local.next(c[i], row: i) }
                step = local
            }
        }
        self.step = step
    }

    /// Takes the next close.
    public mutating func append(close: Double) {
        values.append(step.next(close, row: values.count))
    }

    /// The first bar that has a value.
    public var firstDefined: Int { bars }
}
