/// The dots of the indicator panes' lines in the still frame, kept in the state between
/// frames as `KeptPlot` keeps the price's: worked out after each event from the dots kept
/// before (`ViewerState.keepPaneLines(at:)`), so a look at a followed file redraws only the
/// dot columns whose spans were not copied from the look before (`ColumnSpans.copied`);
/// a frame whose pane line has the same spans and y map in a canvas of the same size takes
/// its canvas as it is (`IndicatorPanes.paint`), any other draws its own.
struct KeptPaneLines: Sendable {
    /// One line's canvas and dots, and what they were drawn from.
    struct Line: Sendable {
        let contents: MinMaxIndex.Contents
        let points: ClosedRange<Int>
        let x: AffineMap
        let y: AffineMap
        let columns: Int
        let rows: Int
        let charset: Charset
        var runs: [DotRun]
        var canvas: DotCanvas

        /// Whether this is the line of `spans` under `y` in a canvas of `columns` x `rows` cells.
        func describes(_ spans: ColumnSpans, y: AffineMap, columns: Int, rows: Int, charset: Charset) -> Bool {
            contents === spans.contents && points == spans.points && x == spans.x && self.y == y
                && self.columns == columns && self.rows == rows && self.charset == charset
        }
    }

    private var lines: [Line] = []
    /// The histograms of the panes that have one (MACD's), in order.
    private var histograms: [PaneHistogram] = []

    /// How many lines are kept.
    var lineCount: Int { lines.count }

    /// The histogram kept for `histogram` over `first...last` under `x` in `widthDots` dot columns, nil when none is.
    func histogram(for histogram: MinMaxIndex, x: AffineMap, first: Int, last: Int, widthDots: Int) -> PaneHistogram? {
        histograms.first { $0.describes(histogram, x: x, first: first, last: last, widthDots: widthDots) }
    }

    /// Keeps the histograms `wanted` (each one's index and points), from those kept before at their places.
    mutating func keepHistograms(_ wanted: [(index: MinMaxIndex, first: Int, last: Int)], x: AffineMap, widthDots: Int) {
        let before = histograms
        histograms = wanted.enumerated().map { k, h in
            before.first { $0.describes(h.index, x: x, first: h.first, last: h.last, widthDots: widthDots) }
                ?? PaneHistogram(h.index, x: x, first: h.first, last: h.last, widthDots: widthDots,
                                 reusing: k < before.count ? before[k] : nil)
        }
    }

    /// The canvas kept for the line of `spans` under `y` in `columns` x `rows` cells, nil when none is.
    func canvas(for spans: ColumnSpans, y: AffineMap, columns: Int, rows: Int, charset: Charset) -> DotCanvas? {
        lines.first { $0.describes(spans, y: y, columns: columns, rows: rows, charset: charset) }?.canvas
    }

    /// Keeps the dots of `wanted` (each pane line's spans and y map, in order) in canvases of
    /// `columns` x `rows` cells: a line kept already as it is stays; one whose spans were copied
    /// from those of the line kept at its place, under the same maps, keeps that line's dots in
    /// the copied columns and redraws the others; any other is drawn afresh.
    mutating func keep(_ wanted: [(spans: ColumnSpans, y: AffineMap)], columns: Int, rows: Int, charset: Charset) {
        let widthDots = columns * charset.dotColumnsPerCell, heightDots = rows * charset.dotRowsPerCell
        let before = lines
        lines = wanted.enumerated().map { k, line in
            if let same = before.first(where: { $0.describes(line.spans, y: line.y, columns: columns, rows: rows, charset: charset) }) {
                return same
            }
            let spans = line.spans
            if k < before.count, let copied = spans.copied {
                var old = before[k]
                if old.x == spans.x, old.y == line.y, old.columns == columns, old.rows == rows, old.charset == charset,
                   copied.contents === old.contents, copied.points == old.points, old.runs.count == widthDots {
                    let runs = LineRasterizer.runs(spans, y: line.y, widthDots: widthDots, heightDots: heightDots,
                                                   keeping: old.runs, columns: copied.columns)
                    old.canvas.redraw(from: old.runs, to: runs, widthDots: widthDots)
                    return Line(contents: spans.contents, points: spans.points, x: spans.x, y: line.y, columns: columns,
                                rows: rows, charset: charset, runs: runs, canvas: old.canvas)
                }
            }
            let runs = LineRasterizer.runs(spans, y: line.y, widthDots: widthDots, heightDots: heightDots)
            var canvas = DotCanvas(columns: columns, rows: rows, charset: charset)
            canvas.redraw(from: [], to: runs, widthDots: widthDots)
            return Line(contents: spans.contents, points: spans.points, x: spans.x, y: line.y, columns: columns, rows: rows,
                        charset: charset, runs: runs, canvas: canvas)
        }
    }
}

extension ViewerState {
    /// Works out (or keeps) the dots of the panes' lines in the still frame at `time`, after an
    /// event, from those kept before; nothing while a morph runs (its frames draw their own).
    mutating func keepPaneLines(at time: Double) {
        guard morph == nil, !layout.isTooSmall, layout.shownPanes > 0 else {
            keptPaneLines = KeptPaneLines()
            return
        }
        let charset = options.charset, rows = layout.paneRows, x = projection(at: time).x, drawn = drawnPoints(at: time)
        var wanted: [(spans: ColumnSpans, y: AffineMap)] = []
        var histograms: [(index: MinMaxIndex, first: Int, last: Int)] = []
        for pane in paneIndicators.prefix(layout.shownPanes) {
            guard let points = IndicatorPanes.points(of: pane, drawn: drawn) else { continue }
            let y = IndicatorPanes.yMap(of: pane, over: points, rows: rows, charset: charset)
            for j in 0..<pane.lineCount { wanted.append((columnSpans(pane.plotted[j], points: points, x: x), y)) }
            if pane.hasHistogram, x.scale != 0 { histograms.append((pane.plotted[pane.lineCount], points.lowerBound, drawn.upperBound)) }
        }
        keptPaneLines.keep(wanted, columns: layout.chartWidth, rows: rows, charset: charset)
        keptPaneLines.keepHistograms(histograms, x: x, widthDots: layout.chartWidth * charset.dotColumnsPerCell)
    }
}
