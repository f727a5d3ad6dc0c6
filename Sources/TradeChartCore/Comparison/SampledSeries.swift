/// Another file's series seen on the primary series' time axis (SPEC section 9):
/// at each of the primary's times, the other's last price at or before that time.
///
/// A series that has not started yet has no value; neither has one that has ended:
/// after its last point by more than a grace period (the rest of that day for
/// intraday data, a week for daily data, so a holiday in one market does not cut
/// the line a day early). The values it has form one run of primary indices,
/// `covered`.
///
/// A daily bar counts at the end of its day (its close is known then): a daily file
/// on an intraday axis shows the day before's close until the day is over, and an
/// intraday file on a daily axis shows each day's last price.
package struct SampledSeries: Sendable, Equatable {
    /// One value per primary point, NaN where the series has none.
    package let values: [Double]
    /// The primary indices that have a value, nil when none do (no overlap).
    package let covered: ClosedRange<Int>?

    /// How long after its last point a series still counts as running, in seconds.
    package static func grace(of series: PriceSeries) -> Int64 {
        guard let last = series.times.last else { return 0 }
        if series.hasTimeOfDay { return LocalTime.secondsPerDay - LocalTime.secondOfDay(last) - 1 }
        return 6 * LocalTime.secondsPerDay
    }

    /// When a point's price is known: a daily bar at the last second of its day.
    static func known(_ t: Int64, daily: Bool) -> Int64 {
        // Daily bars may carry a time (TradingView stamps them 14:30): the day is what counts.
        daily ? (LocalTime.dayNumber(t) + 1) * LocalTime.secondsPerDay - 1 : t
    }

    /// `other` sampled at the times of `primary`, in one pass over both.
    package init(_ other: PriceSeries, at primary: PriceSeries) {
        var values = [Double](repeating: .nan, count: primary.count)
        var firstCovered: Int?
        var lastCovered: Int?
        if let otherLast = other.times.last {
            let otherDaily = !other.hasTimeOfDay, primaryDaily = !primary.hasTimeOfDay
            let end = Self.known(otherLast, daily: otherDaily) + Self.grace(of: other)
            var j = 0
            for (i, stamp) in primary.times.enumerated() {
                let t = Self.known(stamp, daily: primaryDaily)
                while j < other.count && Self.known(other.times[j], daily: otherDaily) <= t { j += 1 }
                guard j > 0, t <= end else { continue }
                values[i] = other.prices[j - 1]
                if firstCovered == nil { firstCovered = i }
                lastCovered = i
            }
        }
        self.values = values
        covered = firstCovered.map { $0...lastCovered! }
    }
}
