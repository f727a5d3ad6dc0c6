/// A free window of time (SPEC section 10): `[` and `]` zoom in and out (around the
/// cursor, else keeping the newest point at the right edge), `<` and `>` pan by a
/// quarter, the mouse wheel over the chart zooms around the pointer, `--from` and
/// `--to` open on one. Every change of window morphs like a range switch.
extension ViewerState {
    /// The points of `series` from `window.lowerBound` through `window.upperBound`, as a
    /// slice (with the fixed range nearest to it for its labels), nil with fewer than two.
    static func windowSlice(_ series: PriceSeries, _ window: ClosedRange<Int64>)
        -> (slice: RangeSlice, range: ChartRange, window: ClosedRange<Int64>)? {
        let first = series.lowerBound(of: window.lowerBound)
        let last = series.lowerBound(of: window.upperBound &+ 1) - 1
        guard first < series.count, last >= first + 1 else { return nil }
        let nearest = series.nearestRange(first: first, last: last)
        var slice = RangeSlice(range: nearest, first: first, last: last, coversAllData: false)
        slice.isWindow = true
        return (slice, nearest, series.times[first]...series.times[last])
    }

    /// Shows `newSlice` (of the fixed range `range`, or the free `window`), morphing from
    /// whatever is on screen at `time`; says why percent labels were turned off, if they were.
    @discardableResult
    mutating func show(_ newSlice: RangeSlice, range newRange: ChartRange, window newWindow: ClosedRange<Int64>?,
                       at time: Double, morphing: Bool = true) -> StatusMessage? {
        let onScreen = projection(at: time)
        morphFirst = min(drawnPoints(at: time).lowerBound, newSlice.first)
        view.show(newSlice, range: newRange, window: newWindow, labelling: shownSeries)
        let why = percentAxis ? whyNoPercentAxis : nil
        if why != nil { overlays.percentAxis = false }
        retarget()
        morph = morphing && options.morphDuration > 0
            ? Morph(from: onScreen, to: target, start: time, duration: options.morphDuration) : nil
        pointer.keep(within: newSlice)
        return why
    }

    /// Shows the points `points`: all of them is MAX, anything less a free window.
    mutating func show(points: PointWindow, at time: Double) -> StatusMessage? {
        if points.first == 0 && points.last == series.count - 1, let all = availability(of: .max).slice {
            return show(all, range: .max, window: nil, at: time)
        }
        guard let next = Self.windowSlice(series, series.times[points.first]...series.times[points.last]) else { return nil }
        guard next.slice.first != slice.first || next.slice.last != slice.last || window == nil else { return nil }
        return show(next.slice, range: next.range, window: next.window, at: time)
    }

    /// The points shown, as a window.
    var shownPoints: PointWindow { PointWindow(first: slice.first, last: slice.last) }

    /// `[` (in) and `]` (out): half or twice the width, around `anchor` when given (the
    /// cursor, the point under the mouse), else keeping the newest point at the right edge.
    mutating func zoom(in zoomIn: Bool, around anchor: Int?, at time: Double) -> StatusMessage? {
        let count = series.count
        let next = zoomIn ? shownPoints.zoomedIn(around: anchor, count: count)
            : shownPoints.zoomedOut(around: anchor, count: count)
        if next == shownPoints { return .zoomLimit(zoomingIn: zoomIn) }
        return show(points: next, at: time)
    }

    /// `<` and `>`: a quarter of the window towards older (negative) or newer points.
    mutating func pan(byQuarters quarters: Int, at time: Double) -> StatusMessage? {
        let next = shownPoints.panned(byQuarters: quarters, count: series.count)
        if next == shownPoints { return .panLimit(older: quarters < 0) }
        return show(points: next, at: time)
    }
}
