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
    /// The viewer handled `event` at `time`, going from `before` to `after`: a display of
    /// lines says what changed. Every event comes here, the host services' answers too.
    func handled(_ event: ViewerEvent, from before: ViewerState, to after: ViewerState, at time: Double)
}

extension Display {
    public var showsFrames: Bool { true }
    public func handled(_ event: ViewerEvent, from before: ViewerState, to after: ViewerState, at time: Double) {}
}
