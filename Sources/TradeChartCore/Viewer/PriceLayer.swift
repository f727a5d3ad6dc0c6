/// The price on the chart's dots, in the style shown: the line through the closes in
/// the colour of its change, or candles or OHLC bars, rising ones green (and hollow)
/// and falling ones red (and filled), each on its own canvas. A cell that holds dots
/// of both takes them all, in the colour of the more numerous.
struct PriceLayer {
    var first: DotCanvas
    var firstStyle: CellStyle
    var second: DotCanvas?
    var secondStyle: CellStyle

    /// The layer of `state` where `geometry` puts it (its candles are used when candles or
    /// OHLC bars are drawn).
    init(state: ViewerState, geometry: FrameGeometry) {
        let projection = geometry.projection, candles = geometry.candles
        let layout = state.layout
        let charset = state.options.charset
        first = DotCanvas(columns: layout.chartWidth, rows: layout.chartHeight, charset: charset)
        if state.drawsCandles {
            var falling = first
            // The projection maps plotted prices (scaled, or their logs on a log axis).
            let scaled = candles.map {
                Candle(first: $0.first, last: $0.last, open: state.plotted($0.open), high: state.plotted($0.high),
                       low: state.plotted($0.low), close: state.plotted($0.close), volume: $0.volume)
            }
            CandleRasterizer.draw(scaled, style: state.candles.style, x: projection.x, y: projection.y,
                                  rising: &first, falling: &falling)
            firstStyle = CellStyle(.rising)
            second = falling
            secondStyle = CellStyle(.falling)
        } else {
            LineRasterizer.drawLine(state.columnSpans(state.plotIndex, points: geometry.drawn, x: projection.x),
                                    y: projection.y, into: &first)
            firstStyle = CellStyle(projection.rising ? .rising : .falling)
            secondStyle = firstStyle
        }
    }

    /// The layer of a price line drawn on `line` in `style`.
    init(line: DotCanvas, style: CellStyle) {
        first = line
        firstStyle = style
        second = nil
        secondStyle = style
    }

    /// The dots of the `i`-th cell of the chart, row by row, and their style (no dots: 0).
    @inline(__always) func cell(at i: Int) -> (bits: UInt8, style: CellStyle) {
        let a = first.storage[i]
        guard let second else { return (a, firstStyle) }
        let b = second.storage[i]
        if b == 0 { return (a, firstStyle) }
        if a == 0 { return (b, secondStyle) }
        return (a | b, a.nonzeroBitCount >= b.nonzeroBitCount ? firstStyle : secondStyle)
    }
}

/// The volume pane under the chart: a bar a candle in eighth blocks, in the colour of
/// its candle, as tall as its volume against `ChartProjection.volumeTop` (which morphs
/// with the maps), the cursor's line running on through it, and its scale at the right
/// in a few characters (`137.8M`).
enum VolumePane {
    static func paint(state: ViewerState, geometry: FrameGeometry, cursorColumn column: Int, into frame: inout Frame) {
        let projection = geometry.projection, candles = geometry.candles
        let layout = state.layout
        guard state.drawsVolume, layout.volumeRows > 0 else { return }
        let charset = state.options.charset
        VolumeBars.draw(candles, x: projection.x, dotsPerCell: charset.dotColumnsPerCell, scale: projection.volumeTop,
                        ascii: charset == .ascii, left: layout.chartX, top: layout.volumeY, width: layout.chartWidth,
                        height: layout.volumeRows, rising: CellStyle(.rising), falling: CellStyle(.falling), into: &frame)
        if column >= 0 && column < layout.chartWidth {
            for row in layout.volumeY..<(layout.volumeY + layout.volumeRows) where frame[layout.chartX + column, row] == .blank {
                frame[layout.chartX + column, row] = Cell(charset == .ascii ? "!" : "│", .muted)
            }
        }
        let top = projection.volumeTop > 0 ? CompactNumber.string(projection.volumeTop) : "0"
        for (text, row) in [(top, layout.volumeY), ("vol", layout.volumeY + layout.volumeRows - 1)] {
            frame.write(text, x: max(layout.labelX, layout.columns - text.displayWidth), y: row, style: .muted)
        }
        if projection.volumeTop == 0 { sayNoVolume(layout: layout, into: &frame) }
    }

    /// An empty pane says why (a file whose volume column holds only zeros, such as the
    /// bundled minute file, or a range whose bars left it out): in its middle row, centred
    /// on the chart, the longest form that fits.
    static func sayNoVolume(layout: ChartLayout, into frame: inout Frame) {
        let row = layout.volumeY + (layout.volumeRows - 1) / 2
        guard let text = ["no volume above 0 in this range", "no volume above 0", "no volume"]
            .first(where: { $0.displayWidth + 2 <= layout.chartWidth }) else { return }
        frame.write(text, x: layout.chartX + (layout.chartWidth - text.displayWidth) / 2, y: row, style: .muted)
    }
}
