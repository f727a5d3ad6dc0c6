/// What the plot of a chart is made of at one moment: the price, the compared files and
/// the averages and overlays each on dot layers, the dashed baseline, and what lies on
/// top (the scrub cursor and its point, the mark, the newest point's glow, the compared
/// files' symbols), and the one cell each plot cell shows of them: one colour per cell,
/// the price winning over the compared files, they over the averages, they over the cursor
/// line, the cursor over the baseline; the cursor's point, the mark and the glow on top.
/// The chart painter paints every cell of it; the kept still plot (`KeptPlot`) asks it for
/// the cells of the columns that changed.
struct PlotParts {
    let width: Int
    let height: Int
    let charset: Charset
    let price: PriceLayer
    let others: CellLayer
    let otherStyles: [CellStyle]
    let averages: CellLayer
    let averageStyles: [CellStyle]
    let baseline: DotCanvas
    /// The compared files' symbols on their lines, by cell (empty when no file is compared).
    let symbols: [Cell?]
    /// The scrub cursor's column and its point's row (-1 when hidden or not on the line).
    let cursorColumn: Int
    let markerRow: Int
    let markerStyle: CellStyle
    let mark: CellPosition
    let live: CellPosition
    let lineStyle: CellStyle

    /// A cell of the plot, row and column from its top left; (-1, -1) for none.
    struct CellPosition: Sendable, Equatable {
        var column: Int
        var row: Int
        static let none = CellPosition(column: -1, row: -1)
    }

    /// The parts of `state`'s plot where `geometry` puts it.
    init(state: ViewerState, geometry: FrameGeometry) {
        let projection = geometry.projection
        let layout = state.layout
        let charset = state.options.charset
        let drawn = geometry.drawn
        width = layout.chartWidth
        height = layout.chartHeight
        self.charset = charset
        price = PriceLayer(state: state, geometry: geometry)
        baseline = Self.baseline(row: projection.baselineRow, width: width, height: height, charset: charset)
        // Each average from its first full window on, then the indicators drawn on the price.
        func line(_ index: MinMaxIndex, from first: Int) -> DotCanvas {
            var canvas = DotCanvas(columns: layout.chartWidth, rows: layout.chartHeight, charset: charset)
            if let points = ChartPainter.overlayPoints(from: first, drawn: drawn) {
                LineRasterizer.drawLine(state.columnSpans(index, points: points, x: projection.x), y: projection.y,
                                        into: &canvas)
            }
            return canvas
        }
        let overlayLines = state.overlayIndicatorLines
        let averageLines = state.averages.map { line($0.plotIndex, from: $0.average.firstDefined) }
            + overlayLines.map { line($0.index, from: $0.first) }

        // The other files compared: each where it has values, with its map from price to row.
        var otherLines: [DotCanvas] = []
        var symbols = [Cell?](repeating: nil, count: state.others.isEmpty ? 0 : layout.chartWidth * layout.chartHeight)
        for (k, other) in state.others.enumerated() where k < projection.others.count {
            var canvas = DotCanvas(columns: layout.chartWidth, rows: layout.chartHeight, charset: charset)
            let y = projection.others[k]
            if y.scale != 0, let run = other.covered(drawn.lowerBound, drawn.upperBound) {
                LineRasterizer.drawLine(other.index, points: run, x: projection.x, y: y, into: &canvas)
                // Its symbol on the line every dozen cells and at its right end, so the line is
                // told apart without colour too.
                let symbol = Cell(other.symbol(charset), CellStyle(other.role, .bold))
                let step = 12
                var column = 4 + (k * 4) % step
                var points: [Int] = []
                while column < layout.chartWidth {
                    let dotX = (Double(column) + 0.5) * Double(charset.dotColumnsPerCell)
                    if projection.x.scale != 0 {
                        let i = Clamp.int(projection.x.inverse(dotX).rounded(), ifNaN: -1)
                        if run.contains(i) { points.append(i) }
                    }
                    column += step
                }
                points.append(run.upperBound)
                for i in points {
                    let c = Clamp.int((projection.x(Double(i)) / Double(charset.dotColumnsPerCell)).rounded(.down), ifNaN: -1)
                    let r = Clamp.int((y(other.plotted(other.sampled.values[i])) / Double(charset.dotRowsPerCell)).rounded(.down),
                                      ifNaN: -1)
                    if c >= 0, c < layout.chartWidth, r >= 0, r < layout.chartHeight { symbols[r * layout.chartWidth + c] = symbol }
                }
            }
            otherLines.append(canvas)
        }
        self.symbols = symbols
        otherStyles = state.others.map { CellStyle($0.role) }
        others = CellLayer(otherLines)

        let lineStyle = CellStyle(projection.rising ? .rising : .falling)
        self.lineStyle = lineStyle
        var cursorColumn = -1
        var markerRow = -1
        var markerStyle = lineStyle
        // Over candles the cursor runs through the wick of its candle, without a marker.
        if let column = geometry.candleCursorColumn {
            cursorColumn = column
        } else if let cursor = geometry.cursor {
            let cell = Self.cell(of: cursor, state: state, projection: projection)
            (cursorColumn, markerRow) = (cell.column, cell.row)
            let price = state.series.prices[cursor]
            markerStyle = CellStyle(price >= state.baselinePrice ? .rising : .falling, .bold)
        }
        self.cursorColumn = cursorColumn
        self.markerRow = markerRow
        self.markerStyle = markerStyle
        (mark, live) = Self.markAndGlow(state: state, projection: projection, drawn: drawn, time: geometry.time)
        averageStyles = Self.averageStyles(state)
        averages = Self.averageLayer(averageLines, charset: charset, color: state.options.color, width: width)
    }

