import Testing
import TradeChartApp
import TradeChartCore

/// The screen-reader mode's way through the real loop: a display of lines is handed
/// every change (the services' answers too), never a frame, and nothing is paced.
@Suite("Viewer loop with a display of lines")
struct LineDisplayLoopTests {
    /// A display that says what `Narration` makes of each change, and records it.
    final class RecordingLines: Display {
        var size: (columns: Int, rows: Int) = (80, 24)
        var showsFrames: Bool { false }
        private(set) var said: [(event: ViewerEvent, lines: [String])] = []
        private(set) var draws = 0
        func draw(_ diff: FrameDiff) { draws += 1 }
        func handled(_ event: ViewerEvent, saying lines: [String]) {
            said.append((event, lines))
        }
    }

    /// A sound service that starts every audiograph at once.
    final class FakeSound: HostService {
        func perform(_ command: ViewerCommand, at time: Double) -> [ViewerEvent] {
            guard case .playAudiograph = command else { return [] }
            return [.sound(.started(duration: 3, note: "Playing the audiograph with fake"))]
        }
    }

    @Test func everyChangeIsSaidNoFrameIsDrawnAndTheLoopWaitsForKeysWhileSoundPlays() {
        let clock = ManualClock(0)
        let display = RecordingLines()
        let script: [(Double, ViewerEvent)] = [(1, .key(.left)), (2, .key(.character("a"))), (3, .key(.character("x"))),
                                               (4, .key(.character("q")))]
        let events = ScriptedEvents(script, clock: clock)
        let state = ViewerState(series: ViewerLoopTests.series, range: .oneMonth,
                                options: ViewerOptions(morphDuration: 0, showsPanels: false), columns: 10, rows: 10)
        let status = ViewerLoop(state: state, display: display, events: events, clock: clock, services: [FakeSound()]).run()
        #expect(status == 0)
        #expect(display.draws == 0, "no frame reaches a display of lines")
        // The opening resize, then each key, and the sound's start between a and x.
        #expect(display.said.map(\.event) == [.resize(columns: 80, rows: 24), .key(.left), .key(.character("a")),
                                              .sound(.started(duration: 3, note: "Playing the audiograph with fake")),
                                              .key(.character("x")), .key(.character("q"))])
        #expect(display.said[1].lines.count == 1 && display.said[1].lines[0].contains("point "))
        #expect(display.said[3].lines == ["Playing the audiograph with fake"])
        #expect(display.said[4].lines == ["x does nothing here; press ? for keys"])
        // While the sound plays (2 s to 5 s) the loop waits for keys alone: nothing moves on lines.
        #expect(events.waits.allSatisfy { $0.timeoutMilliseconds == -1 }, "\(events.waits.prefix(5))")
    }
}
