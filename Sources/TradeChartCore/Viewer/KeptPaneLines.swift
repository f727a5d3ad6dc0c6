/// The indicator panes of the still frame, kept in the state between frames as `KeptPlot`
/// keeps the price's plot: their lines' dots, MACD's histogram values and each pane's cells
/// composed from them (the lines, the bars, the dashed guides; not the cursor, the ticks or
/// the title), worked out after each event from what was kept before
/// (`ViewerState.keepPaneLines(at:)`). A look at a followed file redraws only the dot columns
/// whose spans were not copied from the look before (`ColumnSpans.copied`) and the bars whose
/// values changed, and composes only the cells of the columns they reach; a frame that draws
/// a pane as it was kept copies its cells (`IndicatorPanes.paint`), any other draws its own.
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
        /// The dot columns redrawn by the last `keep`: nil when the line was drawn afresh.
        var changed: [Int]?

        /// Whether this is the line of `spans` under `y` in a canvas of `columns` x `rows` cells.
        func describes(_ spans: ColumnSpans, y: AffineMap, columns: Int, rows: Int, charset: Charset) -> Bool {
            contents === spans.contents && points == spans.points && x == spans.x && self.y == y
                && self.columns == columns && self.rows == rows && self.charset == charset
        }
    }

    private var lines: [Line] = []
    /// The histograms of the panes that have one (MACD's), in order.
    private var histograms: [PaneHistogram] = []
    /// The panes' cells, in order.
    private var panes: [PaneCells] = []

    /// How many lines are kept.
    var lineCount: Int { lines.count }
    /// How many panes' cells are kept.
    var paneCount: Int { panes.count }

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
        // Taken out of the state, so that a line redrawn in part is held once and changed in place.
        var before = lines
        lines = []
        lines = wanted.enumerated().map { k, line in
            if var same = before.first(where: { $0.describes(line.spans, y: line.y, columns: columns, rows: rows, charset: charset) }) {
                same.changed = []
                return same
            }
            let spans = line.spans
            if k < before.count, let copied = spans.copied {
                // Its fields read where they lie (a copy of the line would hold its dots a second time).
                if before[k].x == spans.x, before[k].y == line.y, before[k].columns == columns, before[k].rows == rows,
                   before[k].charset == charset, copied.contents === before[k].contents, copied.points == before[k].points,
                   before[k].runs.count == widthDots {
                    // Its dots and canvas moved out of the list before (held once), the columns outside those copied redrawn.
                    var runs = before[k].runs, canvas = before[k].canvas
                    before[k].runs = []
                    before[k].canvas = DotCanvas(columns: 0, rows: 0, charset: charset)
                    var changed: [Int] = []
                    LineRasterizer.updateRuns(&runs, spans, y: line.y, widthDots: widthDots, heightDots: heightDots,
                                              keeping: copied.columns, canvas: &canvas) { changed.append($0) }
                    return Line(contents: spans.contents, points: spans.points, x: spans.x, y: line.y, columns: columns,
                                rows: rows, charset: charset, runs: runs, canvas: canvas, changed: changed)
                }
            }
            let runs = LineRasterizer.runs(spans, y: line.y, widthDots: widthDots, heightDots: heightDots)
            var canvas = DotCanvas(columns: columns, rows: rows, charset: charset)
            canvas.redraw(from: [], to: runs, widthDots: widthDots)
            return Line(contents: spans.contents, points: spans.points, x: spans.x, y: line.y, columns: columns, rows: rows,
                        charset: charset, runs: runs, canvas: canvas, changed: nil)
        }
    }

    /// The cells kept for the pane at place `k` (among those shown) when they are those of
    /// `pane` over `points` under `x` in `columns` x `rows` cells; nil when they are not (a
    /// frame then composes its own).
    func cells(ofPane k: Int, _ pane: IndicatorLine, points: ClosedRange<Int>, x: AffineMap, columns: Int, rows: Int,
               charset: Charset) -> PaneCells? {
        guard let kept = panes.first(where: { $0.place == k }) else { return nil }
        guard kept.choice == pane.choice, kept.points == points, kept.x == x, kept.columns == columns, kept.rows == rows,
              kept.charset == charset, kept.contents.count == pane.plotted.count,
              zip(kept.contents, pane.plotted).allSatisfy({ $0 === $1.contents }) else { return nil }
        return kept
    }

    /// One pane to compose (`keepCells`): the indicator, its points and y range, where its
    /// lines start among those kept (`keep`), and its histogram's place among those kept.
    struct PaneToCompose {
        /// The pane's place among those shown.
        let place: Int
        let pane: IndicatorLine
        let points: ClosedRange<Int>
        let low: Double
        let high: Double
        let y: AffineMap
        let firstLine: Int
        let histogram: Int?
    }

    /// Composes the cells of `wanted` (after `keep` and `keepHistograms`, whose lines and
    /// histograms they name) under `x` in `columns` x `rows` cells: a pane kept under the same
    /// maps whose lines were all kept or redrawn in part composes only the cell columns that
    /// changed (dots redrawn, bars whose value changed); any other is composed whole.
    mutating func keepCells(_ wanted: [PaneToCompose], x: AffineMap, columns: Int, rows: Int, charset: Charset) {
        let before = panes
        panes = wanted.map { want in
            let lineCount = want.pane.lineCount
            let paneLines = (want.firstLine..<(want.firstLine + lineCount)).map { lines[$0] }
            let bars = want.histogram.map { histograms[$0].values } ?? []
            if var old = before.first(where: { $0.place == want.place }), old.choice == want.pane.choice, old.x == x, old.y == want.y,
               old.low == want.low, old.high == want.high, old.columns == columns, old.rows == rows, old.charset == charset,
               old.bars.count == bars.count, paneLines.allSatisfy({ $0.changed != nil }) {
                var dirty = [Bool](repeating: false, count: columns)
                let perCell = charset.dotColumnsPerCell
                for line in paneLines { for c in line.changed! where c / perCell < columns { dirty[c / perCell] = true } }
                for c in bars.indices where !(bars[c] == old.bars[c] || (bars[c].isNaN && old.bars[c].isNaN)) {
                    old.drawBar(column: c, from: old.bars[c], to: bars[c])
                    if c / perCell < columns { dirty[c / perCell] = true }
                }
                old.bars = bars
                old.contents = want.pane.plotted.map(\.contents)
                old.points = want.points
                old.compose(lines: paneLines.map(\.canvas), columns: dirty.indices.filter { dirty[$0] })
                return old
            }
            var pane = PaneCells(place: want.place, pane: want.pane, points: want.points, x: x, low: want.low, high: want.high, y: want.y,
                                 columns: columns, rows: rows, charset: charset, bars: bars)
            pane.compose(lines: paneLines.map(\.canvas), columns: Array(0..<columns))
            return pane
        }
    }
}

