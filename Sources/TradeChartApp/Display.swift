import TradeChartCore

/// Where the loop's frames go: the ncurses screen, or a recording in tests.
public protocol Display: AnyObject {
    /// The size in cells.
    var size: (columns: Int, rows: Int) { get }
    /// Writes the changed cells (after clearing, when the diff says so).
    func draw(_ diff: FrameDiff)
}