    /// The parts of a still line chart of one file, without a cursor, from its layers: the
    /// price line's canvas, the averages' and overlays' canvases and the baseline.
    init(line: DotCanvas, style: CellStyle, averages: [DotCanvas], averageStyles: [CellStyle], color: Bool,
         baseline: DotCanvas, mark: CellPosition, live: CellPosition) {
        width = line.columns
        height = line.rows
        charset = line.charset
        price = PriceLayer(line: line, style: style)
        others = CellLayer([])
        otherStyles = []
        self.averages = Self.averageLayer(averages, charset: charset, color: color, width: width)
        self.averageStyles = averageStyles
        self.baseline = baseline
        symbols = []
        cursorColumn = -1
        markerRow = -1
        markerStyle = style
        self.mark = mark
        self.live = live
        lineStyle = style
    }

    /// The dashed baseline at the continuous row coordinate `row`.
    static func baseline(row: Double, width: Int, height: Int, charset: Charset) -> DotCanvas {
        var baseline = DotCanvas(columns: width, rows: height, charset: charset)
        LineRasterizer.drawDashedRow(atY: row, into: &baseline)
        return baseline
    }

    /// The styles of the averages and then of the indicators drawn on the price.
    static func averageStyles(_ state: ViewerState) -> [CellStyle] {
        state.averages.indices.map { CellStyle(state.averageRole($0), .dim) } + state.overlayIndicatorStyles
    }

    /// The averages as one layer: in each cell the first average with dots there. Without
    /// colour an average would look like the price: it is drawn dotted, its dots in every
    /// other dot column only.
    static func averageLayer(_ lines: [DotCanvas], charset: Charset, color: Bool, width: Int) -> CellLayer {
        let keep: UInt8 = color ? 0xFF : (charset == .braille ? 0x47 : charset == .block ? 0x05 : 0xFF)
        return CellLayer(lines, keep: color ? nil : { _, i in
            charset == .ascii && (i % width) % 2 == 1 ? 0 : keep
        })
    }

    /// The cell of point `point` of the price at `projection`.
    static func cell(of point: Int, state: ViewerState, projection: ChartProjection) -> CellPosition {
        let charset = state.options.charset
        return CellPosition(
            column: Clamp.int((projection.x(Double(point)) / Double(charset.dotColumnsPerCell)).rounded(.down), ifNaN: -1),
            row: Clamp.int((projection.y(state.plotIndex.values[point]) / Double(charset.dotRowsPerCell)).rounded(.down),
                           ifNaN: -1))
    }

