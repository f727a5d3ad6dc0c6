/// What the mark (Space) measures to a point, as the header and the screen reader say it:
/// the bars and calendar days between them, and where the mark lies against the range
/// (`from the mark`, `from the mark before the range`).
package struct MarkMeasure: Sendable, Equatable {
    package var bars: Int
    package var days: Int
    /// `from the mark`, with `before the range` or `after the range` when the range shown does not hold it.
    package var from: String

    /// The measure from the marked point `marked` to `point` of what `state` shows.
    package init(_ state: ViewerState, from marked: Int, to point: Int) {
        let times = state.shownSeries.times
        bars = abs(point - marked)
        days = Int((Double(abs(times[point] - times[marked])) / Double(LocalTime.secondsPerDay)).rounded())
        from = Self.from(marked, state)
    }

    /// `from the mark`, or `from the mark before the range` (`after`) when `state`'s range does not hold `marked`.
    package static func from(_ marked: Int, _ state: ViewerState) -> String {
        marked < state.slice.first ? "from the mark before the range"
            : marked > state.slice.last ? "from the mark after the range" : "from the mark"
    }

    /// `250 bars, 364 days`, `1 bar, 1 day`.
    package var words: String { CountText.of(bars, "bar") + ", " + CountText.of(days, "day") }
}
