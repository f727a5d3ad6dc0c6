import TradeChartCore

/// Where the loop shows the viewer: the ncurses screen (frames), the screen-reader
/// mode (lines said for each change), or a recording in tests.
public protocol Display: AnyObject {
    /// The size in cells.
    var size: (columns: Int, rows: Int) { get }
    /// Whether it shows frames. One that does not (the screen reader's lines) is never
    /// drawn to, and the loop paces no frames for it: nothing moves on it.
    var showsFrames: Bool { get }
    /// Writes the changed cells (after clearing, when the diff says so).
    func draw(_ diff: FrameDiff)
    /// Whether it says what each event changed (`handled`). Only then does the loop keep
    /// the state from before an event: while it is kept, the viewer's columns cannot grow
    /// in place, so every followed row would copy the whole series.
    var narratesChanges: Bool { get }
    /// The state handled `event`, and `lines` say what changed (`LoopState.narration`): a
    /// display of lines says them. Every event comes here, the host services' answers too
    /// (only when `narratesChanges`).
    func handled(_ event: ViewerEvent, saying lines: [String])
    /// The size of a cell in pixels where the display can lay an image over the plot's
    /// cells (sixel, kitty); nil where it shows text only.
    var imageCell: PixelCellSize? { get }
    /// Writes the bytes of an image (`PlotImageScreen`'s) after the frame's text; `area`
    /// is the cells the image covers from now on (nil: none).
    func drawImage(_ bytes: [UInt8], covering area: CellArea?)
}

extension Display {
    public var showsFrames: Bool { true }
    /// A display of lines (no frames) says the changes; one of frames does not.
    public var narratesChanges: Bool { !showsFrames }
    public func handled(_ event: ViewerEvent, saying lines: [String]) {}
    public var imageCell: PixelCellSize? { nil }
    public func drawImage(_ bytes: [UInt8], covering area: CellArea?) {}
}
