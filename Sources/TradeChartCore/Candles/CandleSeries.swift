/// The candles of a series: any run of bars merged exactly in about O(log N), so a
/// frame of candles costs the same for ten thousand bars as for ten million.
///
/// The rules for gaps (a row without an open, a high or a low): a candle opens at
/// its first bar's open, or that bar's close when it has none; its high is the
/// highest of its bars' highs and closes, its low the lowest of their lows and
/// closes (so a wick always reaches every known price of its bars, also where a file
/// has a close outside its own high..low); its volume is the sum of the volumes
/// given, nil when the file has no volume column.
public struct CandleSeries: Sendable {
    public let bars: BarColumns
    let highs: BlockIndex
    let lows: BlockIndex
    let volumes: BlockIndex?

    public init(bars: BarColumns) {
        self.bars = bars
        highs = BlockIndex(bars.high, kind: .maximum)
        lows = BlockIndex(bars.low, kind: .minimum)
        volumes = bars.volume.map { BlockIndex($0, kind: .sum) }
    }

    /// The candle of the bars `range`, whose closes are `closes` (the series' prices and their index).
    public func candle(_ range: ClosedRange<Int>, closes: MinMaxIndex) -> Candle {
        let closeSpan = closes.minMax(range)
        let firstOpen = bars.open[range.lowerBound]
        let open = firstOpen.isNaN ? closes.values[range.lowerBound] : firstOpen
        return Candle(first: range.lowerBound, last: range.upperBound, open: open,
                      high: max(highs.value(range), closeSpan.max, open),
                      low: min(lows.value(range), closeSpan.min, open),
                      close: closes.values[range.upperBound], volume: volumes?.value(range))
    }

    /// The candles of `groups` (see `CandleGrouping.groups`).
    public func candles(_ groups: [ClosedRange<Int>], closes: MinMaxIndex) -> [Candle] {
        groups.map { candle($0, closes: closes) }
    }
}
