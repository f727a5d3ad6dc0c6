/// The header's dates (`1Y · 21 Nov 2025 – 20 Nov 2026` and its shorter forms), worked out
/// after each event (`ViewerState.keepSpanDates()`) and kept in the state with what they were
/// worked out from (`SpanDateInputs`): a look at a followed file changes them only when a
/// new day begins, so every other frame writes the kept texts.
typealias KeptSpanDates = KeptPart<SpanDateInputs, [String]>

/// What the header's dates depend on.
struct SpanDateInputs: Sendable, Equatable {
    /// The shown times of the range's first and last point.
    var first: Int64
    var last: Int64
    var range: ChartRange
    /// Whether a free window is shown (its dates say what it is, no range names it).
    var window: Bool
    var coversAllData: Bool
    var hasTimeOfDay: Bool
    var unicode: Bool
}

extension ViewerState {
    /// What the header's dates are worked out from. Where they say no time of day (`spanDates`)
    /// the first and last moments are their days' midnights: a followed file's new rows, which
    /// move the range by a minute at every look, change them only when a day changes.
    var spanDateInputs: SpanDateInputs {
        let s = shownSeries
        var first = s.times[slice.first], last = s.times[slice.last]
        let saysTime = range == .oneDay || (s.hasTimeOfDay && ((slice.coversAllData && range != .max) || range == .fiveDays))
        if !saysTime {
            first = LocalTime.dayNumber(first) * LocalTime.secondsPerDay
            last = LocalTime.dayNumber(last) * LocalTime.secondsPerDay
        }
        return SpanDateInputs(first: first, last: last, range: range, window: window != nil,
                              coversAllData: slice.coversAllData, hasTimeOfDay: s.hasTimeOfDay, unicode: options.charset != .ascii)
    }

    /// The header's dates: the kept ones when they were worked out from the same inputs, else afresh.
    func shownSpanDates() -> [String] { keptSpanDates.value(for: spanDateInputs, orMake: Self.spanDates) }

    /// Works out (or keeps) the header's dates, after an event.
    mutating func keepSpanDates() { keptSpanDates.keep(for: spanDateInputs, Self.spanDates) }

    /// The range and its dates, then shorter forms: `1Y · 21 Nov 2025 – 20 Nov 2026`,
    /// `1Y · Nov 2025–Nov 2026`, `1Y` (a free window: its dates alone).
    static func spanDates(_ inputs: SpanDateInputs) -> [String] {
        let first = inputs.first, last = inputs.last, range = inputs.range
        let dot = inputs.unicode ? " · " : " - "
        let dash = inputs.unicode ? "–" : "-"
        let span: String
        let oneDate = LocalTime.dayNumber(first) == LocalTime.dayNumber(last)
        if range == .oneDay && oneDate {
            span = "\(DateText.weekday(last)) \(DateText.dayMonthYear(last)) \(DateText.time(first))\(dash)\(DateText.time(last))"
        } else if range == .oneDay {
            // A trading day shown in a zone where it crosses midnight (`--tz`).
            span = "\(DateText.weekday(first)) \(DateText.dayMonth(first)) \(DateText.time(first)) \(dash) "
                + "\(DateText.weekday(last)) \(DateText.dayMonthYear(last)) \(DateText.time(last))"
        } else if inputs.coversAllData && range != .max {
            span = "all since \(DateText.dayMonthYear(first))" + (inputs.hasTimeOfDay ? " \(DateText.time(first))" : "")
        } else if inputs.hasTimeOfDay && range == .fiveDays {
            span = "\(DateText.dayMonthYear(first)) \(DateText.time(first)) \(dash) \(DateText.dayMonthYear(last)) \(DateText.time(last))"
        } else {
            span = "\(DateText.dayMonthYear(first)) \(dash) \(DateText.dayMonthYear(last))"
        }
        let short = range == .oneDay || range == .fiveDays
            ? "\(DateText.dayMonth(first))\(dash)\(DateText.dayMonth(last))"
            : DateText.monthYear(first) == DateText.monthYear(last)
            // Within one month: its days (`2–14 Jan 2024`), not the month twice.
            ? "\(LocalTime.date(first).day)\(dash)\(DateText.dayMonthYear(last))"
            : "\(DateText.monthYear(first))\(dash)\(DateText.monthYear(last))"
        // A free window has no range to name: its dates say what it is.
        guard !inputs.window else { return [span, short] }
        return [range.label + dot + span, range.label + dot + short, range.label]
    }
}
