/// Paints the chart area of a frame: the price (a line, candles or OHLC bars), the
/// moving averages, the dashed baseline, the mark and the scrub cursor, each on its own
/// dot layer, one colour per cell (the price wins over the averages, they over the
/// cursor line, the cursor over the baseline; the cursor's point and the mark are drawn
/// on top), the volume pane and the indicator panes under it.
enum ChartPainter {
    static func paint(state: ViewerState, geometry: FrameGeometry, into frame: inout Frame) {
        let projection = geometry.projection
        let layout = state.layout
        let charset = state.options.charset
        let drawn = geometry.drawn
        let price = PriceLayer(state: state, geometry: geometry)
        var baseline = DotCanvas(columns: layout.chartWidth, rows: layout.chartHeight, charset: charset)
        LineRasterizer.drawDashedRow(atY: projection.baselineRow, into: &baseline)
        // Each average from its first full window on, then the indicators drawn on the price.
        func line(_ index: MinMaxIndex, from first: Int) -> DotCanvas {
            var canvas = DotCanvas(columns: layout.chartWidth, rows: layout.chartHeight, charset: charset)
            if let points = overlayPoints(from: first, drawn: drawn) {
                LineRasterizer.drawLine(state.columnSpans(index, points: points, x: projection.x), y: projection.y,
                                        into: &canvas)
            }
            return canvas
        }
        let overlayLines = state.overlayIndicatorLines
        let averages = state.averages.map { line($0.plotIndex, from: $0.average.firstDefined) }
            + overlayLines.map { line($0.index, from: $0.first) }

        // The other files compared: each where it has values, with its map from price to row.
        var otherLines: [DotCanvas] = []
        // The symbols on the lines, by cell (only when files are compared).
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
        let otherStyles = state.others.map { CellStyle($0.role) }
        let others = CellLayer(otherLines)

        let lineStyle = CellStyle(projection.rising ? .rising : .falling)
        func cell(of point: Int) -> (column: Int, row: Int) {
            (Clamp.int((projection.x(Double(point)) / Double(charset.dotColumnsPerCell)).rounded(.down), ifNaN: -1),
             Clamp.int((projection.y(state.plotIndex.values[point]) / Double(charset.dotRowsPerCell)).rounded(.down),
                       ifNaN: -1))
        }
        var cursorColumn = -1
        var markerRow = -1
        var markerStyle = lineStyle
        // Over candles the cursor runs through the wick of its candle, without a marker.
        if let column = geometry.candleCursorColumn {
            cursorColumn = column
        } else if let cursor = geometry.cursor {
            (cursorColumn, markerRow) = cell(of: cursor)
            let price = state.series.prices[cursor]
            markerStyle = CellStyle(price >= state.baselinePrice ? .rising : .falling, .bold)
        }
        // The mark (Space), where it lies in the points drawn.
        var mark = (column: -1, row: -1)
        if let marked = state.markedPoint, drawn.contains(marked) { mark = cell(of: marked) }
        // Following a file: the newest point glows (the terminal blinks it).
        var live = (column: -1, row: -1)
        if state.options.live && !state.isAnimating(at: geometry.time) && !state.drawsCandles { live = cell(of: state.series.count - 1) }
        // In ASCII the line uses ' - _ | : so the cursor and the baseline take glyphs of their own.
        let cursorGlyph: Unicode.Scalar = charset == .ascii ? "!" : "│"
        let markerGlyph: Unicode.Scalar = charset == .ascii ? "o" : "●"
        let markGlyph: Unicode.Scalar = charset == .ascii ? "*" : "◆"
        let averageStyles = state.averages.indices.map { CellStyle(state.averageRole($0), .dim) } + overlayLines.map(\.style)
        // The averages as one layer: in each cell the first average with dots there. Without
        // colour an average would look like the price: it is drawn dotted, its dots in every
        // other dot column only.
        let color = state.options.color, width = layout.chartWidth
        let keep: UInt8 = color ? 0xFF : (charset == .braille ? 0x47 : charset == .block ? 0x05 : 0xFF)
        let averageLayer = CellLayer(averages, keep: color ? nil : { _, i in
            charset == .ascii && (i % width) % 2 == 1 ? 0 : keep
        })
        // Only the cells that can show something are visited: the plot is mostly blank.
        var shown = CellLayer.union([price.first.cellBits, price.second?.cellBits ?? [], others.cellBits,
                                     averageLayer.cellBits, baseline.cellBits], count: width * layout.chartHeight)
        for (column, row) in [(mark.column, mark.row), (live.column, live.row)]
        where column >= 0 && column < width && row >= 0 && row < layout.chartHeight {
            shown[row * width + column] = 1
        }
        if cursorColumn >= 0 && cursorColumn < width {
            for row in 0..<layout.chartHeight { shown[row * width + cursorColumn] = 1 }
        }
        for i in symbols.indices where symbols[i] != nil { shown[i] = 1 }
        // The plot is painted first, onto a blank frame: straight into its cells where the chart lies inside it.
        let frameWidth = frame.width, frameHeight = frame.height, chartX = layout.chartX, chartY = layout.chartY
        frame.paintOverBlank { cells in
            CellLayer.forEachNonzero(shown) { i in
                let row = i / width, column = i - row * width
                let cell: Cell
                let (lineBits, priceStyle) = price.cell(at: i)
                if column == cursorColumn && row == markerRow {
                    cell = Cell(markerGlyph, markerStyle)
                } else if column == mark.column && row == mark.row {
                    cell = Cell(markGlyph, CellStyle(.accent, .bold))
                } else if column == live.column && row == live.row {
                    cell = Cell(markerGlyph, CellStyle(lineStyle.color, [.bold, .blink]))
                } else if !symbols.isEmpty, let symbol = symbols[row * layout.chartWidth + column] {
                    cell = symbol
                } else if lineBits != 0 {
                    cell = Cell(charset.glyph(lineBits), priceStyle)
                } else if let (bits, k) = others.top(row * layout.chartWidth + column) {
                    cell = Cell(charset.glyph(bits), otherStyles[k])
                } else if let (bits, k) = averageLayer.top(row * layout.chartWidth + column) {
                    cell = Cell(charset.glyph(bits), averageStyles[k])
                } else if column == cursorColumn {
                    cell = Cell(cursorGlyph, .muted)
                } else {
                    let baseBits = baseline.bits(column: column, row: row)
                    guard baseBits != 0 else { return }
                    cell = Cell(charset == .ascii ? "." : charset.glyph(baseBits), .muted)
                }
                let x = chartX + column, y = chartY + row
                if x >= 0 && y >= 0 && x < frameWidth && y < frameHeight { cells[y * frameWidth + x] = cell }
            }
        }
        VolumePane.paint(state: state, geometry: geometry, cursorColumn: cursorColumn, into: &frame)
        IndicatorPanes.paint(state: state, geometry: geometry, cursorColumn: cursorColumn, into: &frame)
    }

