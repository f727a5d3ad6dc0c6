/// The plot of the still frame of a line chart of one file (the price line, the averages
/// and the indicators on it, the dashed baseline, the mark and the newest point's glow),
/// kept in the state between frames as its cells: worked out after each event
/// (`ViewerState.keepStillPlot(at:)`) from the plot kept before, so a look at a followed
/// file redraws only the dot columns whose dots moved and recomposes only their cells;
/// every frame drawn with the same inputs (`StillPlotInputs`) takes the cells as they are.
/// A frame whose inputs differ (a morph's, a scrubbed one, candles, files compared, a state
/// changed since) paints its own plot.
struct KeptPlot: Sendable {
    private var inputs: StillPlotInputs?
    /// Per line (the price first): its dots in each dot column, and its canvas.
    private var runs: [[DotRun]] = []
    private var canvases: [DotCanvas] = []
    private var baseline: DotCanvas?
    private var cells: [Cell] = []

    /// The plot's cells, row by row, when they were worked out from `inputs`.
    func cells(for inputs: StillPlotInputs) -> [Cell]? { inputs == self.inputs ? cells : nil }

    /// Keeps the plot of `inputs`, whose lines' spans are `lines` (nil for a line with
    /// nothing drawn), redrawing only what changed since the plot kept before.
    mutating func keep(_ inputs: StillPlotInputs, lines: [ColumnSpans?]) {
        let charset = inputs.charset, dotColumns = charset.dotColumnsPerCell
        let width = inputs.width, height = inputs.height
        let widthDots = width * dotColumns, heightDots = height * charset.dotRowsPerCell
        let old = self.inputs
        let sameCanvas = old.map { $0.width == width && $0.height == height && $0.charset == charset } ?? false
        let sameMaps = sameCanvas && old.map { $0.x == inputs.x && $0.y == inputs.y } ?? false
        // The dots are kept while the grid stays; the cells while everything but the dots does.
        let sameGrid = sameCanvas && runs.count == lines.count
        let sameLook = sameGrid && old.map {
            $0.color == inputs.color && $0.lineStyle == inputs.lineStyle && $0.baselineRow == inputs.baselineRow
                && $0.lines.map(\.style) == inputs.lines.map(\.style)
        } ?? false
        if !sameGrid {
            canvases = lines.map { _ in DotCanvas(columns: width, rows: height, charset: charset) }
            runs = lines.map { _ in [] }
        }
        var dirty = [Bool](repeating: !sameLook, count: width)
        for k in lines.indices {
            guard let spans = lines[k] else {
                canvases[k].redraw(from: runs[k], to: [], widthDots: widthDots) { dirty[$0 / dotColumns] = true }
                runs[k] = []
                continue
            }
            // Columns whose spans were copied from those these dots were drawn from, under the same maps, keep their dots:
            // the others are redrawn in place.
            if sameGrid, sameMaps, let old, k < old.lines.count, runs[k].count == widthDots, let copied = spans.copied,
               copied.contents === old.lines[k].contents, copied.points == old.lines[k].points {
                LineRasterizer.updateRuns(&runs[k], spans, y: inputs.y, widthDots: widthDots, heightDots: heightDots,
                                          keeping: copied.columns, canvas: &canvases[k]) { dirty[$0 / dotColumns] = true }
                continue
            }
            let new = LineRasterizer.runs(spans, y: inputs.y, widthDots: widthDots, heightDots: heightDots)
            canvases[k].redraw(from: runs[k], to: new, widthDots: widthDots) { dirty[$0 / dotColumns] = true }
            runs[k] = new
        }
        if !sameLook || baseline == nil {
            baseline = PlotParts.baseline(row: inputs.baselineRow, width: width, height: height, charset: charset)
        }
        // The mark and the glow: the cells they left and those they reach.
        if sameLook, let old {
            for (before, now) in [(old.mark, inputs.mark), (old.live, inputs.live)] where before != now {
                for column in [before.column, now.column] where column >= 0 && column < width { dirty[column] = true }
            }
        }
        let parts = PlotParts(line: canvases[0], style: inputs.lineStyle, averages: Array(canvases.dropFirst()),
                              averageStyles: inputs.lines.dropFirst().map(\.style), color: inputs.color,
                              baseline: baseline!, mark: inputs.mark, live: inputs.live)
        if !sameLook || cells.count != width * height {
            cells = parts.cells()
        } else {
            cells.withUnsafeMutableBufferPointer { cells in
                for column in 0..<width where dirty[column] {
                    for row in 0..<height {
                        let i = row * width + column
                        cells[i] = parts.cell(column: column, row: row, at: i) ?? .blank
                    }
                }
            }
        }
        self.inputs = inputs
    }
}

