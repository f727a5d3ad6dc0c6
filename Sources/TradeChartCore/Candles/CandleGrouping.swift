/// How the bars of a range are grouped into candles when there are more bars than
/// candle slots: consecutive groups of the same size that tile the range from the
/// newest bar back (the oldest group may be shorter), so the newest candle always
/// ends on the newest bar and a candle keeps its bars while the range changes.
public enum CandleGrouping {
    /// The fewest bars per candle that fit `count` bars into `slots` candles.
    public static func barsPerCandle(count: Int, slots: Int) -> Int {
        guard count > 0 else { return 1 }
        let slots = max(1, slots)
        return max(1, (count + slots - 1) / slots)
    }

    /// The groups that tile `first...last` from `last` back, oldest first. Groups are
    /// aligned on the newest bar of the series (`newest`): the group that ends on
    /// `newest` and every `size` bars before it, so panning or changing the range
    /// never regroups bars.
    public static func groups(first: Int, last: Int, size: Int, newest: Int) -> [ClosedRange<Int>] {
        guard first <= last else { return [] }
        let size = max(1, size)
        // The end of the group holding `last`: newest - k * size >= last.
        let steps = (newest - last) / size
        var end = newest - steps * size
        var groups: [ClosedRange<Int>] = []
        while end >= first {
            let start = max(end - size + 1, first)
            groups.append(start...min(end, last))
            end -= size
        }
        return groups.reversed()
    }

    /// What one candle stands for, e.g. `1 candle = 5 days`, `1 candle = 30 min`.
    public static func label(barsPerCandle: Int, series: PriceSeries) -> String {
        "1 candle = " + span(bars: barsPerCandle, series: series)
    }

    /// The time `bars` bars of `series` span, in the words a person uses: `5 days`, `30 min`, `2 h`.
    public static func span(bars: Int, series: PriceSeries) -> String {
        let spacing = typicalSpacing(series)
        if series.hasTimeOfDay {
            let minutes = Int((Double(bars) * Double(spacing) / 60).rounded())
            if minutes >= 60 && minutes % 60 == 0 { return "\(minutes / 60) h" }
            return minutes >= 1 ? "\(minutes) min" : "\(bars * Int(spacing)) s"
        }
        let days = Double(spacing) / Double(LocalTime.secondsPerDay)
        let (unit, plural) = days >= 25 ? ("month", "months") : days >= 5 ? ("week", "weeks") : ("day", "days")
        return bars == 1 ? "1 \(unit)" : "\(bars) \(plural)"
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
