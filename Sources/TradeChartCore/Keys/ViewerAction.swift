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
    /// Switch the tone for each cursor step on or off.
    case toggleTones
    /// The next style: line, candles, OHLC bars.
    case cycleStyle
    /// Show or hide the volume pane.
    case toggleVolume
    case help
    case quit
}
