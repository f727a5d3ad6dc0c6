import TradeChartCore
import TradeChartTerminal

/// The screen-reader mode's terminal is the loop's display and its source of events:
/// it draws no frames and says, for each change, the lines `Narration` makes of it.
extension LineTerminal: Display, EventSource {
    public var showsFrames: Bool { false }

    public func draw(_ diff: FrameDiff) {}

    public func handled(_ event: ViewerEvent, from before: ViewerState, to after: ViewerState, at time: Double) {
        say(Narration.lines(for: event, from: before, to: after))
    }
}
