/// What a key (or a click) asks the viewer to do; the key map ties keys to actions.
public enum ViewerAction: Sendable, Hashable {
    case selectRange(ChartRange)
    case shorterRange
    case longerRange
    /// Move the cursor by this many points (negative: to the left).
    case step(Int)
    case firstPoint
    case lastPoint
    /// Close the panel that is open, else hide the cursor.
    case dismiss
    case describe
    /// Show the whole status message and the ones before it.
    case messages
    /// Scroll the open panel by this many lines (negative: up).
    case scroll(Int)
    case listen
    /// Zoom the window in (half the width) or out (twice).
    case zoomIn
    case zoomOut
    /// Pan the window by this many quarters of its width (negative: to older points).
    case pan(Int)
    /// An on/off setting of the settings table (the volume pane, the log axis, percent labels, the tones) on or off.
    case toggle(SettingID)
    /// The next moving averages: none, 20, 20 50 200.
    case cycleAverages
    /// Open the indicators' chooser (`i`), whose digits turn each on or off.
    case chooseIndicators
    /// Mark the point under the cursor (or the newest) to measure from it.
    case mark
    /// Make the next compared file the primary one.
    case nextPrimary
    /// The next style: line, candles, OHLC bars.
    case cycleStyle
    /// The next candle period: the automatic one, then each longer one that gives two candles or more.
    case cyclePeriod
    /// The next way of drawing the plot the terminal can show: Braille, a sixel or a kitty image.
    case cycleGraphics
    case help
    case quit
}
