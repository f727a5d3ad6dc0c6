/// An image as indices into a `PixelPalette`, row by row from the top-left; index 0 is
/// the background. Painting keeps the stronger of two colours on a pixel (a later
/// colour of the same strength wins), so a line's faint anti-aliased edge never cuts
/// another line, and layers painted one after the other put the later ones on top.
public struct PixelCanvas: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// The palette index of every pixel, row by row.
    public private(set) var pixels: [UInt8]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// The palette index at (x, y); 0 outside.
    @inlinable public subscript(x: Int, y: Int) -> UInt8 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return pixels[y * width + x]
    }

    /// Paints (x, y) in `role` at strength `level` (1...4) unless a stronger colour is
    /// there; outside the image nothing happens.
    @inline(__always) package mutating func paint(_ x: Int, _ y: Int, _ role: ColorRole, level: Int) {
        guard level > 0, x >= 0, y >= 0, x < width, y < height else { return }
        let i = y * width + x
        if PixelPalette.level(of: pixels[i]) <= level { pixels[i] = PixelPalette.index(role, level: min(level, PixelPalette.levels)) }
    }

    /// Paints (x, y) in `role` with a coverage of 0...1 (rounded to the palette's strengths).
    @inline(__always) package mutating func paint(_ x: Int, _ y: Int, _ role: ColorRole, coverage: Double) {
        let level = Clamp.int((coverage * Double(PixelPalette.levels)).rounded(), ifNaN: 0)
        paint(x, y, role, level: min(level, PixelPalette.levels))
    }

    /// Paints the rectangle of columns `x0...x1`, rows `y0...y1` (clipped) at full strength.
    package mutating func fill(x0: Int, y0: Int, x1: Int, y1: Int, _ role: ColorRole) {
        let left = max(0, x0), right = min(x1, width - 1), top = max(0, y0), bottom = min(y1, height - 1)
        guard left <= right, top <= bottom else { return }
        for y in top...bottom {
            for x in left...right { paint(x, y, role, level: PixelPalette.levels) }
        }
    }

    /// Paints every dot of `dots` (one dot a pixel, `dots` laid at the top-left) in `role`.
    package mutating func paint(dots: DotCanvas, _ role: ColorRole) {
        let cw = dots.charset.dotColumnsPerCell, rh = dots.charset.dotRowsPerCell
        for row in 0..<dots.rows {
            for column in 0..<dots.columns {
                let bits = dots.bits(column: column, row: row)
                guard bits != 0 else { continue }
                for dy in 0..<rh {
                    for dx in 0..<cw where bits & dots.charset.bit(column: dx, row: dy) != 0 {
                        paint(column * cw + dx, row * rh + dy, role, level: PixelPalette.levels)
                    }
                }
            }
        }
    }

    /// The image as 8-bit red, green, blue triples in `palette`'s colours, row by row.
    public func rgb(_ palette: PixelPalette) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixels.count * 3)
        let colors = palette.colors
        out.withUnsafeMutableBufferPointer { dst in
            var o = 0
            for index in pixels {
                let c = colors[Int(index)]
                dst[o] = c.red
                dst[o + 1] = c.green
                dst[o + 2] = c.blue
                o += 3
            }
        }
        return out
    }

    /// The pixels that are not background, as text: `#` for a full colour, `+` for a
    /// partial one, `.` for the background; one line per pixel row (for tests).
    package var sketch: String {
        (0..<height).map { y in
            String((0..<width).map { x -> Character in
                let level = PixelPalette.level(of: self[x, y])
                return level == 0 ? "." : level == PixelPalette.levels ? "#" : "+"
            })
        }.joined(separator: "\n")
    }
}

extension PixelCanvas {
    /// Copies `other`, as wide as this canvas, in from row `row` on (clipped at the bottom).
    package mutating func place(_ other: PixelCanvas, atRow row: Int) {
        precondition(other.width == width && row >= 0, "a canvas is placed at its full width")
        let rows = min(other.height, height - row)
        guard rows > 0 else { return }
        pixels.replaceSubrange((row * width)..<((row + rows) * width), with: other.pixels[0..<(rows * width)])
    }
}

extension PixelCanvas {
    /// Sets (x, y) to palette index `index`, whatever is there (outside: nothing).
    package mutating func set(_ x: Int, _ y: Int, _ index: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        pixels[y * width + x] = index
    }
}

extension PixelCanvas {
    /// The columns `x..<x + width` (clipped), all rows, as a canvas of their own.
    package func columns(_ x: Int, width: Int) -> PixelCanvas {
        let left = max(0, min(x, self.width)), right = max(left, min(x + width, self.width))
        var part = PixelCanvas(width: right - left, height: height)
        guard part.width > 0 else { return part }
        for y in 0..<height {
            part.pixels.replaceSubrange((y * part.width)..<((y + 1) * part.width),
                                        with: pixels[(y * self.width + left)..<(y * self.width + right)])
        }
        return part
    }

    /// Whether the columns `x..<x + width` hold the same pixels in `other` (as large as this one).
    package func sameColumns(_ x: Int, width: Int, as other: PixelCanvas) -> Bool {
        guard other.width == self.width, other.height == height else { return false }
        let left = max(0, x), right = min(x + width, self.width)
        guard left < right else { return true }
        for y in 0..<height where pixels[(y * self.width + left)..<(y * self.width + right)]
            != other.pixels[(y * self.width + left)..<(y * self.width + right)] {
            return false
        }
        return true
    }
}
