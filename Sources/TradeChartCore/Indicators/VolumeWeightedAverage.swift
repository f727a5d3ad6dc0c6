/// VWAP of an intraday file with volume (SPEC section 11): the sum of typical price
/// ((high + low + close) / 3) × volume over the session so far, divided by the session's
/// volume; it starts afresh at each session, a calendar day of the file's own clock (the
/// exchange's local time). NaN until the session has traded volume. Appended rows cost
/// O(1) each (`extend`), to the same values bit for bit.
public struct VolumeWeightedAverage: Sendable, Equatable {
    /// Why a file has no VWAP.
    public enum Refusal: Error, Sendable, Equatable {
        /// Daily (or longer) bars: a session is one bar, so VWAP would be its typical price.
        case needsIntradayBars
        /// The file has no volume column, or only zero volumes.
        case noVolume
    }

    public private(set) var values: [Double] = []
    private var step = Step()

    /// The session's sums, taking one bar at a time.
    struct Step: Sendable, Equatable {
        var session = Int64.min
        var priceVolume = 0.0
        var volume = 0.0

        /// The VWAP after `bar` at `time` (a volume left out counts as none).
        @inline(__always) mutating func next(time: Int64, _ bar: HighLowClose, volume barVolume: Double) -> Double {
            next(day: LocalTime.dayNumber(time), bar, volume: barVolume)
        }

        /// The VWAP after `bar` on day `day` (`LocalTime.dayNumber` of its time).
        @inline(__always) mutating func next(day: Int64, _ bar: HighLowClose, volume barVolume: Double) -> Double {
            add(day: day, bar, volume: barVolume)
            return Self.value(priceVolume: priceVolume, volume: volume)
        }

        /// Takes `bar` on day `day` into the session's sums (`next` without the division).
        /// The typical price is the bar's sum times a third: a multiplication instead of a
        /// division a bar (within 1e-15 of dividing by 3; the reference tests check to 1e-9).
        @inline(__always) mutating func add(day: Int64, _ bar: HighLowClose, volume barVolume: Double) {
            if day != session {
                session = day
                priceVolume = 0
                volume = 0
            }
            if barVolume > 0 {
                priceVolume += (bar.high + bar.low + bar.close) * Self.third * barVolume
                volume += barVolume
            }
        }

        /// The VWAP of a session's sums: NaN until it traded volume (the chart's pass works the
        /// same quotients out four at a time, `tc_vwap_values`).
        @inline(__always) static func value(priceVolume: Double, volume: Double) -> Double {
            volume > 0 ? priceVolume / volume : .nan
        }

        /// One third, rounded once.
        static let third = 1.0 / 3.0
    }

    /// The VWAP of a series, or why it has none: the volume is the series' bar column, the
    /// high and low default to the close where the file has none.
    public init(times: [Int64], hasTimeOfDay: Bool, high: [Double]?, low: [Double]?, close: [Double],
                volume: [Double]?) throws(Refusal) {
        var none: [BlockSummary]? = nil
        try self.init(times: times, hasTimeOfDay: hasTimeOfDay, high: high, low: low, close: close, volume: volume,
                      summaries: &none)
    }

    /// The VWAP of a series, its line summarized in the same pass where `summaries` is non-nil.
    package init(times: [Int64], hasTimeOfDay: Bool, high: [Double]?, low: [Double]?, close: [Double],
                 volume: [Double]?, summaries: inout [BlockSummary]?) throws(Refusal) {
        guard hasTimeOfDay else { throw .needsIntradayBars }
        guard let volume, volume.contains(where: { $0 > 0 }) else { throw .noVolume }
        extend(times: times, high: high ?? close, low: low ?? close, close: close, volume: volume, summaries: &summaries)
    }

    /// Takes the bars appended since (the columns hold every bar), written through an unsafe
    /// pointer (`DoubleColumn`).
    public mutating func extend(times: [Int64], high: [Double], low: [Double], close: [Double], volume: [Double]) {
        var none: [BlockSummary]? = nil
        extend(times: times, high: high, low: low, close: close, volume: volume, summaries: &none)
    }

    /// Takes the bars appended since; made from no row with `summaries` non-nil, also
    /// summarizes the line in the same pass, for the chart's min-max index
    /// (`DoubleColumn.grow(_:to:summaries:_:)`).
    package mutating func extend(times: [Int64], high: [Double], low: [Double], close: [Double], volume: [Double],
                                 summaries: inout [BlockSummary]?) {
        precondition(times.count >= close.count && volume.count >= close.count, "a time and a volume for every close")
        var step = step
        DoubleColumn.grow(&values, to: close.count, summaries: &summaries) { rows, out in
            HighLowClose.reading(high: high, low: low, close: close) { columns in
                times.withUnsafeBufferPointer { t in
                    volume.withUnsafeBufferPointer { v in
                        // The state in a local of the loop alone, so it stays in registers.
                        var local = step
                        for i in rows { out[i] = local.next(time: t[i], columns[i], volume: v[i]) }
                        step = local
                    }
                }
            }
        }
        self.step = step
    }

    /// Takes the next bar (a volume left out counts as none).
    public mutating func append(time: Int64, _ bar: HighLowClose, volume barVolume: Double) {
        values.append(step.next(time: time, bar, volume: barVolume))
    }
}
