/// The chart's plot area as a pixel image: the price chart and the volume pane under
/// it, drawn from the same projection (and morph) as the Braille chart, scaled from
/// dots to pixels, so a frame at a time `t` is the same picture at any resolution.
/// Where it goes on the screen: the cells `column..<column + columns`, `row..<row + rows`.
public struct PixelPlot: Sendable, Equatable {
    /// The image, `columns x cell.width` by `rows x cell.height` pixels.
    public var canvas: PixelCanvas
    /// The colours of its indices.
    public var palette: PixelPalette
    /// The cells it covers.
    public var column: Int
    public var row: Int
    public var columns: Int
    public var rows: Int

    /// The cells it covers.
    public var area: CellArea { CellArea(column: column, row: row, columns: columns, rows: rows) }
}

extension ViewerState {
    /// The plot area at `time` as an image of `cell`-sized cells (nil when the terminal is
    /// too small for a chart).
    public func plotImage(at time: Double, cell: PixelCellSize) -> PixelPlot? {
        guard !layout.isTooSmall else { return nil }
        let geometry = self.geometry(at: time)
        let canvas = PixelPainter(state: self, geometry: geometry, cell: cell).paint()
        let area = imageArea
        return PixelPlot(canvas: canvas, palette: PixelPalette(theme: options.theme), column: area.column,
                         row: area.row, columns: area.columns, rows: area.rows)
    }

    /// The cells an image of the plot covers: the price chart and the volume pane under it
    /// (the indicator panes below stay text).
    package var imageArea: CellArea {
        CellArea(column: layout.chartX, row: layout.chartY, columns: layout.chartWidth,
                 rows: layout.chartHeight + layout.volumeRows)
    }

    /// Whether the viewer shows its plot as an image now: an image mode is on (`b`), the
    /// terminal is large enough for a chart, and no panel lies over the chart (under a
    /// panel, which is text, the plot is drawn in Braille).
    public var showsPlotAsImage: Bool { options.graphics.drawsImages && !layout.isTooSmall && panel == nil }

    /// What the screen shows of the plot area at `time` as an image, nil while it is text.
    public func shownPlotImage(at time: Double, cell: PixelCellSize) -> ShownPlotImage? {
        guard showsPlotAsImage, let plot = plotImage(at: time, cell: cell) else { return nil }
        return ShownPlotImage(plot: plot, mode: options.graphics.mode)
    }
}

/// Paints the plot area of a state into a pixel canvas, layer by layer from the bottom:
/// the dashed baseline, the cursor's line, the moving averages and the indicators drawn
/// on the price, the compared files, the
/// price (line, candles or OHLC bars), the volume bars, then the cursor's dot and the mark.
struct PixelPainter {
    let state: ViewerState
    let geometry: FrameGeometry
    let cell: PixelCellSize
    /// The projection with its maps from dots to pixels.
    let x: AffineMap
    let y: AffineMap
    /// Pixels a dot is wide and high.
    let dotWidth: Double
    let dotHeight: Double

    init(state: ViewerState, geometry: FrameGeometry, cell: PixelCellSize) {
        self.state = state
        self.geometry = geometry
        self.cell = cell
        let charset = state.options.charset
        dotWidth = Double(cell.width) / Double(charset.dotColumnsPerCell)
        dotHeight = Double(cell.height) / Double(charset.dotRowsPerCell)
        x = Self.scaled(geometry.projection.x, dotWidth)
        y = Self.scaled(geometry.projection.y, dotHeight)
    }

    static func scaled(_ map: AffineMap, _ factor: Double) -> AffineMap {
        AffineMap(scale: map.scale * factor, offset: map.offset * factor)
    }

    /// The price chart's height in pixels (the volume pane lies under it).
    var chartHeight: Int { state.layout.chartHeight * cell.height }

