/// Date and time labels for the x axis, in the format that fits the range:
/// times for 1D, weekday and time for 5D, day and month for 1M and 6M, month
/// and year for 1Y and 5Y, placed at calendar boundaries (hours, days, months,
/// years) and thinned so they never overlap.
package struct TimeLabels: Sendable, Equatable {
    /// A calendar boundary: the index of the first point of a new period.
    package struct Mark: Sendable, Equatable {
        package var index: Int
        package var text: String
    }

    /// Candidate marks from fine to coarse levels; layout picks the finest that fits.
    package var levels: [[Mark]]

    /// What the marks were found from, so that labels worked out again after rows were
    /// appended can be taken as they are when nothing they hang on moved (`init(series:first:last:range:reusing:unchangedBelow:)`).
    private var basis: Basis?

    /// The labels' calendar: the period starts of every level of the plan, and what a mark's
    /// index and text depend on besides them. (The year the day-and-month labels count from,
    /// that of the first point shown, cannot change while the months' starts stay the same.)
    private struct Basis: Sendable, Equatable {
        var range: ChartRange
        var hasTimeOfDay: Bool
        /// The starts of each level's periods, in the order of the plan (none after the
        /// newest point the marks were found in).
        var starts: [[Int64]]
        /// The series' size when the marks were found: a start finds the same point as
        /// long as those rows are unchanged.
        var count: Int
        /// Each level's window in which the range's ends may move without a period start
        /// entering or leaving it (`unmoved`).
        var windows: [Window]
    }

    /// Where one level's periods were looked for, `(from, to]`, and the first period start
    /// after `from` and after `to` of its grid (nil: not known, the window is not used).
    private struct Window: Sendable, Equatable {
        var from: Int64
        var to: Int64
        var firstAfterFrom: Int64?
        var firstAfterTo: Int64?

        /// Whether the starts in `(from, to]` are the ones of this window: both ends moved
        /// forward, if at all, and no start of the grid lies in what they passed over (a
        /// grid anchored at the first start after `from`, days or weeks two at a time, is
        /// the same grid while `from` stays before that start).
        func unmoved(from newFrom: Int64, to newTo: Int64) -> Bool {
            guard let firstAfterFrom, let firstAfterTo else { return false }
            return newFrom >= from && newFrom < firstAfterFrom && newTo >= to && newTo < firstAfterTo
        }
    }

    /// Labels are the same when their marks are.
    package static func == (a: TimeLabels, b: TimeLabels) -> Bool { a.levels == b.levels }

    enum Unit { case hour, day, week, month, year }

    /// Boundaries of points `first...last`, found by binary search per period
    /// (cost grows with the number of periods, not points). Given the labels worked out
    /// before (`old`) for the same series whose rows below `unchangedBelow` are still those
    /// (a followed file's rows appended), those are taken as they are when every level's
    /// periods are the same: every mark then lies on the same point with the same text (a
    /// look that finds rows asks no search).
    package init(series: PriceSeries, first: Int, last: Int, range: ChartRange,
                 reusing old: TimeLabels? = nil, unchangedBelow: Int = 0) {
        guard first < last else { levels = []; return }
        // All the data (MAX) is labelled as the range nearest to how long it is.
        if range == .max, case let nearest = series.nearestRange(first: first, last: last), nearest != .max {
            self = TimeLabels(series: series, first: first, last: last, range: nearest, reusing: old,
                              unchangedBelow: unchangedBelow)
            return
        }
        let format: (Int64) -> String
        let plan: [(Unit, Int)]
        switch range {
        case .oneDay:
            format = DateText.time
            plan = [(.hour, 1), (.hour, 2), (.hour, 3), (.hour, 6), (.day, 1)]
        case .fiveDays:
            // Weekday and time for intraday bars; daily bars have no time to show.
            if series.hasTimeOfDay {
                format = DateText.weekdayTime
            } else {
                format = { (t: Int64) -> String in DateText.weekday(t) + " " + DateText.dayMonth(t) }
            }
            plan = [(.day, 1), (.day, 2), (.week, 1)]
        case .oneMonth:
            format = DateText.dayMonth
            plan = [(.day, 1), (.day, 2), (.week, 1), (.week, 2), (.month, 1)]
        case .sixMonths:
            format = DateText.dayMonth
            plan = [(.week, 1), (.week, 2), (.month, 1), (.month, 2), (.month, 3)]
        case .oneYear:
            format = DateText.monthYear
            plan = [(.month, 1), (.month, 2), (.month, 3), (.month, 4), (.month, 6), (.year, 1)]
        case .fiveYears:
            format = DateText.monthYear
            plan = [(.month, 3), (.month, 6), (.year, 1), (.year, 2), (.year, 5)]
        case .max:
            // Decades of data: the years.
            format = { (t: Int64) -> String in String(LocalTime.date(t).year) }
            plan = [(.year, 1), (.year, 2), (.year, 5), (.year, 10), (.year, 20), (.year, 50)]
        }
        var levels: [[Mark]] = []
        let lastTime = series.times[last]
        // Day-and-month labels carry the year where a new year begins (`Jan 2019`).
        let yearAtBoundary = range == .oneMonth || range == .sixMonths
        // Periods that begin after the point before the range: the range's first point
        // is labelled too when it opens a period (the first of the five days, say); where
        // the data begins, its first point opens its day and its hour.
        let befores = plan.map { unit, multiple -> Int64 in
            if first > 0 { return series.times[first - 1] }
            return series.times[0] - (unit == .hour ? 3600 : unit == .day ? LocalTime.secondsPerDay : 1) * Int64(multiple)
        }
        let kept = old.flatMap { old in
            old.basis.map { (labels: old, basis: $0) }
        }.flatMap { $0.basis.range == range && $0.basis.hasTimeOfDay == series.hasTimeOfDay && $0.basis.count <= unchangedBelow ? $0 : nil }
        // A followed file's look: the ends moved by a minute, no period start passed over.
        if let kept, kept.basis.windows.count == plan.count,
           zip(kept.basis.windows, befores).allSatisfy({ $0.unmoved(from: $1, to: lastTime) }) {
            self = kept.labels
            return
        }
        // Each level's starts, and the grid's next one after the range (one period further).
        var windows: [Window] = []
        let startsOfPlan = plan.indices.map { k in
            let (unit, multiple) = plan[k]
            let day = LocalTime.secondsPerDay, m = Int64(multiple)
            let period: Int64 = switch unit {
            case .hour: 3600 * (m + 1)
            case .day: day * (m + 1)
            case .week: day * 7 * (m + 1)
            case .month: day * 31 * (m + 1)
            case .year: day * 366 * (m + 1)
            }
            let further = TimeLabels.periodStarts(unit: unit, multiple: multiple, from: befores[k], to: lastTime + period)
            let starts = Array(further.prefix { $0 <= lastTime })
            // A list cut at its cap says nothing of the starts after it.
            let known = further.count < 10_000
            windows.append(Window(from: befores[k], to: lastTime, firstAfterFrom: known ? further.first : nil,
                                  firstAfterTo: known ? further.first { $0 > lastTime } : nil))
            return starts
        }
        let firstYear = LocalTime.date(series.times[first]).year
        if let kept, kept.basis.starts == startsOfPlan {
            self = kept.labels
            return
        }
        for (k, starts) in startsOfPlan.enumerated() {
            let unit = plan[k].0
            guard starts.count <= 400 else { continue }
            var marks: [Mark] = []
            var year = firstYear
            for start in starts {
                let index = series.lowerBound(of: start)
                guard index >= first, index <= last else { continue }
                if let previous = marks.last, previous.index == index { continue }
                let t = series.times[index]
                var text = format(t)
                if yearAtBoundary, LocalTime.date(t).year != year {
                    year = LocalTime.date(t).year
                    text = unit == .month || unit == .year ? DateText.monthYear(t) : DateText.dayMonthYear(t)
                }
                marks.append(Mark(index: index, text: text))
            }
            if !marks.isEmpty { levels.append(marks) }
        }
        // A long range over short data (5Y of four days) has no month boundaries:
        // fall back to days, then hours, so the axis is never bare.
        if levels.isEmpty && [.sixMonths, .oneYear, .fiveYears, .max].contains(range) {
            let fallback = TimeLabels(series: series, first: first, last: last,
                                      range: series.hasTimeOfDay ? .fiveDays : .oneMonth)
            levels = fallback.levels
            if levels.isEmpty && series.hasTimeOfDay {
                levels = TimeLabels(series: series, first: first, last: last, range: .oneDay).levels
            }
            // The fallback's marks hang on other periods: they are found afresh every time.
            self.levels = levels
            return
        }
        self.levels = levels
        basis = Basis(range: range, hasTimeOfDay: series.hasTimeOfDay, starts: startsOfPlan, count: series.count, windows: windows)
    }

    /// Start times of the periods beginning after `from` up to `to`.
    static func periodStarts(unit: Unit, multiple: Int, from: Int64, to: Int64) -> [Int64] {
        var out: [Int64] = []
        let day = LocalTime.secondsPerDay
        switch unit {
        case .hour:
            let step = Int64(3600 * multiple)
            var t = (LocalTime.dayNumber(from) * day) + ((LocalTime.secondOfDay(from) / step) + 1) * step
            while t <= to && out.count < 10_000 {
                out.append(t)
                t += step
                // Restart the hour grid each day so labels sit on round hours.
                if LocalTime.secondOfDay(t) < step && multiple > 1 { t = LocalTime.dayNumber(t) * day }
            }
        case .day, .week:
            var d = LocalTime.dayNumber(from) + 1
            if unit == .week { while CivilDate(dayNumber: d).weekday != 0 { d += 1 } }
            let stride = Int64(unit == .week ? 7 * multiple : multiple)
            while d * day <= to && out.count < 10_000 {
                out.append(d * day)
                d += stride
            }
        case .month, .year:
            let start = LocalTime.date(from)
            let monthsPer = unit == .year ? 12 * multiple : multiple
            // Align to calendar multiples: quarters start in Jan/Apr/Jul/Oct, years in January.
            var index = start.year * 12 + (start.month - 1) + 1
            let align = unit == .year ? 12 : multiple
            while index % align != 0 { index += 1 }
            if unit == .year && multiple > 1 { while (index / 12) % multiple != 0 { index += 12 } }
            while out.count < 10_000 {
                let date = CivilDate(year: index / 12, month: index % 12 + 1, day: 1)
                let t = date.dayNumber * day
                if t > to { break }
                out.append(t)
                index += monthsPer
            }
        }
        return out
    }

    /// Places labels on a row `width` cells wide: `column(index)` gives a point's
    /// cell column. Picks the finest level whose labels keep two cells apart, and
    /// clamps a label that would leave the row to its edge.
    package func place(width: Int, column: (Int) -> Double) -> [(column: Int, text: String)] {
        guard width > 0 else { return [] }
        // Each level is tried with its first label, then without it (a label at the left
        // edge gives way rather than costing the level), before the next coarser level.
        let tries = levels.reduce(0) { $0 + min($1.count, 2) }
        var tried = 0
        for level in levels {
            for skip in 0..<min(level.count, 2) {
                tried += 1
                let marks = level[skip...]
                var placed: [(column: Int, text: String)] = []
                var fits = true
                var nextFree = Int.min
                for i in marks.indices {
                    let mark = marks[i]
                    let c = Clamp.int(column(mark.index).rounded(.down), ifNaN: -1)
                    guard c >= 0, c < width else { continue }
                    let length = mark.text.unicodeScalars.count
                    let start = min(max(c - length / 2, 0), max(width - length, 0))
                    // The last label, pushed left by the edge, is dropped rather than failing the level.
                    if start < nextFree && i == marks.endIndex - 1 && start < c - length / 2 { continue }
                    if start < nextFree {
                        fits = false
                        if tried < tries { break }
                        continue
                    }
                    placed.append((start, mark.text))
                    nextFree = start + length + 2
                }
                if fits || tried == tries { return placed }
            }
        }
        return []
    }
}
