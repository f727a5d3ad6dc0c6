/// The whole screen as one image (`--png`): every cell of a frame drawn in its role's
/// colour with the bitmap font (a reversed cell as a block of its colour with the glyph
/// cut out), Braille dots, box-drawing lines and block elements from their shapes, and
/// the plot area replaced by the pixel plot when there is one.
public enum ScreenImage {
    /// `frame` at `cell` pixels a cell, with `plot` laid over its cells.
    public static func render(_ frame: Frame, plot: PixelPlot?, cell: PixelCellSize) -> PixelCanvas {
        var canvas = PixelCanvas(width: frame.width * cell.width, height: frame.height * cell.height)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                if let plot, x >= plot.column, x < plot.column + plot.columns, y >= plot.row, y < plot.row + plot.rows {
                    continue
                }
                let c = frame[x, y]
                guard !c.isContinuation else { continue }
                draw(c, left: x * cell.width, top: y * cell.height, cell: cell, into: &canvas)
            }
        }
        if let plot {
            let left = plot.column * cell.width, top = plot.row * cell.height
            for py in 0..<plot.canvas.height {
                for px in 0..<plot.canvas.width { canvas.set(left + px, top + py, plot.canvas[px, py]) }
            }
        }
        return canvas
    }

    /// One cell at pixel (`left`, `top`).
    static func draw(_ cell: Cell, left: Int, top: Int, cell size: PixelCellSize, into canvas: inout PixelCanvas) {
        let ink = PixelPalette.index(cell.style.color, level: PixelPalette.levels)
        var pen: UInt8 = ink
        if cell.style.attributes.contains(.reverse) {
            for y in 0..<size.height { for x in 0..<size.width { canvas.set(left + x, top + y, ink) } }
            pen = 0
        }
        let scalar = cell.character
        let w = size.width, h = size.height
        func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
            guard x0 <= x1, y0 <= y1 else { return }
            for y in y0...y1 { for x in x0...x1 { canvas.set(left + x, top + y, pen) } }
        }
        let v = scalar.value
        if v == 0x20 { return }
        if v >= 0x2800 && v <= 0x28FF {
            // Braille: a square dot in each of the 2 x 4 places whose bit is set.
            let dot = max(1, min(w / 4, h / 8))
            for row in 0..<4 {
                for column in 0..<2 where UInt8(v - 0x2800) & Charset.braille.bit(column: column, row: row) != 0 {
                    let cx = (2 * column + 1) * w / 4, cy = (2 * row + 1) * h / 8
                    fill(cx - dot / 2, cy - dot / 2, cx - dot / 2 + dot - 1, cy - dot / 2 + dot - 1)
                }
            }
            return
        }
        if v >= 0x2581 && v <= 0x2588 {
            // Lower eighth blocks.
            let eighths = Int(v - 0x2580)
            fill(0, h - h * eighths / 8, w - 1, h - 1)
            return
        }
        if let arms = boxArms[scalar] {
            let mx = w / 2, my = h / 2
            if arms.left { fill(0, my, mx, my) }
            if arms.right { fill(mx, my, w - 1, my) }
            if arms.up { fill(mx, 0, mx, my) }
            if arms.down { fill(mx, my, mx, h - 1) }
            return
        }
        let rows = BitmapFont.rows(scalar) ?? BitmapFont.rows("?")!
        let scale = max(1, min((w - 1) / BitmapFont.glyphWidth, (h - 2) / BitmapFont.glyphHeight))
        let x0 = (w - BitmapFont.glyphWidth * scale) / 2, y0 = (h - BitmapFont.glyphHeight * scale) / 2
        let bold = cell.style.attributes.contains(.bold)
        for (r, bits) in rows.enumerated() {
            for c in 0..<BitmapFont.glyphWidth where bits & (0x10 >> UInt8(c)) != 0 {
                let gx = x0 + c * scale, gy = y0 + r * scale
                fill(gx, gy, gx + scale - 1 + (bold ? 1 : 0), gy + scale - 1)
            }
        }
    }

    /// The lines of the box-drawing characters the viewer uses, from the cell's middle.
    static let boxArms: [Unicode.Scalar: (left: Bool, right: Bool, up: Bool, down: Bool)] = [
        "─": (true, true, false, false), "│": (false, false, true, true),
        "┌": (false, true, false, true), "┐": (true, false, false, true),
        "└": (false, true, true, false), "┘": (true, false, true, false),
        "├": (false, true, true, true), "┤": (true, false, true, true),
        "┬": (true, true, false, true), "┴": (true, true, true, false), "┼": (true, true, true, true),
        "╭": (false, true, false, true), "╮": (true, false, false, true),
        "╰": (false, true, true, false), "╯": (true, false, true, false),
    ]
}
