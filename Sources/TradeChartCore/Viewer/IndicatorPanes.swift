/// The indicator panes under the chart (SPEC section 11), one an indicator, sharing the
/// price's x axis and its cursor line: RSI and the stochastic on 0–100 with dashed 30 and
/// 70 (20 and 80) lines; MACD and its signal around a dashed zero line with the histogram
/// as bars in the rising and falling colours; ATR on its own range. Each pane's y axis
/// spans the values drawn and has its own ticks in the label column; its title with the
/// value at the cursor (the newest point without one) stands at its top left.
enum IndicatorPanes {
    static func paint(state: ViewerState, geometry: FrameGeometry, cursorColumn: Int, into frame: inout Frame) {
        let layout = state.layout
        guard layout.shownPanes > 0 else { return }
        let charset = state.options.charset
        let drawn = geometry.drawn, x = geometry.projection.x
        let point = geometry.cursor ?? state.slice.last
        for (k, pane) in state.paneIndicators.prefix(layout.shownPanes).enumerated() {
            let top = layout.paneY(k), rows = layout.paneRows
            guard let points = points(of: pane, drawn: drawn) else {
                frame.write(pane.choice.title + " –", x: layout.chartX, y: top, style: .muted)
                continue
            }
            let low: Double, high: Double, y: AffineMap
            // The still frame's cells, kept since the last event (`KeptPaneLines`), the cursor line laid over them.
            if let kept = state.keptPaneLines.cells(ofPane: k, pane, points: points, x: x, columns: layout.chartWidth,
                                                    rows: rows, charset: charset) {
                (low, high, y) = (kept.low, kept.high, kept.y)
                frame.paint(kept.cells, width: layout.chartWidth, x: layout.chartX, y: top)
                if cursorColumn >= 0 && cursorColumn < layout.chartWidth {
                    for row in 0..<rows where kept.open[row * layout.chartWidth + cursorColumn] {
                        frame[layout.chartX + cursorColumn, top + row] = Cell(charset == .ascii ? "!" : "│", .muted)
                    }
                }
            } else {
                (low, high) = range(of: pane, over: points)
                y = yMap(low: low, high: high, rows: rows, charset: charset)
                compose(pane, state: state, points: points, drawn: drawn, x: x, y: y, top: top, cursorColumn: cursorColumn,
                        into: &frame)
            }
            // Its ticks: the guides where there is room, else the top and the bottom of its range.
            for (value, row) in ticks(pane.choice, low: low, high: high, rows: rows, y: y, dotsPerRow: charset.dotRowsPerCell) {
                let text = tickText(value, of: pane.choice, state)
                guard text.displayWidth <= layout.labelWidth else { continue }
                frame.write(text, x: layout.columns - text.displayWidth, y: top + row, style: .muted)
            }
            // The title on the pane's top row, a blank cell after it so that its value does not run into the line.
            let title = pane.choice.title + " " + state.indicatorText(pane.value(at: point), of: pane.choice)
            frame.write(title, x: layout.chartX, y: top, style: CellStyle(.plain, .bold))
            frame.write(" ", x: layout.chartX + title.displayWidth, y: top, style: .plain)
        }
    }

    /// Draws `pane`'s lines, bars, guides and the cursor line into its rows from `top`, as a
    /// frame draws a pane that was not kept.
    private static func compose(_ pane: IndicatorLine, state: ViewerState, points: ClosedRange<Int>, drawn: ClosedRange<Int>,
                                x: AffineMap, y: AffineMap, top: Int, cursorColumn: Int, into frame: inout Frame) {
        let layout = state.layout, charset = state.options.charset, rows = layout.paneRows
        let first = points.lowerBound
        func canvas() -> DotCanvas { DotCanvas(columns: layout.chartWidth, rows: rows, charset: charset) }
        var lines: [DotCanvas] = []
        for j in 0..<pane.lineCount {
            let spans = state.columnSpans(pane.plotted[j], points: points, x: x)
            // The still frame's dots, kept since the last event (`KeptPaneLines`), else drawn here.
            if let kept = state.keptPaneLines.canvas(for: spans, y: y, columns: layout.chartWidth, rows: rows, charset: charset) {
                lines.append(kept)
                continue
            }
            var c = canvas()
            LineRasterizer.drawLine(spans, y: y, into: &c)
            lines.append(c)
        }
        // Guides: 30 and 70 (20 and 80 for the stochastic), or zero.
        var guides = canvas()
        for level in guideLevels(pane.choice) { LineRasterizer.drawDashedRow(atY: y(level), into: &guides) }
        // MACD's histogram: a bar from zero in each dot column, the value at its middle.
        var up = canvas(), down = canvas()
        if pane.hasHistogram, x.scale != 0 {
            let histogram = pane.plotted[pane.lineCount], widthDots = layout.chartWidth * charset.dotColumnsPerCell
            // The point at each dot column's middle and its value: kept since the last event, else read here.
            let bars = state.keptPaneLines.histogram(for: histogram, x: x, first: first, last: drawn.upperBound,
                                                     widthDots: widthDots)
                ?? PaneHistogram(histogram, x: x, first: first, last: drawn.upperBound, widthDots: widthDots)
            for (column, value) in bars.values.enumerated() { drawBar(value, column: column, y: y, up: &up, down: &down) }
        }
        let styles = pane.dims.enumerated().map { j, dim in CellStyle(.palette(j), dim ? .dim : []) }
        let layer = CellLayer(lines)
        for row in 0..<rows {
            for column in 0..<layout.chartWidth {
                let i = row * layout.chartWidth + column
                let cell: Cell
                if let (bits, j) = layer.top(i) {
                    cell = Cell(charset.glyph(bits), styles[j])
                } else if up.cellBits[i] != 0 {
                    cell = Cell(charset.glyph(up.cellBits[i]), CellStyle(.rising))
                } else if down.cellBits[i] != 0 {
                    cell = Cell(charset.glyph(down.cellBits[i]), CellStyle(.falling))
                } else if column == cursorColumn {
                    cell = Cell(charset == .ascii ? "!" : "│", .muted)
                } else if guides.cellBits[i] != 0 {
                    cell = Cell(charset == .ascii ? "." : charset.glyph(guides.cellBits[i]), .muted)
                } else {
                    continue
                }
                frame[layout.chartX + column, top + row] = cell
            }
        }
    }