/// One indicator pane's cells (its lines, its bars and its guides composed) and where the
/// cursor line shows through (no line or bar there): kept for the still frame
/// (`KeptPaneLines`), or composed for a frame whose pane was not kept (`IndicatorPanes.paint`).
struct PaneCells: Sendable {
    /// The pane's place among those shown.
    let place: Int
    let choice: IndicatorChoice
    /// The contents of the pane's plotted lines (its histogram's last) the cells show.
    var contents: [MinMaxIndex.Contents]
    var points: ClosedRange<Int>
    let x: AffineMap
    /// The pane's y range and map.
    let low: Double
    let high: Double
    let y: AffineMap
    let columns: Int
    let rows: Int
    let charset: Charset
    /// MACD's bars: per dot column the value drawn (NaN where none), and the dots rising and falling.
    var bars: [Double]
    private var up: DotCanvas
    private var down: DotCanvas
    private let guides: DotCanvas
    private let styles: [CellStyle]
    /// The cells, row by row (`columns` a row).
    private(set) var cells: [Cell]
    /// Per cell, whether the cursor line shows there (no line's dots, no bar).
    private(set) var open: [Bool]

    init(place: Int, pane: IndicatorLine, points: ClosedRange<Int>, x: AffineMap, low: Double, high: Double, y: AffineMap,
         columns: Int, rows: Int, charset: Charset, bars: [Double]) {
        self.place = place
        choice = pane.choice
        contents = pane.plotted.map(\.contents)
        self.points = points
        self.x = x
        self.low = low
        self.high = high
        self.y = y
        self.columns = columns
        self.rows = rows
        self.charset = charset
        self.bars = bars
        up = DotCanvas(columns: columns, rows: rows, charset: charset)
        down = up
        var guides = up
        for level in IndicatorPanes.guideLevels(pane.choice) { LineRasterizer.drawDashedRow(atY: y(level), into: &guides) }
        self.guides = guides
        styles = pane.dims.enumerated().map { j, dim in CellStyle(.palette(j), dim ? .dim : []) }
        cells = [Cell](repeating: .blank, count: columns * rows)
        open = [Bool](repeating: true, count: columns * rows)
        for (column, value) in bars.enumerated() { drawBar(column: column, from: .nan, to: value) }
    }

