/// Paints the chart area of a frame: the price (a line, candles or OHLC bars), the
/// dashed baseline and the scrub cursor, each on its own dot layer, one colour per
/// cell (the price wins over the cursor, the cursor over the baseline), and the
/// volume pane under it.
enum ChartPainter {
    static func paint(state: ViewerState, time: Double, into frame: inout Frame) {
        let projection = state.projection(at: time)
        let layout = state.layout
        let charset = state.options.charset
        let candles = state.candles.drawsCandles || state.candles.drawsVolume
            ? state.visibleCandles(at: time, projection: projection) : []
        let price = PriceLayer(state: state, time: time, projection: projection, candles: candles)
        var baseline = DotCanvas(columns: layout.chartWidth, rows: layout.chartHeight, charset: charset)
        LineRasterizer.drawDashedRow(atY: projection.baselineRow, into: &baseline)

        let lineStyle = price.firstStyle
        var cursorColumn = -1
        var markerRow = -1
        var markerStyle = lineStyle
        // Over candles the cursor runs through the wick of its candle, without a marker.
        if let column = state.candleCursorColumn(at: time, projection: projection) {
            cursorColumn = column
        } else if let cursor = state.displayedCursor(at: time) {
            let dotX = projection.x(Double(cursor))
            cursorColumn = Clamp.int((dotX / Double(charset.dotColumnsPerCell)).rounded(.down), ifNaN: -1)
            let price = state.series.prices[cursor]
            // The projection maps the scaled prices the index holds.
            markerRow = Clamp.int((projection.y(state.index.values[cursor]) / Double(charset.dotRowsPerCell)).rounded(.down),
                            ifNaN: -1)
            markerStyle = CellStyle(price >= state.baselinePrice ? .rising : .falling, .bold)
        }
        // Following a file: the newest point glows (the terminal blinks it).
        var liveColumn = -1, liveRow = -1
        if state.options.live && !state.isAnimating(at: time) && !state.candles.drawsCandles {
            let newest = state.series.count - 1
            liveColumn = Clamp.int((projection.x(Double(newest)) / Double(charset.dotColumnsPerCell)).rounded(.down),
                             ifNaN: -1)
            liveRow = Clamp.int((projection.y(state.index.values[newest]) / Double(charset.dotRowsPerCell)).rounded(.down),
                          ifNaN: -1)
        }
        // In ASCII the line uses ' - _ | : so the cursor and the baseline take glyphs of their own.
        let cursorGlyph: Unicode.Scalar = charset == .ascii ? "!" : "│"
        let markerGlyph: Unicode.Scalar = charset == .ascii ? "o" : "●"
        for row in 0..<layout.chartHeight {
            for column in 0..<layout.chartWidth {
                let cell: Cell
                let (lineBits, priceStyle) = price.cell(column: column, row: row)
                if column == cursorColumn && row == markerRow {
                    cell = Cell(markerGlyph, markerStyle)
                } else if column == liveColumn && row == liveRow {
                    cell = Cell(markerGlyph, CellStyle(lineStyle.color, [.bold, .blink]))
                } else if lineBits != 0 {
                    cell = Cell(charset.glyph(lineBits), priceStyle)
                } else if column == cursorColumn {
                    cell = Cell(cursorGlyph, .muted)
                } else {
                    let baseBits = baseline.bits(column: column, row: row)
                    guard baseBits != 0 else { continue }
                    cell = Cell(charset == .ascii ? "." : charset.glyph(baseBits), .muted)
                }
                frame[layout.chartX + column, layout.chartY + row] = cell
            }
        }
        VolumePane.paint(state: state, projection: projection, candles: candles, cursorColumn: cursorColumn, into: &frame)
    }
}
