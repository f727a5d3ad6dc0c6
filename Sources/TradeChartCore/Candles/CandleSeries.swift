/// The candles of a series: any run of bars merged exactly in about O(log N), so a
/// frame of candles costs the same for ten thousand bars as for ten million.
///
/// The rules, gaps included (a row without an open, a high, a low or a volume):
/// - a candle opens at its first bar's open, or at that bar's close when the row has
///   none; in a file without an open column (volume only) at the close before it, so
///   its colour says whether the close rose;
/// - it closes at its last bar's close;
/// - its high is the highest of every known price of its bars (open, high, low and
///   close), its low the lowest: a wick always reaches every price the file gives,
///   also where a row's close lies outside its high..low or its high and low are
///   swapped (ariva's rows of 2001 to 2003);
/// - its volume is the sum of the volumes given; nil when the file has no volume
///   column or every bar of the candle left it out.
public struct CandleSeries: Sendable {
    public let bars: BarColumns
    /// The closes (the series' prices).
    public let closes: [Double]
    let tops: BlockIndex
    let bottoms: BlockIndex
    let volumes: BlockIndex?

    public init(bars: BarColumns, closes: [Double]) {
        precondition(bars.count == closes.count, "one bar a close")
        self.bars = bars
        self.closes = closes
        let prices = [bars.open, bars.high, bars.low, closes].compactMap { $0 }
        tops = BlockIndex(columns: prices, kind: .maximum)
        bottoms = BlockIndex(columns: prices, kind: .minimum)
        volumes = bars.volume.map { BlockIndex($0, kind: .sum) }
    }

    /// The number of bars.
    public var count: Int { closes.count }

    /// The candle of the bars `range`.
    public func candle(_ range: ClosedRange<Int>) -> Candle {
        let first = range.lowerBound
        let open: Double
        if let opens = bars.open {
            open = opens[first].isNaN ? closes[first] : opens[first]
        } else {
            open = closes[first > 0 ? first - 1 : first]
        }
        let volume = volumes.map { $0.value(range) }.flatMap { $0.isNaN ? nil : $0 }
        return Candle(first: first, last: range.upperBound, open: open,
                      high: max(tops.value(range), open), low: min(bottoms.value(range), open),
                      close: closes[range.upperBound], volume: volume)
    }

    /// The candles of `groups` (see `CandleGrouping.groups`).
    public func candles(_ groups: [ClosedRange<Int>]) -> [Candle] {
        groups.map(candle)
    }

    /// The highest high and the lowest low of the bars `range` (what a chart of candles must show).
    public func span(_ range: ClosedRange<Int>) -> (low: Double, high: Double) {
        (bottoms.value(range), tops.value(range))
    }
}
