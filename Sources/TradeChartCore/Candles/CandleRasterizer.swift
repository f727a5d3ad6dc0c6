/// Draws candles or OHLC bars on dot canvases at the canvas's full vertical
/// resolution (4 dot rows a cell in Braille): wicks from low to high, bodies from
/// open to close. Rising and falling candles go to separate canvases (for their
/// colours) and differ in shape too, so they read without colour: a rising body is
/// hollow (an outline), a falling one filled; on bodies too narrow for an outline a
/// rising body is one dot wide and a falling one its full width. A doji (open =
/// close) keeps a one-dot-high body, so it is always visible.
package enum CandleRasterizer {
    /// Draws `candles` under the maps `x` (point index to dot column) and `y` (price to dot row).
    package static func draw(_ candles: [Candle], style: ChartStyle, x: AffineMap, y: AffineMap,
                            rising: inout DotCanvas, falling: inout DotCanvas) {
        for candle in candles {
            let geometry = CandleGeometry(first: candle.first, last: candle.last, x: x)
            if candle.rising {
                draw(candle, geometry, style: style, y: y, into: &rising)
            } else {
                draw(candle, geometry, style: style, y: y, into: &falling)
            }
        }
    }

    /// The dot row of a price (NaN and infinities held at the canvas's edges).
    @inline(__always) static func row(_ price: Double, _ y: AffineMap) -> Int {
        Clamp.int(y(price).rounded(.down))
    }

    static func draw(_ candle: Candle, _ g: CandleGeometry, style: ChartStyle, y: AffineMap, into canvas: inout DotCanvas) {
        // Rows grow downwards: the high is the top.
        let top = min(row(candle.high, y), row(candle.low, y))
        let bottom = max(row(candle.high, y), row(candle.low, y))
        let openRow = row(candle.open, y), closeRow = row(candle.close, y)
        let bodyTop = min(openRow, closeRow), bodyBottom = max(openRow, closeRow)
        switch style {
        case .line:
            return
        case .ohlc:
            canvas.fillColumn(g.wick, from: top, through: bottom)
            for column in g.bodyLeft..<g.wick { canvas[column, openRow] = true }
            if g.bodyRight > g.wick {
                for column in (g.wick + 1)...g.bodyRight { canvas[column, closeRow] = true }
            }
        case .candles:
            let hollow = candle.rising && g.bodyWidth >= CandleGeometry.hollowWidth
            // The wick above and below the body (a hollow body stays empty inside).
            canvas.fillColumn(g.wick, from: top, through: bodyTop)
            canvas.fillColumn(g.wick, from: bodyBottom, through: bottom)
            if hollow {
                canvas.fillColumn(g.bodyLeft, from: bodyTop, through: bodyBottom)
                canvas.fillColumn(g.bodyRight, from: bodyTop, through: bodyBottom)
                for column in g.bodyLeft...g.bodyRight {
                    canvas[column, bodyTop] = true
                    canvas[column, bodyBottom] = true
                }
            } else if candle.rising {
                canvas.fillColumn(g.wick, from: bodyTop, through: bodyBottom)
            } else {
                for column in g.bodyLeft...g.bodyRight { canvas.fillColumn(column, from: bodyTop, through: bodyBottom) }
            }
        }
    }
}
