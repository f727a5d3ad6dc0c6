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
            // The still frame's cells, kept since the last event (`KeptPaneLines`), else composed here.
            let cells = state.keptPaneLines.cells(ofPane: k, pane, points: points, x: x, columns: layout.chartWidth,
                                                  rows: rows, charset: charset)
                ?? composed(pane, place: k, state: state, points: points, drawn: drawn, x: x)
            let (low, high, y) = (cells.low, cells.high, cells.y)
            frame.paint(cells.cells, width: layout.chartWidth, x: layout.chartX, y: top)
            // The cursor line where no line's dots and no bar are.
            if cursorColumn >= 0 && cursorColumn < layout.chartWidth {
                for row in 0..<rows where cells.open[row * layout.chartWidth + cursorColumn] {
                    frame[layout.chartX + cursorColumn, top + row] = Cell(charset == .ascii ? "!" : "│", .muted)
                }
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

    /// The cells of `pane` (at `place` among those shown) over `points` under `x`, composed for
    /// a frame whose pane was not kept: its lines' dots kept since the last event where they are
    /// the same, else drawn here, and MACD's bars the same way.
    private static func composed(_ pane: IndicatorLine, place: Int, state: ViewerState, points: ClosedRange<Int>,
                                 drawn: ClosedRange<Int>, x: AffineMap) -> PaneCells {
        let layout = state.layout, charset = state.options.charset, rows = layout.paneRows, columns = layout.chartWidth
        let (low, high) = range(of: pane, over: points)
        let y = yMap(low: low, high: high, rows: rows, charset: charset)
        let lines = (0..<pane.lineCount).map { j in
            let spans = state.columnSpans(pane.plotted[j], points: points, x: x)
            if let kept = state.keptPaneLines.canvas(for: spans, y: y, columns: columns, rows: rows, charset: charset) { return kept }
            var canvas = DotCanvas(columns: columns, rows: rows, charset: charset)
            LineRasterizer.drawLine(spans, y: y, into: &canvas)
            return canvas
        }
        // MACD's histogram: the point at each dot column's middle and its value.
        var bars: [Double] = []
        if pane.hasHistogram, x.scale != 0 {
            let histogram = pane.plotted[pane.lineCount], widthDots = columns * charset.dotColumnsPerCell
            bars = (state.keptPaneLines.histogram(for: histogram, x: x, first: points.lowerBound, last: drawn.upperBound,
                                                  widthDots: widthDots)
                ?? PaneHistogram(histogram, x: x, first: points.lowerBound, last: drawn.upperBound, widthDots: widthDots)).values
        }
        var cells = PaneCells(place: place, pane: pane, points: points, x: x, low: low, high: high, y: y, columns: columns,
                              rows: rows, charset: charset, bars: bars)
        cells.compose(lines: lines, columns: Array(0..<columns))
        return cells
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