    /// Draws MACD's bar of `value` in dot column `column`: from zero to the value, in `up` when
    /// it is not below zero, else in `down`; nothing for NaN.
    static func drawBar(_ value: Double, column: Int, y: AffineMap, up: inout DotCanvas, down: inout DotCanvas) {
        guard !value.isNaN else { return }
        let zero = y(0), bar = y(value)
        if value >= 0 {
            LineRasterizer.fill(column: column, yLow: min(zero, bar), yHigh: max(zero, bar), canvas: &up)
        } else {
            LineRasterizer.fill(column: column, yLow: min(zero, bar), yHigh: max(zero, bar), canvas: &down)
        }
    }

    /// The points of `drawn` a pane draws: from its first value on, nil when it has none there.
    static func points(of pane: IndicatorLine, drawn: ClosedRange<Int>) -> ClosedRange<Int>? {
        let first = max(drawn.lowerBound, pane.firstDefined)
        return first <= drawn.upperBound ? first...drawn.upperBound : nil
    }

    /// A pane's y map over `points`, in a pane of `rows` cells: its range (`range(of:over:)`) top to bottom.
    static func yMap(of pane: IndicatorLine, over points: ClosedRange<Int>, rows: Int, charset: Charset) -> AffineMap {
        let (low, high) = range(of: pane, over: points)
        return yMap(low: low, high: high, rows: rows, charset: charset)
    }

    /// The y map from `high` at the top of a pane of `rows` cells to `low` at its bottom.
    static func yMap(low: Double, high: Double, rows: Int, charset: Charset) -> AffineMap {
        AffineMap(mapping: high, to: 0.5, and: low, to: Double(rows * charset.dotRowsPerCell) - 0.5)
    }

    /// The y range a pane spans: 0–100 for the oscillators, else its values drawn (with zero for MACD).
    static func range(of pane: IndicatorLine, over points: ClosedRange<Int>) -> (low: Double, high: Double) {
        switch pane.choice {
        case .rsi, .stochastic: return (0, 100)
        default:
            var low = Double.infinity, high = -Double.infinity
            for index in pane.plotted {
                let m = index.minMax(points)
                low = min(low, m.min)
                high = max(high, m.max)
            }
            if pane.hasHistogram {
                low = min(low, 0)
                high = max(high, 0)
            }
            return low.isFinite && high.isFinite ? (low, high) : (0, 1)
        }
    }

    /// The dashed lines of a pane.
    static func guideLevels(_ choice: IndicatorChoice) -> [Double] {
        switch choice {
        case .rsi: [30, 70]
        case .stochastic: [20, 80]
        case .macd: [0]
        default: []
        }
    }

    /// The ticks of a pane and their rows in it.
    static func ticks(_ choice: IndicatorChoice, low: Double, high: Double, rows: Int, y: AffineMap,
                      dotsPerRow: Int) -> [(value: Double, row: Int)] {
        let levels = guideLevels(choice).filter { $0 != 0 }
        let values = levels.isEmpty ? [high, low] : levels
        var placed: [(value: Double, row: Int)] = []
        for value in values {
            let row = min(rows - 1, max(0, Clamp.int((y(value) / Double(dotsPerRow)).rounded(.down), ifNaN: 0)))
            if !placed.contains(where: { $0.row == row }) { placed.append((value, row)) }
        }
        return placed
    }

    /// A tick as its pane shows it.
    static func tickText(_ value: Double, of choice: IndicatorChoice, _ state: ViewerState) -> String {
        switch choice {
        case .rsi, .stochastic: PriceFormatter(decimals: 0).string(value)
        default: state.priceFormatter.string(value)
        }
    }
}
