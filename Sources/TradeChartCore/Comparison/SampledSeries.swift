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
    package private(set) var values: [Double]
    /// The primary indices that have a value, nil when none do (no overlap).
    package private(set) var covered: ClosedRange<Int>?

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
        values = []
        covered = nil
        resample(from: 0, other, at: primary)
    }

    /// The values from primary index `first` on worked out again, the ones before kept: after
    /// rows were appended to `primary` from `first` on, or to `other` after the point it had
    /// at `first` (`firstChanged(byOtherFrom:)`). O(log N + the points from `first`).
    package mutating func resample(from first: Int, _ other: PriceSeries, at primary: PriceSeries) {
        let first = min(first, values.count, primary.count)
        values.removeSubrange(first...)
        values.append(contentsOf: repeatElement(Double.nan, count: primary.count - first))
        // The run of values before `first` is kept; the loop below goes on with it.
        var firstCovered = covered.flatMap { $0.lowerBound < first ? $0.lowerBound : nil }
        var lastCovered = covered.flatMap { $0.lowerBound < first ? min($0.upperBound, first - 1) : nil }
        if let otherLast = other.times.last, first < primary.count {
            let otherDaily = !other.hasTimeOfDay, primaryDaily = !primary.hasTimeOfDay
            let end = Self.known(otherLast, daily: otherDaily) + Self.grace(of: other)
            // How many of the other's points are known by the first time worked out again.
            let start = Self.known(primary.times[first], daily: primaryDaily)
            var j = Self.knownCount(other, daily: otherDaily, atOrBefore: start)
            values.withUnsafeMutableBufferPointer { out in
                for i in first..<primary.count {
                    let t = Self.known(primary.times[i], daily: primaryDaily)
                    while j < other.count && Self.known(other.times[j], daily: otherDaily) <= t { j += 1 }
                    guard j > 0, t <= end else { continue }
                    out[i] = other.prices[j - 1]
                    if firstCovered == nil { firstCovered = i }
                    lastCovered = i
                }
            }
        }
        covered = firstCovered.map { $0...lastCovered! }
    }

    /// The first primary index whose value may change when `other` gains points from its
    /// index `from` on (those before unchanged): the first primary point known no earlier
    /// than the other's point before them.
    package static func firstChanged(byOtherFrom from: Int, _ other: PriceSeries, at primary: PriceSeries) -> Int {
        guard from > 0, from <= other.count else { return 0 }
        let otherDaily = !other.hasTimeOfDay, primaryDaily = !primary.hasTimeOfDay
        let kept = known(other.times[from - 1], daily: otherDaily)
        var lo = 0, hi = primary.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if known(primary.times[mid], daily: primaryDaily) < kept { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// How many of `series`' points are known at or before `t` (a binary search).
    private static func knownCount(_ series: PriceSeries, daily: Bool, atOrBefore t: Int64) -> Int {
        var lo = 0, hi = series.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if known(series.times[mid], daily: daily) <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
