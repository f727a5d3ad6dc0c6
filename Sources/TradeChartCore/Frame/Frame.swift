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
    /// and writes outside it are ignored. A write over half of a wide character blanks
    /// its other half.
    public subscript(x: Int, y: Int) -> Cell {
        get { contains(x: x, y: y) ? cells[y * width + x] : .blank }
        set { if contains(x: x, y: y) { put(newValue, x: x, y: y) } }
    }

    /// Hands `body` the cells, row by row, to paint a part of the frame still blank there
    /// and beside it (no wide character to keep whole: the plot's cells, painted first),
    /// many cells at a time, without `put`'s checks or a check of the array at each.
    package mutating func paintOverBlank<R>(_ body: (UnsafeMutableBufferPointer<Cell>) -> R) -> R {
        cells.withUnsafeMutableBufferPointer { body($0) }
    }

    /// Copies a block of cells (`block`, rows of `width`) onto a part of the frame still
    /// blank there (`paintOverBlank`'s rule), its top left cell at (`x`, `y`), clipped to the frame.
    package mutating func paint(_ block: [Cell], width blockWidth: Int, x: Int, y: Int) {
        guard blockWidth > 0 else { return }
        let first = max(0, -x), last = min(blockWidth, width - x)
        guard first < last else { return }
        let frameWidth = width, frameHeight = height
        block.withUnsafeBufferPointer { source in
            cells.withUnsafeMutableBufferPointer { cells in
                for row in 0..<(source.count / blockWidth) {
                    let y = y + row
                    guard y >= 0 else { continue }
                    guard y < frameHeight else { break }
                    let from = row * blockWidth + first, to = y * frameWidth + x + first
                    (cells.baseAddress! + to).update(from: source.baseAddress! + from, count: last - first)
                }
            }
        }
    }

    @inlinable public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Sets one cell inside the frame, keeping wide characters whole: the halves of a
    /// wide character that `cell` overwrites in part become spaces.
    private mutating func put(_ cell: Cell, x: Int, y: Int) {
        let i = y * width + x
        if cells[i].isContinuation, !cell.isContinuation, x > 0 { cells[i - 1] = Cell(" ", cells[i - 1].style) }
        if x + 1 < width, cells[i + 1].isContinuation { cells[i + 1] = Cell(" ", cells[i + 1].style) }
        cells[i] = cell
    }

    /// Writes text starting at (x, y), clipped at the frame's edges, each character in
    /// as many cells as it takes on a terminal (`DisplayWidth`): a wide character takes
    /// its cell and a continuation cell after it, and one that does not fit whole at an
    /// edge is shown as a space; combining marks are dropped (a cell holds one character).
    /// Control characters are shown as spaces. Returns the column after the text.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: CellStyle = .plain) -> Int {
        var column = x
        guard y >= 0, y < height else { return x + text.displayWidth }
        if let end = writeASCII(text, x: x, y: y, style: style) { return end }
        for scalar in text.unicodeScalars {
            // Printable ASCII, most of what is written, takes one cell.
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                if column >= 0 && column < width { put(Cell(scalar, style), x: column, y: y) }
                column += 1
                continue
            }
            if TextSanitizer.isControl(scalar) {
                if column >= 0 && column < width { put(Cell(" ", style), x: column, y: y) }
                column += 1
                continue
            }
            let cells = scalar == Cell.continuationMark ? 0 : DisplayWidth.of(scalar)
            if cells == 1 {
                if column >= 0 && column < width { put(Cell(scalar, style), x: column, y: y) }
            } else if cells == 2 {
                if column >= 0 && column + 1 < width {
                    put(Cell(scalar, style), x: column, y: y)
                    put(Cell(Cell.continuationMark, style), x: column + 1, y: y)
                } else {
                    // Half of it would be outside the frame.
                    for c in [column, column + 1] where c >= 0 && c < width { put(Cell(" ", style), x: c, y: y) }
                }
            }
            column += cells
        }
        return column
    }

    /// Writes text of printable ASCII only (most of what is written: prices, dates, keys)
    /// in one pass over its bytes, as `write` would a character at a time: a character a
    /// cell, and the halves of wide characters it cuts at either end become spaces. Nil,
    /// writing nothing, for any other text. Row `y` is inside the frame.
    private mutating func writeASCII(_ text: String, x: Int, y: Int, style: CellStyle) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            guard !bytes.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return nil }
            let width = width
            let first = max(x, 0), last = min(x + bytes.count, width)
            guard first < last else { return x + bytes.count }
            cells.withUnsafeMutableBufferPointer { cells in
                let row = y * width
                if first > 0, cells[row + first].isContinuation {
                    cells[row + first - 1] = Cell(" ", cells[row + first - 1].style)
                }
                if last < width, cells[row + last].isContinuation { cells[row + last] = Cell(" ", cells[row + last].style) }
                for column in first..<last { cells[row + column] = Cell(Unicode.Scalar(bytes[column - x]), style) }
            }
            return x + bytes.count
        }
    }

    /// Blanks the cells of the rectangle `width` x `height` at (`x`, `y`), where it lies on the frame.
    package mutating func clear(x: Int, y: Int, width: Int, height: Int) {
        for row in max(0, y)..<min(self.height, y + height) {
            for column in max(0, x)..<min(self.width, x + width) { self[column, row] = .blank }
        }
    }

    /// Sets the style of a run of cells without changing their characters.
    package mutating func restyle(x: Int, y: Int, length: Int, style: CellStyle) {
        guard y >= 0, y < height else { return }
        for column in max(0, x)..<min(width, max(0, x + length)) { cells[y * width + column].style = style }
    }

    /// One line of the frame as plain text (trailing spaces kept; a wide character's
    /// continuation cell adds nothing, so the text is as wide as the frame on a terminal).
    public func line(_ y: Int) -> String {
        var bytes: [UInt8] = []
        appendLine(y, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The whole frame as plain text, lines joined by newlines, trailing spaces removed.
    /// Encoded into one buffer of bytes (a string a line cost `--print` about 7 % of its start).
    public var plainText: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(height * (3 * width + 1))
        for y in 0..<height {
            if y > 0 { bytes.append(0x0A) }
            let start = bytes.count
            appendLine(y, to: &bytes)
            while bytes.count > start, bytes[bytes.count - 1] == 0x20 { bytes.removeLast() }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends line `y`'s characters, UTF-8 encoded, to `bytes`.
    private func appendLine(_ y: Int, to bytes: inout [UInt8]) {
        for x in 0..<width where !cells[y * width + x].isContinuation {
            UTF8.encode(cells[y * width + x].character) { bytes.append($0) }
        }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var scalars = Substring(self).unicodeScalars
        while let last = scalars.last, last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
