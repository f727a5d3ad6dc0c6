/// The open, high, low and volume of each point beside a series' closes (SPEC
/// section 8), one value per point, NaN where a row left the value out (a gap, not
/// a bad row). A column the file does not have is nil.
public struct BarColumns: Sendable, Equatable {
    public var open: [Double]?
    public var high: [Double]?
    public var low: [Double]?
    public var volume: [Double]?
    /// The number of points.
    public internal(set) var count: Int

    public init(count: Int, open: [Double]?, high: [Double]?, low: [Double]?, volume: [Double]?) {
        precondition([open, high, low, volume].allSatisfy { ($0?.count ?? count) == count },
                     "the columns must have one value per point")
        self.count = count
        self.open = open
        self.high = high
        self.low = low
        self.volume = volume
    }

    /// Candles and OHLC bars can be drawn: the file has open, high and low.
    package var hasCandles: Bool { open != nil && high != nil && low != nil }

    /// These bars, then `more`: the columns these have, a column `more` lacks a gap.
    package func appending(_ more: BarColumns) -> BarColumns {
        func join(_ a: [Double]?, _ b: [Double]?) -> [Double]? {
            a.map { $0 + (b ?? [Double](repeating: .nan, count: more.count)) }
        }
        return BarColumns(count: count + more.count, open: join(open, more.open), high: join(high, more.high),
                          low: join(low, more.low), volume: join(volume, more.volume))
    }
}

/// Which columns of a file's header hold the open, high, low and volume, as the header
/// names them (nil: the file has none). Known from the header alone, so the viewer can
/// say what `c` or `v` would show before anything else is read.
public struct BarColumnNames: Sendable, Equatable {
    public var open: String?
    public var high: String?
    public var low: String?
    public var volume: String?

    public init(open: String? = nil, high: String? = nil, low: String? = nil, volume: String? = nil) {
        self.open = open
        self.high = high
        self.low = low
        self.volume = volume
    }

    /// Candles need an open, a high and a low column.
    package var hasCandles: Bool { open != nil && high != nil && low != nil }

    /// Whether the header has any of the four.
    public var isEmpty: Bool { open == nil && high == nil && low == nil && volume == nil }

    /// The columns candles need that the file lacks, as a person names them: `Open, High`.
    package var missingForCandles: [String] {
        [("Open", open), ("High", high), ("Low", low)].compactMap { $0.1 == nil ? $0.0 : nil }
    }
}
