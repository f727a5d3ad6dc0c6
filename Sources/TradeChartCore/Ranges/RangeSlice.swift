/// The points a range shows: the contiguous indices `first...last` of a series
/// (`last` is always the newest point).
public struct RangeSlice: Sendable, Equatable {
    public var range: ChartRange
    public var first: Int
    public var last: Int
    /// True when the range asks for more history than the data has, so all of it is shown.
    package var coversAllData: Bool
    /// True for a free window (`range` is then the fixed range nearest to it).
    package var isWindow = false

    public init(range: ChartRange, first: Int, last: Int, coversAllData: Bool) {
        self.range = range
        self.first = first
        self.last = last
        self.coversAllData = coversAllData
    }

    /// The number of points in the range.
    public var count: Int { last - first + 1 }

    /// Whether a series index lies in the range.
    public func contains(_ index: Int) -> Bool { index >= first && index <= last }

    /// The point whose price is the range's reference (SPEC section 3): the last point
    /// before the range, its previous close, as broker apps measure "today" and "1M";
    /// the range's first point when the data starts inside the range.
    public var reference: Int { first > 0 ? first - 1 : first }
}

/// Whether a range can be shown, and why not.
public enum RangeAvailability: Sendable, Equatable {
    case available(RangeSlice)
    case unavailable(RangeUnavailable)

    public var slice: RangeSlice? {
        if case .available(let s) = self { return s }
        return nil
    }
}

extension PriceSeries {
    /// Cuts a range out of the series as SPEC.md section 2 defines it, measured
    /// back from the newest point in the data's own time zone.
    ///
    /// `from`: a point no earlier than the range's first point can be (the first point it
    /// had before rows were appended): the searches gallop forward from it and read a few
    /// points near it instead of halving the whole series (each halving a cache miss at every
    /// look at a followed file). Any hint gives the same slice; one that is not below the
    /// answer is not used.
    public func slice(_ range: ChartRange, from hint: Int? = nil) -> RangeAvailability {
        guard count >= 2 else {
            return .unavailable(.tooFewPrices(range))
        }
        let lastIndex = count - 1
        let (first, coversAll) = start(of: range, from: hint)
        if lastIndex - first + 1 < 2 {
            if !hasTimeOfDay && (range == .oneDay || range == .fiveDays) {
                return .unavailable(.needsIntraday(range))
            }
            return .unavailable(.onePrice(range, since: times[first]))
        }
        return .available(RangeSlice(range: range, first: first, last: lastIndex, coversAllData: coversAll))
    }

    /// The first point `range` shows (at least one point), and whether the range asks
    /// for more history than the series has; the walk `slice` makes, for any count.
    package func start(of range: ChartRange, from hint: Int? = nil) -> (first: Int, coversAll: Bool) {
        func lowerBound(of t: Int64) -> Int { hint.map { self.lowerBound(of: t, from: $0) } ?? self.lowerBound(of: t) }
        let lastIndex = count - 1
        guard lastIndex > 0 else { return (0, true) }
        switch range {
        case .max:
            return (0, false)
        case .oneDay, .fiveDays:
            // Back a day with data at a time: each day's first point is a search (the
            // times rise), so a followed file's every look costs no walk over 5D of minutes.
            let wantedDays = range == .oneDay ? 1 : 5
            var days = 1
            var first = lowerBound(of: LocalTime.dayNumber(times[lastIndex]) * LocalTime.secondsPerDay)
            while first > 0 && days < wantedDays {
                days += 1
                first = lowerBound(of: LocalTime.dayNumber(times[first - 1]) * LocalTime.secondsPerDay)
            }
            return (first, first == 0 && days < wantedDays)
        default:
            let months = range.months ?? 0
            let newestDay = LocalTime.dayNumber(times[lastIndex])
            let cutoffDay = CivilDate(dayNumber: newestDay).addingMonths(-months).dayNumber
            // Points after the end of the cutoff day: their day number is greater.
            let first = lowerBound(of: (cutoffDay + 1) * LocalTime.secondsPerDay)
            return (first, first == 0)
        }
    }

    /// The fixed range whose span comes nearest to `first...last` (for a free window: its
    /// labels and its words follow that range's).
    package func nearestRange(first: Int, last: Int) -> ChartRange {
        let days = Double(times[last] - times[first]) / Double(LocalTime.secondsPerDay)
        switch days {
        case ..<1: return .oneDay
        case ..<10: return .fiveDays
        case ..<75: return .oneMonth
        case ..<250: return .sixMonths
        case ..<700: return .oneYear
        case ..<4000: return .fiveYears
        default: return .max
        }
    }

    /// The range the viewer opens on: the longest available range not larger than
    /// 1Y; when that range already shows all the data, the shortest range that
    /// shows the same points (four days of minute bars open on 5D, not on a 1Y
    /// that looks the same).
    package func defaultRange() -> ChartRange? {
        let candidates = [ChartRange.oneYear, .sixMonths, .oneMonth, .fiveDays, .oneDay]
        guard let longest = candidates.first(where: { slice($0).slice != nil }) else {
            return ChartRange.allCases.first { slice($0).slice != nil }
        }
        guard let shown = slice(longest).slice, shown.coversAllData else { return longest }
        return candidates.reversed().first { slice($0).slice?.first == shown.first } ?? longest
    }

    /// `lowerBound(of:)`, searched forward from `hint` when every point before it is before
    /// `t` (steps of 1, 2, 4, ... then halving), else over the whole series.
    package func lowerBound(of t: Int64, from hint: Int) -> Int {
        guard hint > 0, hint <= count, times[hint - 1] < t else { return lowerBound(of: t) }
        // Every point before `lo` is before `t`.
        var lo = hint, step = 1
        while lo < count {
            let probe = Swift.min(count - 1, lo + step - 1)
            if times[probe] < t {
                lo = probe + 1
                step *= 2
                continue
            }
            var hi = probe
            while lo < hi {
                let mid = (lo + hi) / 2
                if times[mid] < t { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        return count
    }

    /// Index of the first point whose time is at or after `t` (binary search).
    public func lowerBound(of t: Int64) -> Int {
        var lo = 0
        var hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] < t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
