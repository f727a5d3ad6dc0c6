/// The slow stochastic %K n, k, d of a candle file (SPEC section 11), as TA-Lib's STOCH with
/// simple averages: the fast %K is where the close lies between the lowest low and the
/// highest high of the last n bars, 100 × (close − lowest) / (highest − lowest) (0 when they
/// are equal); %K is its simple average over k bars and %D that of %K over d bars. Both
/// have values from bar n + k + d - 3 on (NaN before), as TA-Lib gives them. Appended rows
/// cost amortised O(1) each (`extend`), to the same values bit for bit.
public struct Stochastic: CandleIndicator, Equatable {
    public let bars: Int
    public let kBars: Int
    public let dBars: Int
    public private(set) var k: [Double] = []
    public private(set) var d: [Double] = []
    private var highest: WindowExtreme
    private var lowest: WindowExtreme
    private var kMean: WindowMoments
    private var dMean: WindowMoments

    public init(bars: Int, kBars: Int, dBars: Int, high: [Double], low: [Double], close: [Double]) {
        self.bars = bars
        self.kBars = kBars
        self.dBars = dBars
        highest = WindowExtreme(bars: bars, highest: true)
        lowest = WindowExtreme(bars: bars, highest: false)
        kMean = WindowMoments(bars: kBars)
        dMean = WindowMoments(bars: dBars)
        extend(high: high, low: low, close: close)
    }

    public var count: Int { k.count }

    public mutating func reserveCapacity(_ count: Int) {
        k.reserveCapacity(count)
        d.reserveCapacity(count)
    }

    /// Takes the next bar.
    public mutating func append(_ bar: HighLowClose) {
        let row = k.count
        let top = highest.add(bar.high), bottom = lowest.add(bar.low)
        var slowK = Double.nan, slowD = Double.nan
        if row >= bars - 1 {
            let range = (top - bottom) / 100
            slowK = kMean.add(range != 0 ? (bar.close - bottom) / range : 0)?.mean ?? .nan
            if !slowK.isNaN { slowD = dMean.add(slowK)?.mean ?? .nan }
        }
        let shown = !slowD.isNaN
        k.append(shown ? slowK : .nan)
        d.append(shown ? slowD : .nan)
    }

    /// The first bar that has a value.
    public var firstDefined: Int { bars + kBars + dBars - 3 }
}
