/// A price history held as two parallel columns of numbers, oldest point first.
///
/// Times are the data's own wall clock (the exchange's local time) as seconds
/// since 1970-01-01 00:00 of that clock: a timestamp written with a UTC offset
/// keeps the time of day it was written with. Times are strictly ascending.
public struct PriceSeries: Sendable, Equatable {
    /// The instrument name shown in the header (title or file name), free of control characters.
    public var name: String
    /// Local wall-clock seconds since 1970-01-01, strictly ascending.
    public var times: [Int64]
    /// The price of each point (the close column unless another was chosen).
    public var prices: [Double]
    /// True when the timestamps carry a time of day (intraday bars), false for daily data.
    public var hasTimeOfDay: Bool
    /// The UTC offset of each point when the file gave one for every row (`+01:00`, `Z`,
    /// Unix times), so each time can be placed in UTC; nil for naive local times.
    public var utcOffsets: UTCOffsetRuns?

    public init(name: String, times: [Int64], prices: [Double], hasTimeOfDay: Bool, utcOffsets: UTCOffsetRuns? = nil) {
        precondition(times.count == prices.count, "times and prices must have the same length")
        self.name = name
        self.times = times
        self.prices = prices
        self.hasTimeOfDay = hasTimeOfDay
        self.utcOffsets = utcOffsets
    }

    /// The number of points.
    @inlinable public var count: Int { prices.count }
    @inlinable public var isEmpty: Bool { prices.isEmpty }

    /// What appending rows did to the points already there.
    public enum Growth: Sendable, Equatable {
        /// The new points follow the old ones, from this index on; the old ones are unchanged.
        case extended(from: Int)
        /// A new row came out of order or repeated a time: every point was sorted again
        /// (the last row of a time kept), so indices changed.
        case reordered
    }

    /// Appends rows (in the order they were read) in place. Rows newer than the last
    /// point, in ascending order, are appended as they are; otherwise the whole series
    /// is sorted and deduplicated as a load would (the row read last wins). `offsets`
    /// are the new rows' UTC offsets (counted from the first new row); without them the
    /// series keeps none.
    public mutating func append(times newTimes: [Int64], prices newPrices: [Double],
                                offsets newOffsets: UTCOffsetRuns? = nil) -> Growth {
        precondition(newTimes.count == newPrices.count, "times and prices must have the same length")
        let first = count
        if newTimes.isEmpty { return .extended(from: first) }
        var ordered = newTimes.first.map { t in times.last.map { t > $0 } ?? true } ?? true
        if ordered {
            for i in newTimes.indices.dropFirst() where newTimes[i] <= newTimes[i - 1] { ordered = false; break }
        }
        let oldOffsets = first == 0 ? UTCOffsetRuns() : utcOffsets
        times.append(contentsOf: newTimes)
        prices.append(contentsOf: newPrices)
        if var runs = oldOffsets, let newOffsets {
            runs.append(newOffsets, shiftedBy: first)
            utcOffsets = runs
        } else {
            utcOffsets = nil
        }
        if !ordered {
            var offsets = RowOffsets(runs: utcOffsets ?? UTCOffsetRuns(), dropped: utcOffsets == nil, rowCount: count,
                                     moves: true)
            _ = offsets.sortKeepingLast(&times, &prices)
            utcOffsets = offsets.runs
            hasTimeOfDay = Self.hasTimeOfDay(times)
            return .reordered
        }
        if first <= 1 {
            hasTimeOfDay = Self.hasTimeOfDay(times)
        } else if !hasTimeOfDay && !newTimes.isEmpty {
            hasTimeOfDay = Self.twoOnOneDay(times[(first - 1)...])
        }
        return .extended(from: first)
    }

    /// Whether sorted times carry a time of day: two points on one calendar day, or a
    /// single point off midnight.
    static func hasTimeOfDay(_ times: [Int64]) -> Bool {
        if times.count == 1 { return LocalTime.secondOfDay(times[0]) != 0 }
        return twoOnOneDay(times[...])
    }

    /// Whether two neighbouring sorted times fall on one calendar day.
    static func twoOnOneDay(_ times: ArraySlice<Int64>) -> Bool {
        guard let firstTime = times.first else { return false }
        var previous = LocalTime.dayNumber(firstTime)
        for t in times.dropFirst() {
            let day = LocalTime.dayNumber(t)
            if day == previous { return true }
            previous = day
        }
        return false
    }
}