    /// The plot area's image: the price chart, and the volume pane under it when shown.
    func paint() -> PixelCanvas {
        let projection = geometry.projection
        let drawn = geometry.drawn
        let lineWidth = cell.lineWidth
        // Everything but the volume pane stays in the price chart's rows.
        var chart = PixelCanvas(width: state.layout.chartWidth * cell.width, height: chartHeight)
        PixelLineRasterizer.drawDashedRow(atY: projection.baselineRow * dotHeight, on: Clamp.int(2 * dotWidth.rounded()),
                                          off: Clamp.int(3 * dotWidth.rounded()), role: .muted, into: &chart)
        let cursorX = cursorPixelColumn()
        if let cursorX {
            chart.fill(x0: cursorX, y0: 0, x1: cursorX, y1: chart.height - 1, .muted)
        }
        for (k, average) in state.averages.enumerated() {
            let from = max(drawn.lowerBound, average.average.firstDefined)
            guard from < drawn.upperBound else { continue }
            PixelLineRasterizer.drawLine(average.plotIndex, points: from...drawn.upperBound, x: x, y: y,
                                         width: max(1, lineWidth / 2), role: state.averageRole(k), into: &chart)
        }
        // The indicators drawn on the price (EMA, Bollinger bands, VWAP), thin like the averages.
        for overlay in state.overlayIndicatorLines {
            let from = max(drawn.lowerBound, overlay.first)
            guard from < drawn.upperBound else { continue }
            PixelLineRasterizer.drawLine(overlay.index, points: from...drawn.upperBound, x: x, y: y,
                                         width: max(1, lineWidth / 2), role: overlay.style.color, into: &chart)
        }
        for (k, other) in state.others.enumerated() where k < projection.others.count {
            let map = projection.others[k]
            guard map.scale != 0, let run = other.covered(drawn.lowerBound, drawn.upperBound) else { continue }
            PixelLineRasterizer.drawLine(other.index, points: run, x: x, y: Self.scaled(map, dotHeight),
                                         width: lineWidth, role: other.role, into: &chart)
        }
        if state.drawsCandles {
            paintCandles(into: &chart)
        } else {
            PixelLineRasterizer.drawLine(state.plotIndex, points: drawn, x: x, y: y, width: lineWidth,
                                         role: projection.rising ? .rising : .falling, into: &chart)
        }
        // The cursor's dot on a ring of the background: it shows on a line of its own colour.
        let radius = max(2.5, lineWidth * 2)
        if let cursor = geometry.cursor, !state.drawsCandles {
            let price = state.series.prices[cursor]
            PixelLineRasterizer.drawDot(cx: x(Double(cursor)), cy: y(state.plotIndex.values[cursor]), radius: radius,
                                        halo: max(1, lineWidth * 0.75),
                                        role: price >= state.baselinePrice ? .rising : .falling, into: &chart)
        }
        if let marked = state.markedPoint, drawn.contains(marked) {
            PixelLineRasterizer.drawDot(cx: x(Double(marked)), cy: y(state.plotIndex.values[marked]), radius: radius,
                                        role: .accent, into: &chart)
        }
        // Following a file: the newest point is a dot, as the live quote's end (Braille blinks it).
        let newest = state.series.count - 1
        if state.options.live, !state.drawsCandles, drawn.contains(newest), geometry.cursor != newest,
           !state.isAnimating(at: geometry.time) {
            PixelLineRasterizer.drawDot(cx: x(Double(newest)), cy: y(state.plotIndex.values[newest]), radius: radius * 0.8,
                                        halo: max(1, lineWidth * 0.75), role: projection.rising ? .rising : .falling,
                                        into: &chart)
        }
        let paneHeight = state.layout.volumeRows * cell.height
        guard paneHeight > 0 else { return chart }
        var canvas = PixelCanvas(width: chart.width, height: chartHeight + paneHeight)
        canvas.place(chart, atRow: 0)
        paintVolume(cursorX: cursorX, into: &canvas)
        return canvas
    }

    /// The pixel column of the cursor's line: through the cursor's point, or the wick of
    /// its candle while candles are drawn; nil when the cursor is hidden.
    func cursorPixelColumn() -> Int? {
        guard let cursor = geometry.cursor else { return nil }
        if state.drawsCandles, let candle = geometry.cursorCandle {
            return CandleGeometry(first: candle.first, last: candle.last, x: x).wick
        }
        return Clamp.int(x(Double(cursor)).rounded(.down), ifNaN: -1)
    }

    /// Candles or OHLC bars drawn by the dot rasterizer at one dot a pixel (sharp edges).
    func paintCandles(into chart: inout PixelCanvas) {
        let columns = (chart.width + 1) / 2, rows = (chart.height + 3) / 4
        var rising = DotCanvas(columns: columns, rows: rows, charset: .braille)
        var falling = rising
        let scaled = geometry.candles.map {
            Candle(first: $0.first, last: $0.last, open: state.plotted($0.open), high: state.plotted($0.high),
                   low: state.plotted($0.low), close: state.plotted($0.close), volume: $0.volume)
        }
        CandleRasterizer.draw(scaled, style: state.candles.style, x: x, y: y, rising: &rising, falling: &falling)
        chart.paint(dots: rising, .rising)
        chart.paint(dots: falling, .falling)
    }

    /// The volume pane: one bar a candle under its body, as tall as its volume against the
    /// projection's `volumeTop`, in its candle's colour, the cursor's line running through.
    func paintVolume(cursorX: Int?, into canvas: inout PixelCanvas) {
        let paneHeight = state.layout.volumeRows * cell.height
        let scale = geometry.projection.volumeTop
        guard state.drawsVolume, paneHeight > 0 else { return }
        let bottom = chartHeight + paneHeight - 1
        if let cursorX { canvas.fill(x0: cursorX, y0: chartHeight, x1: cursorX, y1: bottom, .muted) }
        guard scale > 0, scale.isFinite else { return }
        for candle in geometry.candles {
            guard let volume = candle.volume, volume > 0 else { continue }
            let g = CandleGeometry(first: candle.first, last: candle.last, x: x)
            let height = max(1, Clamp.int((min(1, volume / scale) * Double(paneHeight)).rounded()))
            canvas.fill(x0: g.bodyLeft, y0: bottom - height + 1, x1: g.bodyRight, y1: bottom,
                        candle.rising ? .rising : .falling)
        }
    }
}
