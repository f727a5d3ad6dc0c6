import Glibc

/// Draws lines, dashes and dots into a `PixelCanvas` with the dot rasterizer's exact
/// semantics (see `LineRasterizer`): pixel column `c` covers `[c, c + 1]` and holds the
/// polyline's extremes over it. A line one pixel wide lights the rows
/// `floor(low)...floor(high)`, exactly the dots the Braille rasterizer lights at one dot
/// a pixel; a wider line covers `[low - w/2, high + w/2]` of each column (and the span
/// of the column before it, so steep parts are as wide as flat ones), its edge pixels
/// in the strength of how much of them it covers (anti-aliasing).
package enum PixelLineRasterizer {
    /// Draws the polyline through `points` of `index` under the maps `x` (point index to
    /// pixel column) and `y` (price to pixel row), `width` pixels thick, in `role`.
    package static func drawLine(_ index: MinMaxIndex, points: ClosedRange<Int>, x: AffineMap, y: AffineMap,
                                 width: Double, role: ColorRole, into canvas: inout PixelCanvas) {
        guard canvas.height > 0 else { return }
        if width <= 1 {
            LineRasterizer.forEachColumnSpan(index, points: points, x: x, y: y, width: canvas.width) { column, low, high in
                guard low <= high, high >= 0, low < Double(canvas.height) else { return }
                let top = low <= 0 ? 0 : Clamp.int(low)
                let bottom = high >= Double(canvas.height) ? canvas.height - 1 : Clamp.int(high)
                for row in top...bottom { canvas.paint(column, row, role, level: PixelPalette.levels) }
            }
            return
        }
        var lows = [Double](repeating: .infinity, count: canvas.width)
        var highs = [Double](repeating: -.infinity, count: canvas.width)
        LineRasterizer.forEachColumnSpan(index, points: points, x: x, y: y, width: canvas.width) { column, low, high in
            lows[column] = low
            highs[column] = high
        }
        let half = width / 2
        for column in 0..<canvas.width {
            var low = lows[column], high = highs[column]
            if column > 0 {
                low = min(low, lows[column - 1])
                high = max(high, highs[column - 1])
            }
            guard low <= high else { continue }
            coverColumn(column, from: low - half, to: high + half, role: role, canvas: &canvas)
        }
    }

    /// Paints the rows of `column` that `[top, bottom]` covers, each in the strength of its share.
    static func coverColumn(_ column: Int, from top: Double, to bottom: Double, role: ColorRole,
                            canvas: inout PixelCanvas) {
        guard bottom > 0, top < Double(canvas.height) else { return }
        let first = max(0, Clamp.int(top.rounded(.down))), last = min(canvas.height - 1, Clamp.int(bottom.rounded(.down)))
        guard first <= last else { return }
        for row in first...last {
            let covered = min(bottom, Double(row + 1)) - max(top, Double(row))
            canvas.paint(column, row, role, coverage: covered)
        }
    }

    /// A dashed horizontal line one pixel high in the pixel row holding `y`: `on` pixels
    /// lit then `off` dark, from column 0 (the Braille baseline's dashes at one dot a pixel).
    package static func drawDashedRow(atY y: Double, on: Int, off: Int, role: ColorRole, into canvas: inout PixelCanvas) {
        guard y >= 0, y < Double(canvas.height), on > 0, off >= 0 else { return }
        let row = Clamp.int(y)
        for column in 0..<canvas.width where column % (on + off) < on {
            canvas.paint(column, row, role, level: PixelPalette.levels)
        }
    }

    /// A filled disc of `radius` pixels around (`cx`, `cy`), its rim anti-aliased
    /// (each pixel's coverage sampled at 4 x 4 points), on a ring of the background
    /// `halo` pixels wide cut out of what is under it (so a dot on a line of its own colour shows).
    package static func drawDot(cx: Double, cy: Double, radius: Double, halo: Double = 0, role: ColorRole,
                                into canvas: inout PixelCanvas) {
        guard radius > 0, cx.isFinite, cy.isFinite else { return }
        if halo > 0 {
            let outer = radius + halo
            let top = max(0, Clamp.int((cy - outer).rounded(.down)))
            let bottom = min(canvas.height - 1, Clamp.int((cy + outer).rounded(.down)))
            let left = max(0, Clamp.int((cx - outer).rounded(.down)))
            let right = min(canvas.width - 1, Clamp.int((cx + outer).rounded(.down)))
            if top <= bottom, left <= right {
                for py in top...bottom {
                    for px in left...right {
                        let dx = Double(px) + 0.5 - cx, dy = Double(py) + 0.5 - cy
                        if dx * dx + dy * dy <= outer * outer { canvas.set(px, py, 0) }
                    }
                }
            }
        }
        let x0 = Clamp.int((cx - radius).rounded(.down)), x1 = Clamp.int((cx + radius).rounded(.down))
        let y0 = Clamp.int((cy - radius).rounded(.down)), y1 = Clamp.int((cy + radius).rounded(.down))
        let left = max(0, x0), right = min(x1, canvas.width - 1), top = max(0, y0), bottom = min(y1, canvas.height - 1)
        guard left <= right, top <= bottom else { return }
        let r2 = radius * radius
        for py in top...bottom {
            for px in left...right {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let dx = Double(px) + (Double(sx) + 0.5) / 4 - cx, dy = Double(py) + (Double(sy) + 0.5) / 4 - cy
                        if dx * dx + dy * dy <= r2 { inside += 1 }
                    }
                }
                canvas.paint(px, py, role, coverage: Double(inside) / 16)
            }
        }
    }
}
