/// Paints the chart area of a frame: the price line, the dashed baseline and the
/// scrub cursor, each on its own dot layer, one colour per cell (the line wins
/// over the cursor, the cursor over the baseline).
enum ChartPainter {
    static func paint(state: ViewerState, time: Double, into frame: inout Frame) {
        let projection = state.projection(at: time)
        let layout = state.layout
        let charset = state.options.charset
        var line = DotCanvas(columns: layout.chartWidth, rows: layout.chartHeight, charset: charset)
        LineRasterizer.drawLine(state.index, points: state.drawnPoints(at: time), x: projection.x, y: projection.y, into: &line)
        var baseline = DotCanvas(columns: layout.chartWidth, rows: layout.chartHeight, charset: charset)
        LineRasterizer.drawDashedRow(atY: projection.baselineRow, into: &baseline)

        let lineStyle = CellStyle(projection.rising ? .rising : .falling)
        var cursorColumn = -1
        var markerRow = -1
        var markerStyle = lineStyle
        if let cursor = state.displayedCursor(at: time) {
            let dotX = projection.x(Double(cursor))
            cursorColumn = Int((dotX / Double(charset.dotColumnsPerCell)).rounded(.down))
            let price = state.series.prices[cursor]
            markerRow = Int((projection.y(price) / Double(charset.dotRowsPerCell)).rounded(.down))
            markerStyle = CellStyle(price >= state.baselinePrice ? .rising : .falling, .bold)
        }
        // Following a file: the newest point glows (the terminal blinks it).
        var liveColumn = -1, liveRow = -1
        if state.options.live && !state.isAnimating(at: time) {
            let newest = state.series.count - 1
            liveColumn = Int((projection.x(Double(newest)) / Double(charset.dotColumnsPerCell)).rounded(.down))
            liveRow = Int((projection.y(state.series.prices[newest]) / Double(charset.dotRowsPerCell)).rounded(.down))
        }
        // In ASCII the line uses ' - _ | : so the cursor and the baseline take glyphs of their own.
        let cursorGlyph: Unicode.Scalar = charset == .ascii ? "!" : "│"
        let markerGlyph: Unicode.Scalar = charset == .ascii ? "o" : "●"
        for row in 0..<layout.chartHeight {
            for column in 0..<layout.chartWidth {
                let cell: Cell
                let lineBits = line.bits(column: column, row: row)
                if column == cursorColumn && row == markerRow {
                    cell = Cell(markerGlyph, markerStyle)
                } else if column == liveColumn && row == liveRow {
                    cell = Cell(markerGlyph, CellStyle(lineStyle.color, [.bold, .blink]))
                } else if lineBits != 0 {
                    cell = Cell(charset.glyph(lineBits), lineStyle)
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
    }
}
