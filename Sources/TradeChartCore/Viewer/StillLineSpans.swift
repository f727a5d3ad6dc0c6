/// The column spans of the lines a still frame draws (the price, the averages, the
/// indicators on it and in their panes), kept in the state between frames: worked out
/// after each event (`ViewerState.keepStillSpans()`), read by every frame that draws the
/// same lines under the same x map (a still chart, a scrubbed one), so such a frame asks
/// no min-max index. Each kept spans is checked against what it depends on (the index's
/// contents, the points, the x map, the width: `ColumnSpans.describes`) before it is
/// used; one kept from before a change is never drawn, a frame works that line out afresh.
struct StillLineSpans: Sendable {
    private(set) var kept: [ColumnSpans] = []

    /// The spans of `points` of `index` under `x` in `width` columns: the kept ones, or afresh.
    func spans(_ index: MinMaxIndex, points: ClosedRange<Int>, x: AffineMap, width: Int) -> ColumnSpans {
        kept.first { $0.describes(index, points: points, x: x, width: width) }
            ?? ColumnSpans(index, points: points, x: x, width: width)
    }

    /// Keeps the spans of `lines` (and only theirs) under `x` in `width` columns, reusing
    /// those kept that still describe them, and working the others out from those kept for
    /// the same index before it grew (`ColumnSpans.init(_:points:x:width:reusing:)`).
    mutating func keep(_ lines: [(index: MinMaxIndex, points: ClosedRange<Int>)], x: AffineMap, width: Int) {
        // Taken out of the state, so that spans grown in place (`ColumnSpans.regrow`) are held once and not copied.
        var old = kept
        kept = []
        var spans: [ColumnSpans] = []
        spans.reserveCapacity(lines.count)
        // Each line read where it lies (a closure capturing a line would copy its index, every column retained).
        for k in lines.indices {
            let contents = lines[k].index.contents, points = lines[k].points
            if let same = old.first(where: { $0.contents === contents && $0.points == points && $0.x == x && $0.width == width }) {
                spans.append(same)
                continue
            }
            let before = lines[k].index.before?.contents
            guard let at = old.firstIndex(where: { $0.contents === contents || $0.contents === before }) else {
                spans.append(ColumnSpans(lines[k].index, points: points, x: x, width: width))
                continue
            }
            var earlier = old.remove(at: at)
            if earlier.x == x, earlier.width == width, earlier.regrow(lines[k].index, points: points) {
                spans.append(earlier)
            } else {
                spans.append(ColumnSpans(lines[k].index, points: points, x: x, width: width, reusing: earlier))
            }
        }
        kept = spans
    }

    /// How many lines' spans are kept.
    var count: Int { kept.count }
}

extension ViewerState {
    /// The lines a still frame draws with a `LineRasterizer`, each with its points.
    var stillLines: [(index: MinMaxIndex, points: ClosedRange<Int>)] {
        let drawn = slice.first...slice.last
        var lines: [(index: MinMaxIndex, points: ClosedRange<Int>)] = []
        if !drawsCandles { lines.append((plotIndex, drawn)) }
        for (index, first) in averages.map({ ($0.plotIndex, $0.average.firstDefined) })
            + overlayIndicatorLines.map({ ($0.index, $0.first) }) {
            if let points = ChartPainter.overlayPoints(from: first, drawn: drawn) { lines.append((index, points)) }
        }
        for pane in paneIndicators.prefix(layout.shownPanes) {
            guard let points = IndicatorPanes.points(of: pane, drawn: drawn) else { continue }
            for j in 0..<pane.lineCount { lines.append((pane.plotted[j], points)) }
        }
        return lines
    }

    /// Works out (or keeps) the spans of the lines of the still frame, after an event.
    mutating func keepStillSpans() {
        let lines = layout.isTooSmall ? [] : stillLines
        stillSpans.keep(lines, x: target.x, width: canvasDots.width)
    }

    /// This state with nothing kept for its still frame (the lines' spans, the price
    /// labels, the bottom row, the header's dates, the candle period, the plot, the panes' lines): its frames work every part out, as the first still frame after a change
    /// would without them (and a morph's frames do).
    package var forgettingKeptParts: ViewerState {
        var state = self
        state.stillSpans = StillLineSpans()
        state.keptPriceLabels = KeptPriceLabels()
        state.keptBottomRow = KeptBottomRow()
        state.keptSpanDates = KeptSpanDates()
        state.keptCandlePeriod = KeptCandlePeriod()
        state.keptPlot = KeptPlot()
        state.keptPaneLines = KeptPaneLines()
        return state
    }

    /// The spans of `points` of `index` under `x` across the chart's width: kept, or afresh.
    func columnSpans(_ index: MinMaxIndex, points: ClosedRange<Int>, x: AffineMap) -> ColumnSpans {
        stillSpans.spans(index, points: points, x: x, width: canvasDots.width)
    }
}
