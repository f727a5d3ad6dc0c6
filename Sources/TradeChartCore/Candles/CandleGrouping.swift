/// How the bars of a range are grouped into candles: by a `CandlePeriod`, each candle
/// holding the bars whose times fall in one period (a week merges the days of its week,
/// however many the exchange traded), cut where the range starts and ends. The period is
/// the smallest that fits the width (or the one chosen, where it fits), so a candle stands
/// for a span a trader says: `1 candle = 15 min`, `= 1 week`. Finding a candle's bars
/// costs a search on the times, O(log N) at most, so the candles of a frame cost the same
/// for ten thousand bars as for ten million.
package enum CandleGrouping {
    /// The fewest dots a candle gets on average: a body two dots wide (a rising one drawn
    /// thin, a falling one full) and a gap.
    package static let minimumDots = 3.0

    /// The bars of the candle of `period` that holds bar `i` of `times` (ascending times).
    package static func group(containing i: Int, period: CandlePeriod, times: [Int64]) -> ClosedRange<Int> {
        let first = index(atOrAfter: period.start(of: times[i]), in: times, near: i)
        return first...lastBar(ofGroupHolding: i, period: period, times: times)
    }

    /// The last bar of the candle of `period` that holds bar `i` (`group(containing:)`'s upper
    /// bound, without the search for its first bar: what a walk from group to group needs).
    static func lastBar(ofGroupHolding i: Int, period: CandlePeriod, times: [Int64]) -> Int {
        index(atOrAfter: period.end(of: times[i]), in: times, near: i) - 1
    }

    /// The groups of `period` that tile `first...last`, oldest first, the first and the
    /// last cut at the range's ends.
    package static func groups(first: Int, last: Int, period: CandlePeriod, times: [Int64]) -> [ClosedRange<Int>] {
        var groups: [ClosedRange<Int>] = []
        var i = first
        while i <= last {
            let end = min(lastBar(ofGroupHolding: i, period: period, times: times), last)
            groups.append(i...end)
            i = end + 1
        }
        return groups
    }

    /// How many groups of `period` tile `range`, counted up to `limit + 1` (more are not counted).
    package static func count(_ range: ClosedRange<Int>, period: CandlePeriod, times: [Int64], limit: Int) -> Int {
        var n = 0
        var i = range.lowerBound
        while i <= range.upperBound && n <= limit {
            n += 1
            i = lastBar(ofGroupHolding: i, period: period, times: times) + 1
        }
        return n
    }

    /// Whether the candles of `period` over the bars `range`, `dotsPerBar` dots apart, get
    /// `minimumDots` each on average.
    package static func fits(_ period: CandlePeriod, range: ClosedRange<Int>, dotsPerBar: Double, times: [Int64]) -> Bool {
        let room = Double(range.count) * dotsPerBar / minimumDots
        guard room.isFinite else { return room > 0 }
        let limit = Clamp.int(room.rounded(.down))
        return count(range, period: period, times: times, limit: limit) <= max(1, limit)
    }

    /// The smallest of `periods` (ascending) that fits the bars `range` (see `fits`), the largest when none does.
    package static func fitting(_ periods: [CandlePeriod], range: ClosedRange<Int>, dotsPerBar: Double,
                                times: [Int64]) -> CandlePeriod {
        periods.first { fits($0, range: range, dotsPerBar: dotsPerBar, times: times) } ?? periods.last ?? .day
    }

    /// The periods that can merge the bars of `series`: those at least as long as the usual
    /// gap between its bars (a day and longer for daily prices, a week and longer for weekly ones).
    package static func periods(for series: PriceSeries) -> [CandlePeriod] {
        let spacing = typicalSpacing(series)
        let usable = CandlePeriod.allCases.filter {
            $0.shortest >= spacing && (series.hasTimeOfDay || $0.seconds == nil)
        }
        return usable.isEmpty ? [.year] : usable
    }

    /// What one candle (or OHLC bar: `noun` `bar`) stands for, e.g. `1 candle = 1 week`, `1 candle = 30 min`.
    package static func label(_ period: CandlePeriod, noun: String = "candle") -> String {
        "1 \(noun) = \(period.words)"
    }

    /// The first index of `times` whose time is at or after `t` (`times.count` when none
    /// is), searched from index `i` outwards: O(log d) for an answer d indices away.
    static func index(atOrAfter t: Int64, in times: [Int64], near i: Int) -> Int {
        var lo: Int, hi: Int
        var step = 1
        if times[i] >= t {
            hi = i
            while hi - step >= 0 && times[hi - step] >= t {
                hi -= step
                step *= 2
            }
            lo = max(0, hi - step)
        } else {
            lo = i + 1
            while lo + step - 1 < times.count && times[lo + step - 1] < t {
                lo += step
                step *= 2
            }
            hi = min(times.count, lo + step - 1)
        }
        while lo < hi {
            let mid = (lo + hi) / 2
            if times[mid] >= t { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The median gap between neighbouring bars (of the last thousand; within a day for intraday data).
    static func typicalSpacing(_ series: PriceSeries) -> Int64 {
        let n = series.count
        guard n >= 2 else { return series.hasTimeOfDay ? 60 : LocalTime.secondsPerDay }
        var gaps: [Int64] = []
        for i in max(1, n - 1000)..<n {
            let a = series.times[i - 1], b = series.times[i]
            if series.hasTimeOfDay && LocalTime.dayNumber(a) != LocalTime.dayNumber(b) { continue }
            gaps.append(b - a)
        }
        guard !gaps.isEmpty else { return series.hasTimeOfDay ? 60 : LocalTime.secondsPerDay }
        gaps.sort()
        return max(1, gaps[gaps.count / 2])
    }
}
