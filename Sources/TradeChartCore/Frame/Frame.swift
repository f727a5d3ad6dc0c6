/// A screen's worth of cells, the single output of the core: the terminal layer
/// draws it, `--print` prints it, and tests compare it as text.
public struct Frame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }

    /// The cell at column `x`, row `y`; reads outside the frame give a blank cell
    /// and writes outside it are ignored.
    public subscript(x: Int, y: Int) -> Cell {
        get { contains(x: x, y: y) ? cells[y * width + x] : .blank }
        set { if contains(x: x, y: y) { cells[y * width + x] = newValue } }
    }

    @inlinable public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Writes text starting at (x, y), one scalar per cell, clipped at the frame's
    /// edges. Control characters are shown as spaces. Returns the column after the text.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: CellStyle = .plain) -> Int {
        var column = x
        guard y >= 0, y < height else { return x + text.unicodeScalars.count }
        for scalar in text.unicodeScalars {
            if column >= width { column += 1; continue }
            if column >= 0 {
                cells[y * width + column] = Cell(TextSanitizer.isControl(scalar) ? " " : scalar, style)
            }
            column += 1
        }
        return column
    }

    /// Sets the style of a run of cells without changing their characters.
    public mutating func restyle(x: Int, y: Int, length: Int, style: CellStyle) {
        guard y >= 0, y < height else { return }
        for column in max(0, x)..<min(width, max(0, x + length)) { cells[y * width + column].style = style }
    }

    /// One line of the frame as plain text (trailing spaces kept).
    public func line(_ y: Int) -> String {
        var s = String.UnicodeScalarView()
        for x in 0..<width { s.append(cells[y * width + x].character) }
        return String(s)
    }

    /// The whole frame as plain text, lines joined by newlines, trailing spaces removed.
    public var plainText: String {
        (0..<height).map { line($0).trimmingTrailingSpaces() }.joined(separator: "\n")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var scalars = Substring(self).unicodeScalars
        while let last = scalars.last, last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
