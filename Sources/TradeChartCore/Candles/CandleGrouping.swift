/// How the bars of a range are grouped into candles when there are more bars than
/// candle slots: consecutive groups of the same size that tile the range from the
/// newest bar back (the oldest group may be shorter), so the newest candle always
/// ends on the newest bar and a candle keeps its bars while the range changes. Group
/// sizes are round numbers (5, 10, 15, 30, 60, ...), so a candle stands for a span a
/// person says: `1 candle = 5 days`, `= 30 min`, `= 2 h`.
package enum CandleGrouping {
    /// The round group sizes, smallest first: 1 to 5, then 1, 1.5, 2, 3, 5 and 6 times powers of ten.
    static func roundSizes(upTo limit: Int) -> [Int] {
        var sizes = [1, 2, 3, 4, 5, 6, 8]
        var power = 10
        while sizes.last! < limit {
            sizes += [power, power * 3 / 2, power * 2, power * 3, power * 4, power * 5, power * 6, power * 8]
            if power > Int.max / 100 { break }
            power *= 10
        }
        return sizes
    }

    /// The fewest bars per candle, a round number, that fit `count` bars into `slots` candles.
    package static func barsPerCandle(count: Int, slots: Int) -> Int {
        guard count > 0 else { return 1 }
        let slots = max(1, slots)
        return roundSize(atLeast: (count + slots - 1) / slots)
    }

    /// The smallest round group size of at least `bars` bars.
    package static func roundSize(atLeast bars: Int) -> Int {
        guard bars > 1 else { return 1 }
        return roundSizes(upTo: bars).first { $0 >= bars } ?? bars
    }

    /// The groups that tile `first...last` from `last` back, oldest first. Groups are
    /// aligned on the newest bar of the series (`newest`): the group that ends on
    /// `newest` and every `size` bars before it, so panning or changing the range
    /// never regroups bars.
    package static func groups(first: Int, last: Int, size: Int, newest: Int) -> [ClosedRange<Int>] {
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

    /// What one candle (or OHLC bar: `noun` `bar`) stands for, e.g. `1 candle = 5 days`, `1 candle = 30 min`.
    package static func label(barsPerCandle: Int, series: PriceSeries, noun: String = "candle") -> String {
        "1 \(noun) = " + span(bars: barsPerCandle, series: series)
    }

    /// The time `bars` bars of `series` span, in the words a person uses: `5 days`, `30 min`,
    /// `2 h`; intraday bars of a trading day or more are counted in trading days (`6 days`).
    package static func span(bars: Int, series: PriceSeries) -> String {
        let spacing = typicalSpacing(series)
        if series.hasTimeOfDay {
            let perDay = typicalBarsPerDay(series)
            if bars >= perDay && perDay > 1 {
                let days = (Double(bars) / Double(perDay) * 10).rounded() / 10
                let text = days == days.rounded() ? "\(Clamp.int(days))" : String(format1: days)
                return text + (days == 1 ? " day" : " days")
            }
            let minutes = Clamp.int((Double(bars) * Double(spacing) / 60).rounded())
            if minutes >= 60 && minutes % 60 == 0 { return "\(minutes / 60) h" }
            return minutes >= 1 ? "\(minutes) min" : "\(bars * Int(spacing)) s"
        }
        let days = Double(spacing) / Double(LocalTime.secondsPerDay)
        let (unit, plural) = days >= 25 ? ("month", "months") : days >= 5 ? ("week", "weeks") : ("day", "days")
        return bars == 1 ? "1 \(unit)" : "\(bars) \(plural)"
    }

    /// The median number of bars a day, over the newest twenty days of intraday data.
    static func typicalBarsPerDay(_ series: PriceSeries) -> Int {
        var counts: [Int] = []
        var i = series.count - 1
        while i >= 0 && counts.count < 20 {
            let day = LocalTime.dayNumber(series.times[i])
            var n = 0
            while i >= 0 && LocalTime.dayNumber(series.times[i]) == day { n += 1; i -= 1 }
            counts.append(n)
        }
        counts.sort()
        return counts.isEmpty ? 1 : counts[counts.count / 2]
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
