/// MACD fast, slow, signal of the closes (SPEC section 11), as TA-Lib defines it: the MACD
/// line is EMA(fast) − EMA(slow), the signal line the EMA(signal) of the MACD line, the
/// histogram MACD − signal. As in TA-Lib both averages start at bar slow - 1: the slow one
/// is seeded with the first `slow` closes, the fast one with the `fast` closes ending there.
/// All three have values from bar slow + signal - 2 on (NaN before). Appended rows cost
/// O(1) each (`extend`), to the same values bit for bit.
public struct MACD: CloseIndicator, Equatable {
    public let fast: Int
    public let slow: Int
    public let signal: Int
    public private(set) var line: [Double] = []
    public private(set) var signalLine: [Double] = []
    public private(set) var histogram: [Double] = []
    private var fastAverage: ExponentialSmoothing
    private var slowAverage: ExponentialSmoothing
    private var signalAverage: ExponentialSmoothing

    public init(fast: Int, slow: Int, signal: Int, closes: [Double]) {
        precondition(fast < slow, "the fast average must be shorter than the slow one")
        self.fast = fast
        self.slow = slow
        self.signal = signal
        fastAverage = ExponentialSmoothing(bars: fast)
        slowAverage = ExponentialSmoothing(bars: slow)
        signalAverage = ExponentialSmoothing(bars: signal)
        extend(closes: closes)
    }

    public var count: Int { line.count }

    public mutating func reserveCapacity(_ count: Int) {
        line.reserveCapacity(count)
        signalLine.reserveCapacity(count)
        histogram.reserveCapacity(count)
    }

    /// Takes the next close.
    public mutating func append(close: Double) {
        let bar = line.count
        let slowValue = slowAverage.add(close)
        let fastValue = bar >= slow - fast ? fastAverage.add(close) : .nan
        var values = (line: Double.nan, signal: Double.nan, histogram: Double.nan)
        if bar >= slow - 1 {
            let macd = fastValue - slowValue
            let signalValue = signalAverage.add(macd)
            if !signalValue.isNaN { values = (macd, signalValue, macd - signalValue) }
        }
        line.append(values.line)
        signalLine.append(values.signal)
        histogram.append(values.histogram)
    }

    /// The first bar that has a value.
    public var firstDefined: Int { slow + signal - 2 }
}
