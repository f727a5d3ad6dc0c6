import TradeChartCore

/// The interactive loop: hands every event, with the clock's time, to the state's
/// update (the viewer's, or the overview's); draws the viewer's frame through a display, writing only the cells that
/// changed (or, for a display of lines, hands it each change to say); paces frames at up to 60 a second while something moves and waits for
/// input (no CPU) when nothing does; hands the viewer's commands to the host services.
///
/// The display, the events and the clock are interfaces, so tests run this very loop
/// on a script of events and times and look at what it drew.
public final class ProgramLoop<State: LoopState> {
    public private(set) var state: State
    private let display: Display
    private let events: EventSource
    private let clock: Clock
    private let services: [HostService]
    private var exitStatus: Int32?
    /// The plot's image on the display, and when the next may go out.
    private var image: PlotImageScreen
    private var imagePacer = ImagePacer()
    /// An image was due but held back by the pacer: it goes out when the pacer allows.
    private var imagePending = false
    public static var frameInterval: Double { 1.0 / 60 }

    /// `images` writes the plot's images where the display shows them (its kitty images
    /// raw RGB unless it is given an encoder).
    public init(state: consuming State, display: Display, events: EventSource, clock: Clock, services: [HostService] = [],
                images: PlotImageScreen = PlotImageScreen()) {
        self.state = state
        image = images
        self.display = display
        self.events = events
        self.clock = clock
        self.services = services
    }

    /// Runs until the viewer quits (a key, or a signal); returns the exit status it asked for.
    public func run() -> Int32 {
        let size = display.size
        dispatch(.resize(columns: size.columns, rows: size.rows), at: clock.now())
        var previous: Frame?
        var drawnRevision = -1
        var drewAnimating = false
        while exitStatus == nil {
            let frameStart = clock.now()
            for service in services {
                guard let due = service.nextTick, due <= frameStart else { continue }
                for event in service.tick(at: frameStart) { dispatch(event, at: frameStart) }
            }
            if exitStatus != nil { break }
            let animating = display.showsFrames && state.isAnimating(at: frameStart)
            // A frame after each change, every frame interval while something moves, and
            // once more after it stopped: the still frame it lands on.
            if display.showsFrames
                && (previous == nil || animating || drewAnimating || state.revision != drawnRevision || imagePending) {
                let imageArea = display.imageCell == nil ? nil : state.plotImageArea(at: frameStart)
                let wantsImage = imageArea != nil
                // An image taken away goes before the text is drawn where it was; a sixel one
                // only with the text drawn again over the whole screen (so too when it moves or
                // changes size: its pixels would stay where text is drawn now).
                if let shown = image.shown, shown.plot.area != imageArea {
                    if shown.mode == .sixel { previous = nil }
                    if !wantsImage { display.drawImage(image.update(to: nil, screenCleared: false), covering: nil) }
                }
                let frame = inPlace { $0.frame(at: frameStart) }
                let diff = frame.diff(from: previous)
                if !diff.isEmpty { display.draw(diff) }
                drawImage(wanted: wantsImage, screenCleared: diff.clearsScreen, at: frameStart)
                previous = frame
                drawnRevision = state.revision
            }
            drewAnimating = animating
            let timeout = FrameSchedule.timeout(drewAnimatingFrame: animating, frameStart: frameStart, now: clock.now(),
                                                tasksDue: services.compactMap(\.nextTick)
                                                    + (imagePending ? [imagePacer.nextAllowed] : []),
                                                frameInterval: Self.frameInterval)
            let wakers = services.compactMap(\.wakeDescriptor)
            let event = events.nextEvent(timeoutMilliseconds: timeout, wakingFor: wakers)
            if !wakers.isEmpty {
                let now = clock.now()
                for service in services where service.wakeDescriptor != nil { service.woke(at: now) }
            }
            guard let event else { continue }
            // A new size (or a return from Ctrl-Z) is drawn whole.
            if case .resize = event { previous = nil }
            dispatch(event, at: clock.now())
        }
        // A kitty image stays on the screen until it is deleted.
        if image.shown != nil { display.drawImage(image.update(to: nil, screenCleared: false), covering: nil) }
        for service in services { service.finish() }
        return exitStatus ?? 0
    }

    /// Lays the plot's image over the frame just drawn (`wanted`), or takes it away. An
    /// image goes out when the pacer allows (else it is pending, and the loop wakes for
    /// it), and always after the screen was cleared, which took the old one with it.
    private func drawImage(wanted: Bool, screenCleared: Bool, at time: Double) {
        guard wanted, let cell = display.imageCell else {
            imagePending = false
            return
        }
        guard screenCleared || imagePacer.allows(at: clock.now()) else {
            imagePending = true
            return
        }
        imagePending = false
        let bytes = image.update(to: state.shownPlotImage(at: time, cell: cell), screenCleared: screenCleared)
        guard !bytes.isEmpty else { return }
        // The write's time is the terminal's: it blocks while the terminal has not taken the bytes.
        let start = clock.now()
        display.drawImage(bytes, covering: image.shown?.plot.area)
        imagePacer.wrote(start: start, end: clock.now())
    }

    /// Calls `body` on the state where it is stored. A method called on the property itself
    /// runs on a copy of the state (every column and index retained, then released: a
    /// class's property may change during the call), on cold caches at every look.
    private func inPlace<R>(_ body: (inout State) -> R) -> R { body(&state) }

    /// Hands `event` to the viewer, its commands to the services, and what they
    /// answer back to the viewer, until nothing is left.
    private func dispatch(_ event: ViewerEvent, at time: Double) {
        var pending = [event]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            let commands: [ViewerCommand]
            if display.narratesChanges {
                let before = state
                commands = state.handle(next, at: time)
                display.handled(next, saying: state.narration(of: next, from: before))
            } else {
                commands = state.handle(next, at: time)
            }
            for command in commands {
                if case .quit(let status) = command, exitStatus == nil { exitStatus = status }
                for service in services { pending += service.perform(command, at: time) }
            }
        }
    }
}

/// The loop of one chart.
public typealias ViewerLoop = ProgramLoop<ViewerState>