    /// Redraws MACD's bar of dot column `column` from `old` to `new` (NaN: none): from zero to
    /// the value, rising when it is not below zero, else falling.
    mutating func drawBar(column: Int, from old: Double, to new: Double) {
        if !old.isNaN {
            up.clearColumn(column, from: 0, through: up.heightDots - 1)
            down.clearColumn(column, from: 0, through: down.heightDots - 1)
        }
        guard !new.isNaN else { return }
        let zero = y(0), bar = y(new)
        if new >= 0 {
            LineRasterizer.fill(column: column, yLow: min(zero, bar), yHigh: max(zero, bar), canvas: &up)
        } else {
            LineRasterizer.fill(column: column, yLow: min(zero, bar), yHigh: max(zero, bar), canvas: &down)
        }
    }

    /// Composes the cells of `columns` from the pane's `lines` (in order of precedence), its
    /// bars and its guides: in each cell the first line with dots there, else a rising bar,
    /// else a falling one, else the guides (the cursor line, laid over by a frame, shows where
    /// no line or bar is: `open`).
    mutating func compose(lines: [DotCanvas], columns changed: [Int]) {
        guard !changed.isEmpty else { return }
        let columns = columns, charset = charset, styles = styles
        let dotted: Unicode.Scalar = "."
        let lineBits = lines.map(\.cellBits), upBits = up.cellBits, downBits = down.cellBits, guideBits = guides.cellBits
        cells.withUnsafeMutableBufferPointer { cells in
            open.withUnsafeMutableBufferPointer { open in
                for column in changed {
                    for row in 0..<rows {
                        let i = row * columns + column
                        var cell = Cell.blank, shows = true
                        if let j = lineBits.firstIndex(where: { $0[i] != 0 }) {
                            cell = Cell(charset.glyph(lineBits[j][i]), styles[j])
                            shows = false
                        } else if upBits[i] != 0 {
                            cell = Cell(charset.glyph(upBits[i]), CellStyle(.rising))
                            shows = false
                        } else if downBits[i] != 0 {
                            cell = Cell(charset.glyph(downBits[i]), CellStyle(.falling))
                            shows = false
                        } else if guideBits[i] != 0 {
                            cell = Cell(charset == .ascii ? dotted : charset.glyph(guideBits[i]), .muted)
                        }
                        cells[i] = cell
                        open[i] = shows
                    }
                }
            }
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
        var panes: [KeptPaneLines.PaneToCompose] = []
        for (place, pane) in paneIndicators.prefix(layout.shownPanes).enumerated() {
            guard let points = IndicatorPanes.points(of: pane, drawn: drawn) else { continue }
            let (low, high) = IndicatorPanes.range(of: pane, over: points)
            let y = IndicatorPanes.yMap(low: low, high: high, rows: rows, charset: charset)
            let histogram = pane.hasHistogram && x.scale != 0 ? histograms.count : nil
            panes.append(.init(place: place, pane: pane, points: points, low: low, high: high, y: y, firstLine: wanted.count,
                               histogram: histogram))
            for j in 0..<pane.lineCount { wanted.append((columnSpans(pane.plotted[j], points: points, x: x), y)) }
            if histogram != nil { histograms.append((pane.plotted[pane.lineCount], points.lowerBound, drawn.upperBound)) }
        }
        keptPaneLines.keep(wanted, columns: layout.chartWidth, rows: rows, charset: charset)
        keptPaneLines.keepHistograms(histograms, x: x, widthDots: layout.chartWidth * charset.dotColumnsPerCell)
        keptPaneLines.keepCells(panes, x: x, columns: layout.chartWidth, rows: rows, charset: charset)
    }
}