/// What the still plot of a line chart of one file is worked out from: the chart's size
/// (its place does not change its cells), the dots' charset and colour, the maps, the baseline, each line (its index's
/// contents, its points, its style), the mark and the newest point. Nil (`init`) for a plot
/// that is not kept: candles, files compared, a cursor shown, a morph running.
struct StillPlotInputs: Sendable, Equatable {
    var width: Int
    var height: Int
    var charset: Charset
    var color: Bool
    var x: AffineMap
    var y: AffineMap
    var baselineRow: Double
    var lineStyle: CellStyle
    var lines: [Line]
    var mark: PlotParts.CellPosition
    var live: PlotParts.CellPosition

    /// A line of the plot (the price, an average, an indicator on the price): its index's
    /// contents (held as a token only: a second hold on the index's values would make the
    /// next append copy them), its points, its style.
    struct Line: Sendable, Equatable {
        let contents: MinMaxIndex.Contents
        /// The points drawn; nil when the line draws nothing.
        let points: ClosedRange<Int>?
        let style: CellStyle

        static func == (a: Line, b: Line) -> Bool {
            a.contents === b.contents && a.points == b.points && a.style == b.style
        }
    }

    /// The lines of the plot of `state` drawing `drawn`: the price (in `priceStyle`), then
    /// each average and each indicator on the price, with their indices.
    static func lines(_ state: ViewerState, drawn: ClosedRange<Int>, priceStyle: CellStyle)
        -> [(index: MinMaxIndex, points: ClosedRange<Int>?, style: CellStyle)] {
        let averages = state.averages.map { ($0.plotIndex, $0.average.firstDefined) }
            + state.overlayIndicatorLines.map { ($0.index, $0.first) }
        return [(state.plotIndex, drawn, priceStyle)]
            + zip(averages, PlotParts.averageStyles(state)).map { average, style in
                (average.0, ChartPainter.overlayPoints(from: average.1, drawn: drawn), style)
            }
    }

    /// The inputs of the plot of a frame at `geometry`.
    init?(_ state: borrowing ViewerState, geometry: FrameGeometry) {
        guard geometry.candleCursorColumn == nil else { return nil }
        self.init(state, time: geometry.time, projection: geometry.projection, drawn: geometry.drawn,
                  cursor: geometry.cursor)
    }

    /// The inputs of the plot of `state` at `time`, at `projection`, drawing `drawn`, with `cursor` shown.
    init?(_ state: borrowing ViewerState, time: Double, projection: ChartProjection, drawn: ClosedRange<Int>, cursor: Int?) {
        let layout = state.layout
        guard cursor == nil, !state.drawsCandles, state.others.isEmpty, !layout.isTooSmall,
              !state.isAnimating(at: time) else { return nil }
        width = layout.chartWidth
        height = layout.chartHeight
        charset = state.options.charset
        color = state.options.color
        x = projection.x
        y = projection.y
        baselineRow = projection.baselineRow
        let lineStyle = CellStyle(projection.rising ? .rising : .falling)
        self.lineStyle = lineStyle
        lines = Self.lines(state, drawn: drawn, priceStyle: lineStyle).map {
            Line(contents: $0.index.contents, points: $0.points, style: $0.style)
        }
        (mark, live) = PlotParts.markAndGlow(state: state, projection: projection, drawn: drawn, time: time)
    }
}

/// The dots a line lights in one dot column, rows `top` through `bottom` (none when `top > bottom`).
struct DotRun: Sendable, Equatable {
    var top: Int32
    var bottom: Int32
    static let none = DotRun(top: 0, bottom: -1)
    var isEmpty: Bool { top > bottom }
}

extension DotCanvas {
    /// Redraws the dot columns (of the first `widthDots`) whose runs differ between `old` and
    /// `new` (a column past the end of either has none), handing each one to `changed`.
    mutating func redraw(from old: [DotRun], to new: [DotRun], widthDots: Int, changed: (Int) -> Void = { _ in }) {
        for c in 0..<widthDots {
            let a = c < old.count ? old[c] : .none, b = c < new.count ? new[c] : .none
            guard a != b else { continue }
            if !a.isEmpty { clearColumn(c, from: Int(a.top), through: Int(a.bottom)) }
            if !b.isEmpty { fillColumn(c, from: Int(b.top), through: Int(b.bottom)) }
            changed(c)
        }
    }
}

