/// MACD fast, slow, signal of the closes (SPEC section 11), as TA-Lib defines it: the MACD
/// line is EMA(fast) − EMA(slow), the signal line the EMA(signal) of the MACD line, the
/// histogram MACD − signal. As in TA-Lib both averages start at bar slow - 1: the slow one
/// is seeded with the first `slow` closes, the fast one with the `fast` closes ending there.
/// All three have values from bar slow + signal - 2 on (NaN before). Appended rows cost
/// O(1) each (`extend`), to the same values bit for bit; a whole series is written through
/// unsafe pointers (`DoubleColumn`).
public struct MACD: CloseIndicator, Equatable {
    public let fast: Int
    public let slow: Int
    public let signal: Int
    public private(set) var line: [Double] = []
    public private(set) var signalLine: [Double] = []
    public private(set) var histogram: [Double] = []
    private var step: Step

    /// The three averages, taking one close at a time.
    struct Step: Sendable, Equatable {
        var fastAverage: Smoothing
        var slowAverage: Smoothing
        var signalAverage: Smoothing

        /// The line, signal and histogram after `close`, bar `row` (NaN before the first value).
        @inline(__always) mutating func next(_ close: Double, row: Int) -> (Double, Double, Double) {
            let slow = slowAverage.bars, fast = fastAverage.bars
            let slowValue = slowAverage.add(close)
            let fastValue = row >= slow - fast ? fastAverage.add(close) : .nan
            guard row >= slow - 1 else { return (.nan, .nan, .nan) }
            let macd = fastValue - slowValue
            let signalValue = signalAverage.add(macd)
            guard !signalValue.isNaN else { return (.nan, .nan, .nan) }
            return (macd, signalValue, macd - signalValue)
        }
    }

    public init(fast: Int, slow: Int, signal: Int, closes: [Double]) {
        precondition(fast < slow, "the fast average must be shorter than the slow one")
        self.fast = fast
        self.slow = slow
        self.signal = signal
        step = Step(fastAverage: Smoothing.exponential(bars: fast, paired: false),
                    slowAverage: Smoothing.exponential(bars: slow, paired: false),
                    signalAverage: Smoothing.exponential(bars: signal, paired: false))
        extend(closes: closes)
    }

    public var count: Int { line.count }

    public mutating func extend(closes: [Double]) {
        var none: [BlockSummary]? = nil
        extend(closes: closes, summaries: &none)
    }

    /// Takes the closes appended since; made from no row with `summaries` non-nil, also
    /// summarizes each line in the same pass (in the order of the lines' columns), for the
    /// chart's min-max index (`DoubleColumn.grow(_:to:summaries:_:)`).
    package mutating func extend(closes: [Double], summaries: inout [BlockSummary]?) {
        var step = step
        DoubleColumn.grow(&line, &signalLine, &histogram, to: closes.count, summaries: &summaries) { rows, l, s, h in
            closes.withUnsafeBufferPointer { c in
                // The state in a local of the loop alone, so it stays in registers.
                var local = step
                for i in rows { (l[i], s[i], h[i]) = local.next(c[i], row: i) }
                step = local
            }
        }
        self.step = step
    }

    /// Takes the next close.
    public mutating func append(close: Double) {
        let (l, s, h) = step.next(close, row: line.count)
        line.append(l)
        signalLine.append(s)
        histogram.append(h)
    }

    /// The first bar that has a value.
    public var firstDefined: Int { slow + signal - 2 }
}
