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
    /// The highest price of any run of bars, over the columns the file has: open,
    /// high, low (each when present) and the closes, last. It owns those columns.
    var tops: BlockIndex
    /// The lowest, over the same columns (shared with `tops`, not copied).
    var bottoms: BlockIndex
    /// The summed volume, when the file has a volume column.
    var volumes: BlockIndex?
    /// Which of open, high and low the file has (the columns of `tops` before the closes).
    let has: (open: Bool, high: Bool, low: Bool)

    public init(bars: BarColumns, closes: [Double]) {
        precondition(bars.count == closes.count, "one bar a close")
        has = (bars.open != nil, bars.high != nil, bars.low != nil)
        let prices = [bars.open, bars.high, bars.low, closes].compactMap { $0 }
        tops = BlockIndex(columns: prices, kind: .maximum)
        bottoms = BlockIndex(columns: prices, kind: .minimum)
        volumes = bars.volume.map { BlockIndex($0, kind: .sum) }
    }

    /// The open, high, low and volume of each bar (the columns themselves, not copies).
    public var bars: BarColumns {
        var k = 0
        func next(_ present: Bool) -> [Double]? {
            guard present else { return nil }
            defer { k += 1 }
            return tops.columns[k]
        }
        let open = next(has.open), high = next(has.high), low = next(has.low)
        return BarColumns(count: count, open: open, high: high, low: low, volume: volumes?.columns[0])
    }

    /// The opens, when the file has them: the first of `tops`' columns (see `bars`).
    private var opens: [Double]? { has.open ? tops.columns[0] : nil }

    /// The closes (the series' prices).
    public var closes: [Double] { tops.columns[tops.columns.count - 1] }

    /// Lets go of the closes, which are the series' prices, so the series can grow
    /// them in place (a copy of ten million prices otherwise); `append` takes them back.
    package mutating func releaseCloses() {
        tops.release(tops.columns.count - 1)
        bottoms.releaseAll()
    }

    /// Bars appended to the series (rows arriving in a followed file): `new` holds their
    /// open, high, low and volume (a column it lacks is a gap), `closes` the series'
    /// prices as they are now, after `releaseCloses`. The columns grow in place and the
    /// indices only at their end, so a row costs O(log N).
    public mutating func append(_ new: BarColumns, closes: [Double]) {
        let added = new.count
        func column(_ values: [Double]?) -> [Double] { values ?? [Double](repeating: .nan, count: added) }
        var values: [[Double]] = []
        if has.open { values.append(column(new.open)) }
        if has.high { values.append(column(new.high)) }
        if has.low { values.append(column(new.low)) }
        values.append(closes)
        tops.append(values)
        bottoms.adopt(tops.columns)
        volumes?.append([column(new.volume)])
        precondition(count == closes.count && volumes.map { $0.count == count } != false, "one bar a close")
    }

    /// The number of bars.
    public var count: Int { closes.count }

    /// The candle of the bars `range`.
    public func candle(_ range: ClosedRange<Int>) -> Candle {
        let first = range.lowerBound, closes = closes
        let open: Double
        if let opens {
            open = opens[first].isNaN ? closes[first] : opens[first]
        } else {
            open = closes[first > 0 ? first - 1 : first]
        }
        return Candle(first: first, last: range.upperBound, open: open,
                      high: max(tops.value(range), open), low: min(bottoms.value(range), open),
                      close: closes[range.upperBound], volume: volume(range))
    }

    /// The summed volume of the bars `range`, as their candle has it (nil when the file has
    /// no volume column or every bar left it out), without the rest of the candle.
    public func volume(_ range: ClosedRange<Int>) -> Double? {
        volumes.map { $0.value(range) }.flatMap { $0.isNaN ? nil : $0 }
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
