import Testing
import TradeChartApp
import TradeChartCore

/// A clock the test moves: the scripted events move it as the loop waits.
final class ManualClock: Clock {
    var time: Double
    init(_ time: Double = 0) { self.time = time }
    func now() -> Double { time }
}

/// Events at scripted times. A wait with a timeout moves the clock to the next
/// event or to the end of the timeout, whichever is first; a wait without one moves
/// it to the next event. Every wait is kept, to check that an idle loop waits for input.
final class ScriptedEvents: EventSource {
    struct Wait: Equatable {
        var at: Double
        var timeoutMilliseconds: Int
    }

    private var script: [(time: Double, event: ViewerEvent)]
    private let clock: ManualClock
    private(set) var waits: [Wait] = []

    init(_ script: [(Double, ViewerEvent)], clock: ManualClock) {
        self.script = script.map { (time: $0.0, event: $0.1) }
        self.clock = clock
    }

    func nextEvent(timeoutMilliseconds: Int, wakingFor wakers: [Int32]) -> ViewerEvent? {
        waits.append(Wait(at: clock.time, timeoutMilliseconds: timeoutMilliseconds))
        guard let next = script.first else {
            Issue.record("the loop waited for input after the script ended")
            return .interrupted(signal: 9)
        }
        if timeoutMilliseconds >= 0 {
            let deadline = clock.time + Double(timeoutMilliseconds) / 1000
            guard next.time <= deadline else {
                clock.time = deadline
                return nil
            }
        }
        script.removeFirst()
        clock.time = max(clock.time, next.time)
        return next.event
    }
}

/// A display that keeps what a terminal would show and when each diff was drawn.
final class RecordingDisplay: Display {
    struct Draw {
        var at: Double
        var diff: FrameDiff
        /// The screen after this draw.
        var screen: Frame
    }

    var size: (columns: Int, rows: Int)
    private let clock: ManualClock
    private(set) var draws: [Draw] = []
    private(set) var screen: Frame

    init(columns: Int, rows: Int, clock: ManualClock) {
        size = (columns, rows)
        self.clock = clock
        screen = Frame(width: columns, height: rows)
    }

    func draw(_ diff: FrameDiff) {
        if screen.width != size.columns || screen.height != size.rows {
            #expect(diff.clearsScreen, "a new size is drawn whole")
            screen = Frame(width: size.columns, height: size.rows)
        }
        screen.apply(diff)
        draws.append(Draw(at: clock.time, diff: diff, screen: screen))
    }

    /// The draws made in a span of time.
    func draws(in times: ClosedRange<Double>) -> [Draw] { draws.filter { times.contains($0.at) } }
}

/// A host service that records the commands it was given.
final class RecordingService: HostService {
    private(set) var commands: [(at: Double, command: ViewerCommand)] = []
    private(set) var finished = false
    func perform(_ command: ViewerCommand, at time: Double) -> [ViewerEvent] {
        commands.append((time, command))
        return []
    }
    func finish() { finished = true }
}