extension LineRasterizer {
    /// The dots `drawLine(_:y:into:)` lights in each of the `widthDots` dot columns of a
    /// canvas `heightDots` dots high (`updateRuns` works out those of some columns in place).
    static func runs(_ spans: ColumnSpans, y: AffineMap, widthDots: Int, heightDots: Int) -> [DotRun] {
        var runs = [DotRun](repeating: .none, count: widthDots)
        guard heightDots > 0 else { return runs }
        runs.withUnsafeMutableBufferPointer { runs in
            spans.forEach(y: y) { column, yLow, yHigh in
                // `fill(column:yLow:yHigh:canvas:)`'s clipping.
                guard column >= 0, column < widthDots, yLow <= yHigh, yHigh >= 0, yLow < Double(heightDots) else { return }
                let top = yLow <= 0 ? 0 : Clamp.int(yLow)
                let bottom = yHigh >= Double(heightDots) ? heightDots - 1 : Clamp.int(yHigh)
                if top <= bottom { runs[column] = DotRun(top: Int32(top), bottom: Int32(bottom)) }
            }
        }
        return runs
    }
}

extension LineRasterizer {
    /// `runs(_:y:widthDots:heightDots:keeping:columns:)` and `DotCanvas.redraw(from:to:widthDots:changed:)`
    /// in place: the dots of `runs` (one a dot column, `widthDots` of them) outside `kept`
    /// worked out again from `spans`, and each column whose dots changed redrawn on `canvas`
    /// and handed to `changed`; the columns in `kept` are not visited (a followed chart's look
    /// reaches a column or two at each end, not the whole width).
    static func updateRuns(_ runs: inout [DotRun], _ spans: ColumnSpans, y: AffineMap, widthDots: Int, heightDots: Int,
                           keeping kept: Range<Int>, canvas: inout DotCanvas, changed: (Int) -> Void = { _ in }) {
        precondition(runs.count == widthDots, "a run for every dot column")
        let kept = kept.clamped(to: 0..<widthDots)
        // The new dots of the columns outside `kept`: before it, then after it.
        var fresh = [DotRun](repeating: .none, count: widthDots - kept.count)
        if heightDots > 0 {
            fresh.withUnsafeMutableBufferPointer { fresh in
                spans.forEach(y: y, skipping: kept) { column, yLow, yHigh in
                    guard column >= 0, column < widthDots, yLow <= yHigh, yHigh >= 0, yLow < Double(heightDots) else { return }
                    let top = yLow <= 0 ? 0 : Clamp.int(yLow)
                    let bottom = yHigh >= Double(heightDots) ? heightDots - 1 : Clamp.int(yHigh)
                    if top <= bottom {
                        fresh[column < kept.lowerBound ? column : column - kept.count] = DotRun(top: Int32(top), bottom: Int32(bottom))
                    }
                }
            }
        }
        for (i, c) in (Array(0..<kept.lowerBound) + Array(kept.upperBound..<widthDots)).enumerated() where runs[c] != fresh[i] {
            let a = runs[c], b = fresh[i]
            if !a.isEmpty { canvas.clearColumn(c, from: Int(a.top), through: Int(a.bottom)) }
            if !b.isEmpty { canvas.fillColumn(c, from: Int(b.top), through: Int(b.bottom)) }
            runs[c] = b
            changed(c)
        }
    }
}

extension ViewerState {
    /// Works out (or keeps) the plot of the still frame at `time`, after an event: from the
    /// plot kept before, its lines' spans kept by `keepStillSpans()`. Nothing is kept while
    /// the frame's plot is not one that is kept (a morph running, a cursor shown).
    mutating func keepStillPlot(at time: Double) {
        guard let (inputs, lines) = stillPlotToKeep(at: time) else { return }
        keptPlot.keep(inputs, lines: lines)
    }

    /// The inputs of the still plot at `time` and its lines' spans, when it is kept and
    /// what is kept is not already it (worked out without a copy of the state).
    private func stillPlotToKeep(at time: Double) -> (StillPlotInputs, [ColumnSpans?])? {
        let projection = projection(at: time), drawn = drawnPoints(at: time)
        guard let inputs = StillPlotInputs(self, time: time, projection: projection, drawn: drawn,
                                           cursor: displayedCursor(at: time)),
              keptPlot.cells(for: inputs) == nil else { return nil }
        return (inputs, StillPlotInputs.lines(self, drawn: drawn, priceStyle: inputs.lineStyle).map { line in
            line.points.map { columnSpans(line.index, points: $0, x: projection.x) }
        })
    }
}
