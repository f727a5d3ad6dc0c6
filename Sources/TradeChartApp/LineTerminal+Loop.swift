import TradeChartCore
import TradeChartTerminal

/// The screen-reader mode's terminal is the loop's display and its source of events:
/// it draws no frames and says, for each change, the lines the state makes of it (`Narration`).
extension LineTerminal: Display, EventSource {
    public var showsFrames: Bool { false }

    public func draw(_ diff: FrameDiff) {}

    public func handled(_ event: ViewerEvent, saying lines: [String]) {
        say(lines)
    }
}
