/// How chart dots map onto terminal cells, and which character shows a cell's dots.
///
/// Each cell's dots are kept as the bits of one byte:
/// - `braille`: 2 x 4 dots, the Unicode Braille bits (0x01 0x02 0x04 0x40 down
///   the left column, 0x08 0x10 0x20 0x80 down the right), shown as U+2800 + bits.
/// - `block`: 2 x 2 quadrants, bit 1 top-left, 2 top-right, 4 bottom-left,
///   8 bottom-right, shown with the quadrant block characters.
/// - `ascii`: 1 x 3 dots (top, middle, bottom as bits 1, 2, 4), shown as
///   `'` `-` `_` for one dot, `|` for a vertical run and `:` for top with bottom.
///
/// A cell without dots is always shown as a space, so layers underneath show through.
public enum Charset: String, Sendable, CaseIterable {
    case braille, block, ascii

    /// Dot columns in one cell.
    @inlinable package var dotColumnsPerCell: Int { self == .ascii ? 1 : 2 }

    /// Dot rows in one cell.
    @inlinable package var dotRowsPerCell: Int {
        switch self {
        case .braille: 4
        case .block: 2
        case .ascii: 3
        }
    }

    /// The bit of a cell's byte that holds the dot at `column`, `row` inside the cell.
    @inlinable public func bit(column: Int, row: Int) -> UInt8 {
        switch self {
        case .braille: row < 3 ? UInt8(1) << UInt8(row + 3 * column) : UInt8(0x40) << UInt8(column)
        case .block: UInt8(1) << UInt8(row * 2 + column)
        case .ascii: UInt8(1) << UInt8(row)
        }
    }

    /// The bits of the dots at `column` from row `top` through row `bottom` inside a cell
    /// (`top <= bottom`, both inside it): the `bit(column:row:)` of each, without a loop.
    @inlinable package func bits(column: Int, from top: Int, through bottom: Int) -> UInt8 {
        // Rows top...bottom as a run of ones, `bottom - top + 1` long, starting at bit `top`.
        let run = UInt8(truncatingIfNeeded: (1 &<< (bottom &- top &+ 1)) &- 1) &<< UInt8(top)
        switch self {
        case .braille:
            // Rows 0-2 are bits 3 × column + row, row 3 is bit 6 + column.
            return (run & 0x07) &<< UInt8(3 * column) | (run & 0x08 != 0 ? UInt8(0x40) &<< UInt8(column) : 0)
        case .block:
            // Row r is bit 2r + column: row 0 bit column, row 1 bit 2 + column.
            return (run & 0x01 != 0 ? UInt8(1) &<< UInt8(column) : 0) | (run & 0x02 != 0 ? UInt8(4) &<< UInt8(column) : 0)
        case .ascii:
            return run
        }
    }

    /// The character that shows a cell whose dots are `bits` (a space for none).
    package func glyph(_ bits: UInt8) -> Unicode.Scalar {
        switch self {
        case .braille:
            return bits == 0 ? " " : Unicode.Scalar(0x2800 + UInt32(bits))!
        case .block:
            return Charset.blockGlyphs[Int(bits & 0x0F)]
        case .ascii:
            return Charset.asciiGlyphs[Int(bits & 0x07)]
        }
    }

    /// Quadrant characters indexed by bits (1 top-left, 2 top-right, 4 bottom-left, 8 bottom-right).
    static let blockGlyphs: [Unicode.Scalar] = [
        " ", "\u{2598}", "\u{259D}", "\u{2580}", "\u{2596}", "\u{258C}", "\u{259E}", "\u{259B}",
        "\u{2597}", "\u{259A}", "\u{2590}", "\u{259C}", "\u{2584}", "\u{2599}", "\u{259F}", "\u{2588}",
    ]

    /// ASCII characters indexed by bits (1 top, 2 middle, 4 bottom).
    static let asciiGlyphs: [Unicode.Scalar] = [" ", "'", "-", "|", "_", ":", "|", "|"]
}
