/// Paints the chart area of a frame: the price line, the moving averages, the dashed
/// baseline, the mark and the scrub cursor, each on its own dot layer, one colour per
/// cell (the price line wins over the averages, they over the cursor line, the cursor
/// over the baseline; the cursor's point and the mark are drawn on top).
enum ChartPainter {
    static func paint(state: ViewerState, time: Double, into frame: inout Frame) {
        let projection = state.projection(at: time)
        let layout = state.layout
        let charset = state.options.charset
        let drawn = state.drawnPoints(at: time)
        var line = DotCanvas(columns: layout.chartWidth, rows: layout.chartHeight, charset: charset)
        LineRasterizer.drawLine(state.plotIndex, points: drawn, x: projection.x, y: projection.y, into: &line)
        var baseline = DotCanvas(columns: layout.chartWidth, rows: layout.chartHeight, charset: charset)
        LineRasterizer.drawDashedRow(atY: projection.baselineRow, into: &baseline)
        // Each average from its first full window on.
        let averages: [DotCanvas] = state.averages.map { average in
            var canvas = DotCanvas(columns: layout.chartWidth, rows: layout.chartHeight, charset: charset)
            let from = max(drawn.lowerBound, average.average.firstDefined)
            if from < drawn.upperBound {
                LineRasterizer.drawLine(average.plotIndex, points: from...drawn.upperBound, x: projection.x,
                                        y: projection.y, into: &canvas)
            }
            return canvas
        }

        let lineStyle = CellStyle(projection.rising ? .rising : .falling)
        func cell(of point: Int) -> (column: Int, row: Int) {
            (Clamp.int((projection.x(Double(point)) / Double(charset.dotColumnsPerCell)).rounded(.down), ifNaN: -1),
             Clamp.int((projection.y(state.plotIndex.values[point]) / Double(charset.dotRowsPerCell)).rounded(.down),
                       ifNaN: -1))
        }
        var cursorColumn = -1
        var markerRow = -1
        var markerStyle = lineStyle
        if let cursor = state.displayedCursor(at: time) {
            (cursorColumn, markerRow) = cell(of: cursor)
            let price = state.series.prices[cursor]
            markerStyle = CellStyle(price >= state.baselinePrice ? .rising : .falling, .bold)
        }
        // The mark (Space), where it lies in the points drawn.
        var mark = (column: -1, row: -1)
        if let marked = state.markedPoint, drawn.contains(marked) { mark = cell(of: marked) }
        // Following a file: the newest point glows (the terminal blinks it).
        var live = (column: -1, row: -1)
        if state.options.live && !state.isAnimating(at: time) { live = cell(of: state.series.count - 1) }
        // In ASCII the line uses ' - _ | : so the cursor and the baseline take glyphs of their own.
        let cursorGlyph: Unicode.Scalar = charset == .ascii ? "!" : "│"
        let markerGlyph: Unicode.Scalar = charset == .ascii ? "o" : "●"
        let markGlyph: Unicode.Scalar = charset == .ascii ? "*" : "◆"
        let averageStyles = state.averages.indices.map { CellStyle(.palette($0), .dim) }
        // The averages as one layer: in each cell the first average with dots there. Without
        // colour an average would look like the price: it is drawn dotted, its dots in every
        // other dot column only.
        let cellCount = layout.chartWidth * layout.chartHeight
        var averageBits = [UInt8](repeating: 0, count: averages.isEmpty ? 0 : cellCount)
        var averageOwner = [Int](repeating: 0, count: averages.isEmpty ? 0 : cellCount)
        let keep: UInt8 = state.options.color ? 0xFF : (charset == .braille ? 0x47 : charset == .block ? 0x05 : 0xFF)
        for k in averages.indices.reversed() {
            averages[k].cellBits.withUnsafeBufferPointer { bits in
                for i in 0..<cellCount {
                    var b = bits[i] & keep
                    if !state.options.color && charset == .ascii && (i % layout.chartWidth) % 2 == 1 { b = 0 }
                    if b != 0 {
                        averageBits[i] = b
                        averageOwner[i] = k
                    }
                }
            }
        }
        for row in 0..<layout.chartHeight {
            for column in 0..<layout.chartWidth {
                let cell: Cell
                let lineBits = line.bits(column: column, row: row)
                if column == cursorColumn && row == markerRow {
                    cell = Cell(markerGlyph, markerStyle)
                } else if column == mark.column && row == mark.row {
                    cell = Cell(markGlyph, CellStyle(.accent, .bold))
                } else if column == live.column && row == live.row {
                    cell = Cell(markerGlyph, CellStyle(lineStyle.color, [.bold, .blink]))
                } else if lineBits != 0 {
                    cell = Cell(charset.glyph(lineBits), lineStyle)
                } else if !averageBits.isEmpty && averageBits[row * layout.chartWidth + column] != 0 {
                    let i = row * layout.chartWidth + column
                    cell = Cell(charset.glyph(averageBits[i]), averageStyles[averageOwner[i]])
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
