/// What part of the series is shown, and at what size: the fixed range (or the one
/// nearest to a free window), the free window when one is shown, the points of either,
/// their time labels, the screen's layout and where the points land on it when still.
///
/// Invariant: `timeLabels` are always those of `slice` on `range`: `show(_:range:window:labelling:)`
/// is the one way the points shown change, and it sets the labels with them.
struct ViewWindow: Sendable {
    /// The fixed range shown, or being morphed to; for a free window, the fixed range
    /// nearest to it (its labels follow that range's).
    private(set) var range: ChartRange
    /// The free window shown (the times of its first and last point), nil when a fixed range is.
    private(set) var window: ClosedRange<Int64>?
    private(set) var slice: RangeSlice
    private(set) var timeLabels: TimeLabels
    var layout: ChartLayout
    /// The projection of `slice` at the current size: what a still frame shows.
    var target: ChartProjection

    /// `slice` of `range` (or of the free `window`), its times as `shown` has them, on `layout`.
    init(_ slice: RangeSlice, range: ChartRange, window: ClosedRange<Int64>? = nil, labelling shown: PriceSeries,
         layout: ChartLayout) {
        self.range = range
        self.window = window
        self.slice = slice
        timeLabels = TimeLabels(series: shown, first: slice.first, last: slice.last, range: range)
        self.layout = layout
        target = ChartProjection(first: 0, last: 1, low: 0, high: 1, baseline: 0, newest: 0, widthDots: 1, heightDots: 1)
        show(slice, range: range, window: window, labelling: shown)
    }

    /// Shows `slice` of `range` (or of the free `window`), labelled with the times of `shown`,
    /// whose rows below `unchangedBelow` are those the labels shown were worked out from
    /// (rows appended to a followed file: labels whose periods did not move are kept).
    mutating func show(_ slice: RangeSlice, range: ChartRange, window: ClosedRange<Int64>?, labelling shown: PriceSeries,
                       unchangedBelow: Int = 0) {
        precondition(slice.first <= slice.last && slice.first >= 0 && slice.last < shown.count,
                     "the points shown lie in the series")
        self.range = range
        self.window = window
        self.slice = slice
        timeLabels = TimeLabels(series: shown, first: slice.first, last: slice.last, range: range, reusing: timeLabels,
                                unchangedBelow: unchangedBelow)
    }

    /// The fixed range shown, nil while a free window is.
    var activeRange: ChartRange? { window == nil ? range : nil }
}
