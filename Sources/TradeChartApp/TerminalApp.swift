import TradeChartCore
import TradeChartSystem
import TradeChartTerminal

/// The interactive loop: draws the state's frame for the current time, paces
/// frames by the clock at up to 60 per second while something moves, and blocks
/// on input (no CPU) when nothing does.
public struct TerminalApp {
    /// Something the host wants to run now and then while the viewer is open
    /// (following a file, saving state). Returns the seconds until it wants to run
    /// again, or nil when it has nothing pending.
    public typealias Task = (inout ViewerState, Double) -> Double?

    public var state: ViewerState
    public var screenOptions: ScreenOptions
    /// Handles commands the core cannot carry out itself (playing sound), at a time.
    public var onCommand: (ViewerCommand, inout ViewerState, Double) -> Void
    /// Called after every event the state handled (e.g. to remember the range).
    public var onChange: (ViewerState, Double) -> Void
    public var tasks: [Task]
    /// Called when the user quits (e.g. to write remembered state at once).
    public var onQuit: (ViewerState) -> Void = { _ in }
    /// Where keys come from: the controlling terminal when standard input carries prices.
    public var device: TerminalScreen.Device = .standardStreams
    public let clock = MonotonicClock()
    public static let frameInterval = 1.0 / 60

    public init(state: ViewerState, screenOptions: ScreenOptions,
                onCommand: @escaping (ViewerCommand, inout ViewerState, Double) -> Void = { _, _, _ in },
                onChange: @escaping (ViewerState, Double) -> Void = { _, _ in },
                tasks: [Task] = []) {
        self.state = state
        self.screenOptions = screenOptions
        self.onCommand = onCommand
        self.onChange = onChange
        self.tasks = tasks
    }

    /// Runs until the user quits; the terminal is given back on every way out.
    public mutating func run() throws {
        let screen = try TerminalScreen(options: screenOptions, device: device)
        defer { screen.close() }
        let size = screen.size
        _ = state.handle(.resize(columns: size.columns, rows: size.rows), at: clock.now())
        var nextTaskTime = [Double?](repeating: 0, count: tasks.count)
        // A frame is drawn after an event, while a morph runs (and once after it ends)
        // and when a task changed the state; a task that found nothing draws nothing.
        var mustDraw = true
        var drawnRevision = state.revision
        while true {
            let frameStart = clock.now()
            // Run the tasks that are due.
            for i in tasks.indices {
                if let due = nextTaskTime[i], due <= frameStart {
                    nextTaskTime[i] = tasks[i](&state, frameStart).map { frameStart + $0 }
                }
            }
            let animating = state.isAnimating(at: frameStart)
            if mustDraw || animating || state.revision != drawnRevision {
                screen.draw(state.frame(at: frameStart))
                drawnRevision = state.revision
                mustDraw = animating
            }

            let timeout = FrameSchedule.timeout(drewAnimatingFrame: animating, frameStart: frameStart,
                                                now: clock.now(), tasksDue: nextTaskTime.compactMap { $0 },
                                                frameInterval: TerminalApp.frameInterval)
            guard let event = screen.nextEvent(timeoutMilliseconds: timeout) else { continue }
            mustDraw = true
            let now = clock.now()
            if case .resize = event { screen.invalidate() }
            let command = state.handle(event, at: now)
            onChange(state, now)
            // Tasks may have work after any event (a change to save, say): let them look.
            for i in tasks.indices { nextTaskTime[i] = now }
            switch command {
            case .none:
                break
            case .quit:
                onQuit(state)
                return
            default:
                onCommand(command, &state, now)
            }
        }
    }
}
