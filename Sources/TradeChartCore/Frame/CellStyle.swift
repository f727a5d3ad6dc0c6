/// What a cell's colour means. The terminal maps each role onto the terminal's
/// own palette (its green and red), so light and dark themes both read.
public enum ColorRole: UInt8, Sendable, Hashable, CaseIterable {
    /// The terminal's default foreground.
    case plain
    /// A price at or above the baseline (green).
    case rising
    /// A price below the baseline (red).
    case falling
    /// Axes, labels, baseline, cursor line: shown dim.
    case muted
    /// The active range and other highlights.
    case accent
    /// Four more colours, apart from the rising green and the falling red, for lines
    /// drawn beside the price (moving averages, other files): see `palette(_:)`.
    case series1, series2, series3, series4

    /// The `k`-th colour of the palette for extra lines (it repeats after four).
    package static func palette(_ k: Int) -> ColorRole {
        [.series1, .series2, .series3, .series4][((k % 4) + 4) % 4]
    }
}

/// Text attributes of a cell.
public struct CellAttributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellAttributes(rawValue: 1)
    public static let dim = CellAttributes(rawValue: 2)
    public static let reverse = CellAttributes(rawValue: 4)
    public static let underline = CellAttributes(rawValue: 8)
    /// The terminal's blink: a pulse that costs the program no CPU.
    public static let blink = CellAttributes(rawValue: 16)
}

/// The look of one cell: a colour role and attributes.
public struct CellStyle: Sendable, Hashable {
    public var color: ColorRole
    public var attributes: CellAttributes

    public init(_ color: ColorRole = .plain, _ attributes: CellAttributes = []) {
        self.color = color
        self.attributes = attributes
    }

    public static let plain = CellStyle()
    public static let muted = CellStyle(.muted, .dim)
}

/// One terminal cell: a character and its style. A wide character (CJK) takes its
/// cell and the next, which holds `continuationMark`: terminals and text leave it out.
///
/// Its eight bytes are all fields (the last two always zero, where padding would be), so
/// equal cells have equal bytes and rows of a frame compare with `memcmp` (`Frame.diff`).
public struct Cell: Sendable, Hashable {
    public var character: Unicode.Scalar
    public var style: CellStyle
    /// Zero: takes the bytes that would be padding, so they are never left undefined.
    private var unused: UInt16 = 0

    public init(_ character: Unicode.Scalar = " ", _ style: CellStyle = .plain) {
        self.character = character
        self.style = style
    }

    public static let blank = Cell()

    /// The character of the cell after a wide character: U+FFFF, a noncharacter that
    /// never comes from text (the sanitizer drops it) and is never written to a terminal.
    public static let continuationMark: Unicode.Scalar = "\u{FFFF}"

    /// True for the second cell of a wide character: drawn by the character before it.
    @inlinable public var isContinuation: Bool { character == Cell.continuationMark }
}
