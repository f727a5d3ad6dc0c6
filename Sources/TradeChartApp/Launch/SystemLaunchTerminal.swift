import Glibc
import TradeChartCore
import TradeChartSystem
import TradeChartTerminal

/// The terminal the process runs in, and the viewer drawn on it with ncursesw (or said
/// line by line in the screen-reader mode).
public struct SystemLaunchTerminal: LaunchTerminal {
    public init() {}

    public var inputIsTerminal: Bool { isatty(0) != 0 }
    public var outputIsTerminal: Bool { isatty(1) != 0 }

    public var outputSize: FrameSize? {
        var ws = winsize()
        guard isatty(1) != 0, ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
        return FrameSize(columns: Int(ws.ws_col), rows: Int(ws.ws_row))
    }

    public var cellPixels: PixelCellSize? {
        var ws = winsize()
        guard isatty(1) != 0, ioctl(1, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0,
              ws.ws_xpixel >= ws.ws_col, ws.ws_ypixel >= ws.ws_row else { return nil }
        return PixelCellSize(width: Int(ws.ws_xpixel / ws.ws_col), height: Int(ws.ws_ypixel / ws.ws_row))
    }

    public func graphicsReply() -> [UInt8]? {
        TerminalBackground.query(input: 0, output: 1, question: GraphicsMode.questions)
    }

    public func whyNotInteractive(device: TerminalScreen.Device) -> String? {
        TerminalCheck.whyNotInteractive(device: device)
    }

    public func whyNoKeyboard(device: TerminalScreen.Device) -> String? {
        TerminalCheck.whyNoKeyboard(device: device)
    }

    public var localeIsUTF8: Bool {
        TerminalScreen.ensureUTF8Locale()
        return TerminalScreen.localeIsUTF8
    }

    public func backgroundReply(device: TerminalScreen.Device) -> [UInt8]? {
        switch device {
        case .standardStreams:
            return TerminalBackground.query(input: 0, output: 1)
        case .controllingTerminal:
            let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard tty >= 0 else { return nil }
            defer { close(tty) }
            return TerminalBackground.query(input: tty, output: tty)
        }
    }

    public func runViewer(_ state: consuming ViewerState, screenReader: Bool, screen: ScreenOptions, device: TerminalScreen.Device,
                          services: [HostService]) throws -> Int32 {
        TerminalScreen.ensureUTF8Locale()
        if screenReader {
            let terminal = try LineTerminal(device: device)
            defer { terminal.close() }
            terminal.say(Narration.opening(state))
            return ViewerLoop(state: consume state, display: terminal, events: terminal, clock: SystemClock(),
                              services: services).run()
        }
        let display = try TerminalScreen(options: screen, device: device)
        defer { display.close() }
        return ViewerLoop(state: consume state, display: display, events: display, clock: SystemClock(), services: services,
                          images: Self.images).run()
    }

    public func runOverview(_ session: consuming OverviewSession, screenReader: Bool, screen: ScreenOptions,
                            device: TerminalScreen.Device, services: [HostService]) throws -> Int32 {
        TerminalScreen.ensureUTF8Locale()
        if screenReader {
            let terminal = try LineTerminal(device: device)
            defer { terminal.close() }
            terminal.say(session.overview.openingLines)
            return ProgramLoop(state: consume session, display: terminal, events: terminal, clock: SystemClock(),
                               services: services).run()
        }
        let display = try TerminalScreen(options: screen, device: device)
        defer { display.close() }
        return ProgramLoop(state: consume session, display: display, events: display, clock: SystemClock(),
                           services: services, images: Self.images).run()
    }

    /// The plot's images for a terminal: kitty's as PNG files (deflated fast: a 1600 x 800
    /// plot is about 4 MB as RGB and tens of KB as PNG), raw RGB if that fails.
    static var images: PlotImageScreen {
        PlotImageScreen(kittyPayload: { plot in
            (try? PNGEncoder.encode(plot.canvas, palette: plot.palette, level: 1)).map { .png($0) }
                ?? PlotImageScreen.rgbPayload(plot)
        })
    }
}