    /// The points of `drawn` an average or an overlay with its first value at `first` draws,
    /// nil when fewer than two.
    static func overlayPoints(from first: Int, drawn: ClosedRange<Int>) -> ClosedRange<Int>? {
        let from = max(drawn.lowerBound, first)
        return from < drawn.upperBound ? from...drawn.upperBound : nil
    }
}

/// Dot layers seen as one: in each cell, the dots of the first layer that has any there.
struct CellLayer {
    private var bits: [UInt8] = []
    private var owner: [Int] = []

    /// The layers in order of precedence, each with `keep` of its bits (all without it).
    init(_ layers: [DotCanvas], keep: ((Int, Int) -> UInt8)? = nil) {
        guard let first = layers.first else { return }
        let count = first.columns * first.rows
        var bits = [UInt8](repeating: 0, count: count)
        var owner = [Int](repeating: 0, count: count)
        bits.withUnsafeMutableBufferPointer { bits in
            owner.withUnsafeMutableBufferPointer { owner in
                for k in layers.indices.reversed() {
                    layers[k].cellBits.withUnsafeBufferPointer { cells in
                        for i in 0..<count where cells[i] != 0 {
                            let b = keep.map { cells[i] & $0(k, i) } ?? cells[i]
                            if b != 0 {
                                bits[i] = b
                                owner[i] = k
                            }
                        }
                    }
                }
            }
        }
        self.bits = bits
        self.owner = owner
    }

    /// The dot bits on top in every cell (empty without layers).
    var cellBits: [UInt8] { bits }

    /// The cells where any of `layers` (each empty, or `count` cells) has dots: nonzero there.
    static func union(_ layers: [[UInt8]], count: Int) -> [UInt8] {
        var union = [UInt8](repeating: 0, count: count)
        union.withUnsafeMutableBufferPointer { u in
            for layer in layers where layer.count == count {
                layer.withUnsafeBufferPointer { l in
                    for i in 0..<count { u[i] |= l[i] }
                }
            }
        }
        return union
    }

    /// Calls `body` with the index of every nonzero byte of `bytes`, in order, skipping
    /// eight zero bytes at a time.
    static func forEachNonzero(_ bytes: [UInt8], _ body: (Int) -> Void) {
        bytes.withUnsafeBytes { raw in
            let count = raw.count
            var i = 0
            while i < count {
                if i + 8 <= count, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) == 0 {
                    i += 8
                    continue
                }
                if raw[i] != 0 { body(i) }
                i += 1
            }
        }
    }

    /// The dots and the layer on top in cell `i`, nil when no layer has dots there.
    @inline(__always) func top(_ i: Int) -> (bits: UInt8, layer: Int)? {
        guard !bits.isEmpty, bits[i] != 0 else { return nil }
        return (bits[i], owner[i])
    }
}