    /// The mark (Space), where it lies in the points drawn, and, following a file, the
    /// newest point, which glows (the terminal blinks it) while the chart is still.
    static func markAndGlow(state: ViewerState, projection: ChartProjection, drawn: ClosedRange<Int>,
                            time: Double) -> (mark: CellPosition, live: CellPosition) {
        var mark = CellPosition.none
        if let marked = state.markedPoint, drawn.contains(marked) {
            mark = cell(of: marked, state: state, projection: projection)
        }
        var live = CellPosition.none
        if state.options.live && !state.isAnimating(at: time) && !state.drawsCandles {
            live = cell(of: state.series.count - 1, state: state, projection: projection)
        }
        return (mark, live)
    }

    /// The cell at `column`, `row` (the `i`-th of the plot, row by row); nil when it is blank.
    @inline(__always) func cell(column: Int, row: Int, at i: Int) -> Cell? {
        let (lineBits, priceStyle) = price.cell(at: i)
        if column == cursorColumn && row == markerRow {
            return Cell(charset == .ascii ? "o" : "●", markerStyle)
        } else if column == mark.column && row == mark.row {
            return Cell(charset == .ascii ? "*" : "◆", CellStyle(.accent, .bold))
        } else if column == live.column && row == live.row {
            return Cell(charset == .ascii ? "o" : "●", CellStyle(lineStyle.color, [.bold, .blink]))
        } else if !symbols.isEmpty, let symbol = symbols[i] {
            return symbol
        } else if lineBits != 0 {
            return Cell(charset.glyph(lineBits), priceStyle)
        } else if let (bits, k) = others.top(i) {
            return Cell(charset.glyph(bits), otherStyles[k])
        } else if let (bits, k) = averages.top(i) {
            return Cell(charset.glyph(bits), averageStyles[k])
        } else if column == cursorColumn {
            // In ASCII the line uses ' - _ | : so the cursor and the baseline take glyphs of their own.
            return Cell(charset == .ascii ? "!" : "│", .muted)
        }
        let baseBits = baseline.bits(column: column, row: row)
        guard baseBits != 0 else { return nil }
        return Cell(charset == .ascii ? "." : charset.glyph(baseBits), .muted)
    }

    /// Every cell of the plot, row by row, blank where nothing shows.
    func cells() -> [Cell] {
        var cells = [Cell](repeating: .blank, count: width * height)
        cells.withUnsafeMutableBufferPointer { cells in
            forEachShown { i, column, row in
                if let cell = cell(column: column, row: row, at: i) { cells[i] = cell }
            }
        }
        return cells
    }

    /// Paints the plot onto a blank frame with its top left cell at (`x`, `y`), clipped to the frame.
    func paint(x chartX: Int, y chartY: Int, into frame: inout Frame) {
        let frameWidth = frame.width, frameHeight = frame.height
        // Straight into the frame's cells where the chart lies inside it.
        frame.paintOverBlank { cells in
            forEachShown { i, column, row in
                guard let cell = cell(column: column, row: row, at: i) else { return }
                let x = chartX + column, y = chartY + row
                if x >= 0 && y >= 0 && x < frameWidth && y < frameHeight { cells[y * frameWidth + x] = cell }
            }
        }
    }

    /// Calls `body` with every cell that can show something (index, column, row): the plot
    /// is mostly blank, and only these cells are visited.
    private func forEachShown(_ body: (Int, Int, Int) -> Void) {
        var shown = CellLayer.union([price.first.cellBits, price.second?.cellBits ?? [], others.cellBits,
                                     averages.cellBits, baseline.cellBits], count: width * height)
        for position in [mark, live]
        where position.column >= 0 && position.column < width && position.row >= 0 && position.row < height {
            shown[position.row * width + position.column] = 1
        }
        if cursorColumn >= 0 && cursorColumn < width {
            for row in 0..<height { shown[row * width + cursorColumn] = 1 }
        }
        for i in symbols.indices where symbols[i] != nil { shown[i] = 1 }
        let width = width
        CellLayer.forEachNonzero(shown) { i in
            let row = i / width
            body(i, i - row * width, row)
        }
    }
}
