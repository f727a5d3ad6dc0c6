import Testing
@testable import TradeChartCore

/// Time labels worked out again after rows were appended to a followed file keep the
/// labels before when their periods did not move; whatever the rows appended (a minute
/// later, the next hour, overnight, over a month's or a year's end), the labels are
/// those worked out afresh, for every range.
@Suite("Time labels kept while a followed file grows")
struct TimeLabelsReuseTests {
    /// Minute bars on weekdays from 09:00 to 17:29, ending on 20 Dec 2024.
    static func minutes(days: Int) -> PriceSeries {
        var times: [Int64] = []
        var day = CivilDate(year: 2024, month: 12, day: 20).dayNumber - Int64(days * 7 / 5)
        while times.count < days * 510 {
            if CivilDate(dayNumber: day).weekday < 5 {
                for minute in 0..<510 { times.append(day * 86_400 + 9 * 3_600 + Int64(minute) * 60) }
            }
            day += 1
        }
        return PriceSeries(name: "m", times: times, prices: times.map { _ in 100 }, hasTimeOfDay: true)
    }

    @Test("labels kept after appends equal labels worked out afresh", arguments: ChartRange.allCases)
    func keptLabelsEqualFreshOnes(range: ChartRange) {
        var series = Self.minutes(days: 300)
        var rng = SplitMix64(seed: UInt64(range.hashValue & 0xFFFF))
        guard case .available(let start) = series.slice(range) else { Issue.record("no \(range)"); return }
        var labels = TimeLabels(series: series, first: start.first, last: start.last, range: range)
        for step in 0..<150 {
            let newest = series.times[series.count - 1]
            // A minute or a few later, the next hour, the next morning, or a month or a year on.
            let gap: Int64 = switch rng.next() % 10 {
            case 0: 3_600
            case 1: 16 * 3_600
            case 2: 31 * 86_400
            case 3: 200 * 86_400
            default: 60 * Int64(1 + rng.next() % 5)
            }
            let count = 1 + Int(rng.next() % 4)
            let times = (0..<count).map { newest + gap + Int64($0) * 60 }
            let before = series.count
            _ = series.append(times: times, prices: times.map { _ in 101 })
            guard case .available(let slice) = series.slice(range) else { continue }
            let kept = TimeLabels(series: series, first: slice.first, last: slice.last, range: range, reusing: labels,
                                  unchangedBelow: before)
            let fresh = TimeLabels(series: series, first: slice.first, last: slice.last, range: range)
            #expect(kept.levels == fresh.levels, "step \(step), \(range)")
            labels = kept
        }
    }

    @Test("labels of rows that changed are worked out afresh")
    func labelsOfChangedRowsAreNotKept() {
        let series = Self.minutes(days: 30)
        guard case .available(let month) = series.slice(.oneMonth) else { Issue.record("no 1M"); return }
        let labels = TimeLabels(series: series, first: month.first, last: month.last, range: .oneMonth)
        // The same count and newest time, each day's first hour moved to the evening before:
        // the days open 60 points later.
        var times = series.times
        for i in 0..<(times.count - 1) where LocalTime.secondOfDay(times[i]) < 10 * 3_600 { times[i] -= 12 * 3_600 }
        let moved = PriceSeries(name: "m", times: times, prices: series.prices, hasTimeOfDay: true)
        let fresh = TimeLabels(series: moved, first: month.first, last: month.last, range: .oneMonth)
        let kept = TimeLabels(series: moved, first: month.first, last: month.last, range: .oneMonth, reusing: labels,
                              unchangedBelow: 0)
        #expect(kept.levels == fresh.levels)
        #expect(fresh.levels != labels.levels)
    }

    /// The range's first point moving on alone (its end where it was) past the starts of
    /// days, weeks and months: a label whose point left the range goes with it, for every range.
    @Test("labels kept while the range's start moves on alone equal labels worked out afresh", arguments: ChartRange.allCases)
    func keptLabelsFollowTheRangesStart(range: ChartRange) {
        let series = Self.minutes(days: 300)
        guard case .available(let start) = series.slice(range) else { Issue.record("no \(range)"); return }
        var labels = TimeLabels(series: series, first: start.first, last: start.last, range: range)
        var changed = 0
        // Fourteen weeks of points (a quarter's start among them), sixty at a time, from the range's first one on.
        for first in stride(from: start.first, to: min(start.last - 1, start.first + 14 * 5 * 510), by: 60) {
            let kept = TimeLabels(series: series, first: first, last: start.last, range: range, reusing: labels,
                                  unchangedBelow: series.count)
            let fresh = TimeLabels(series: series, first: first, last: start.last, range: range)
            #expect(kept.levels == fresh.levels, "first \(first), \(range)")
            if fresh.levels != labels.levels { changed += 1 }
            labels = kept
        }
        #expect(changed > 0, "the labels changed as the start moved on (\(range))")
    }
}
