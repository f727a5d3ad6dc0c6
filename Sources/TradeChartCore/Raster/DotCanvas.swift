/// A grid of dots laid over a block of terminal cells, one byte of dot bits per
/// cell (see `Charset`). Dot (0, 0) is the top-left dot; x grows to the right and
/// y grows downwards. Writes outside the grid are ignored and reads outside give
/// false. Reuse one canvas across frames with `clear()`: it allocates only once.
public struct DotCanvas: Sendable, Equatable {
    /// How dots map onto cells.
    public let charset: Charset
    /// Size in cells.
    public let columns: Int
    public let rows: Int
    /// Size in dots.
    public let widthDots: Int
    public let heightDots: Int
    /// The dot bits of every cell, row by row.
    @usableFromInline var storage: [UInt8]
    /// The dot bits of every cell, row by row.
    package var cellBits: [UInt8] { storage }

    public init(columns: Int, rows: Int, charset: Charset) {
        self.charset = charset
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        widthDots = self.columns * charset.dotColumnsPerCell
        heightDots = self.rows * charset.dotRowsPerCell
        storage = Array(repeating: 0, count: self.columns * self.rows)
    }

    /// Removes every dot.
    public mutating func clear() {
        storage.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// True when no dot is set.
    public var isEmpty: Bool { storage.allSatisfy { $0 == 0 } }

    /// The dot at (x, y).
    @inlinable public subscript(x: Int, y: Int) -> Bool {
        get {
            guard x >= 0, y >= 0, x < widthDots, y < heightDots else { return false }
            let (cell, bit) = location(x: x, y: y)
            return storage[cell] & bit != 0
        }
        set {
            guard x >= 0, y >= 0, x < widthDots, y < heightDots else { return }
            let (cell, bit) = location(x: x, y: y)
            if newValue { storage[cell] |= bit } else { storage[cell] &= ~bit }
        }
    }

    /// The index of the cell holding dot (x, y), which must be inside, and its bit.
    @inlinable func location(x: Int, y: Int) -> (cell: Int, bit: UInt8) {
        let cw = charset.dotColumnsPerCell, rh = charset.dotRowsPerCell
        let cx = x / cw, cy = y / rh
        return (cy * columns + cx, charset.bit(column: x - cx * cw, row: y - cy * rh))
    }

    /// Sets the dots of column `x` from row `top` through row `bottom`, clipped to the grid.
    package mutating func fillColumn(_ x: Int, from top: Int, through bottom: Int) {
        change(column: x, from: top, through: bottom, lit: true)
    }

    /// Clears the dots of column `x` from row `top` through row `bottom`, clipped to the grid.
    package mutating func clearColumn(_ x: Int, from top: Int, through bottom: Int) {
        change(column: x, from: top, through: bottom, lit: false)
    }

    /// Sets (`lit`) or clears the dots of column `x` from row `top` through row `bottom`,
    /// a cell at a time, clipped to the grid.
    @inline(__always) private mutating func change(column x: Int, from top: Int, through bottom: Int, lit: Bool) {
        guard x >= 0, x < widthDots else { return }
        let first = max(top, 0), last = min(bottom, heightDots - 1)
        guard first <= last else { return }
        let cw = charset.dotColumnsPerCell, rh = charset.dotRowsPerCell
        let cellX = x / cw, sub = x - cellX * cw
        let charset = charset, columns = columns
        storage.withUnsafeMutableBufferPointer { cells in
            var row = first
            while row <= last {
                let cellY = row / rh
                let cellTop = cellY * rh
                let end = min(last, cellTop + rh - 1)
                let bits = charset.bits(column: sub, from: row - cellTop, through: end - cellTop)
                if lit { cells[cellY * columns + cellX] |= bits } else { cells[cellY * columns + cellX] &= ~bits }
                row = end + 1
            }
        }
    }

    /// Sets the dots of row `y` in the columns where `lit(x)` holds, clipped to the grid:
    /// one pass over the row's cells (a dashed line is a row of the plot at every frame).
    package mutating func fillRow(_ y: Int, where lit: (Int) -> Bool) {
        guard y >= 0, y < heightDots else { return }
        let cw = charset.dotColumnsPerCell, rh = charset.dotRowsPerCell
        let cellY = y / rh, sub = y - cellY * rh
        let charset = charset, columns = columns
        let dot = (0..<cw).map { charset.bits(column: $0, from: sub, through: sub) }
        storage.withUnsafeMutableBufferPointer { cells in
            let start = cellY * columns
            for cellX in 0..<columns {
                var bits: UInt8 = 0
                for k in 0..<cw where lit(cellX * cw + k) { bits |= dot[k] }
                cells[start + cellX] |= bits
            }
        }
    }

    /// The dot bits of the cell at `column`, `row` (0 outside the grid).
    @inlinable public func bits(column: Int, row: Int) -> UInt8 {
        guard column >= 0, row >= 0, column < columns, row < rows else { return 0 }
        return storage[row * columns + column]
    }

    /// The character showing the cell at `column`, `row` (a space when it has no dots).
    package func glyph(column: Int, row: Int) -> Unicode.Scalar {
        charset.glyph(bits(column: column, row: row))
    }

    /// Writes the cells that have dots into `frame` with their top-left cell at
    /// (`x`, `y`) in the given style; cells without dots are left as they are, so
    /// drawing layers one after the other puts the later ones on top.
    public func render(into frame: inout Frame, x: Int, y: Int, style: CellStyle) {
        for row in 0..<rows {
            for column in 0..<columns {
                let b = storage[row * columns + column]
                if b != 0 { frame[x + column, y + row] = Cell(charset.glyph(b), style) }
            }
        }
    }

    /// The canvas as text, one line per cell row, trailing spaces removed.
    public var text: String {
        var lines: [String] = []
        for row in 0..<rows {
            var line = String.UnicodeScalarView()
            for column in 0..<columns { line.append(glyph(column: column, row: row)) }
            lines.append(String(line).trimmingTrailingSpaces())
        }
        return lines.joined(separator: "\n")
    }
}
