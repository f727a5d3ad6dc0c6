#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One cell to write at a place on the screen.
public struct CellChange: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var cell: Cell

    public init(x: Int, y: Int, cell: Cell) {
        self.x = x
        self.y = y
        self.cell = cell
    }
}

/// What a terminal must write to go from one frame to the next: only the cells that
/// changed, or, when there is nothing to build on (the first frame, a new size), a
/// cleared screen and every cell that is not blank.
public struct FrameDiff: Sendable, Equatable {
    /// Clear the screen first: the changes then hold every non-blank cell.
    public var clearsScreen: Bool
    /// The cells to write, row by row, left to right.
    public var changes: [CellChange]

    public init(clearsScreen: Bool, changes: [CellChange]) {
        self.clearsScreen = clearsScreen
        self.changes = changes
    }

    /// True when nothing is to be written.
    public var isEmpty: Bool { !clearsScreen && changes.isEmpty }
}

extension Frame {
    /// The cells to write when this frame follows `previous` on a screen (nil: an
    /// unknown screen, drawn whole).
    public func diff(from previous: Frame?) -> FrameDiff {
        var changes: [CellChange] = []
        guard let previous, previous.width == width, previous.height == height else {
            for y in 0..<height {
                for x in 0..<width where cells[y * width + x] != .blank {
                    changes.append(CellChange(x: x, y: y, cell: cells[y * width + x]))
                }
            }
            return FrameDiff(clearsScreen: true, changes: changes)
        }
        // Rows whose bytes are the same are passed over whole (a cell's bytes are all its
        // fields, see `Cell`): a followed file's look changes a dozen cells of thousands.
        let rowBytes = width * MemoryLayout<Cell>.stride
        cells.withUnsafeBufferPointer { now in
            previous.cells.withUnsafeBufferPointer { before in
                for y in 0..<height {
                    let start = y * width
                    guard memcmp(now.baseAddress! + start, before.baseAddress! + start, rowBytes) != 0 else { continue }
                    for x in 0..<width where now[start + x] != before[start + x] {
                        changes.append(CellChange(x: x, y: y, cell: now[start + x]))
                    }
                }
            }
        }
        return FrameDiff(clearsScreen: false, changes: changes)
    }
}

extension Frame {
    /// Writes `diff` onto this frame, as a terminal would onto its screen: what a
    /// screen that started as this frame shows afterwards (for recording displays).
    package mutating func apply(_ diff: FrameDiff) {
        if diff.clearsScreen { self = Frame(width: width, height: height) }
        for change in diff.changes { self[change.x, change.y] = change.cell }
    }
}
