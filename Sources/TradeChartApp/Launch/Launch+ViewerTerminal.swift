import TradeChartCore
import TradeChartSystem
import TradeChartTerminal

extension Launch {
    /// How the viewer meets its terminal, decided without the series: the screen-reader mode
    /// or the chart, colour, the theme (the terminal's background asked for), the charset
    /// (the locale set) and the graphics (the terminal asked). Worked out while the newest
    /// rows are read (`preparedTerminal`), so the first frame does not wait for the
    /// terminal's answers after the load (issue 24).
    struct ViewerTerminal {
        var readsScreen: Bool
        var useColor: Bool
        var theme: Theme
        var charset: Charset
        var graphics: PlotGraphics
        var imageCell: PixelCellSize?
    }

    /// The viewer's terminal for what was `remembered`, or why the chart cannot be drawn on
    /// it (`notInteractive` words it). Asks the terminal questions: only the launch's thread
    /// that waits for it may use the terminal meanwhile.
    func viewerTerminal(remembered: Remembered?, device: TerminalScreen.Device) -> Result<ViewerTerminal, ChartRefused> {
        let readsScreen = request.screenReader ?? (remembered?.settings?.screenReader == true || term == "dumb")
        if !readsScreen, let reason = terminal.whyNotInteractive(device: device) { return .failure(ChartRefused(reason: reason)) }
        // The viewer always draws on a terminal (checked above and before the load).
        let useColor = !readsScreen && request.color.resolved(outputIsTerminal: true, allowed: colorAllowed)
        // A theme given by hand, now or before (unless `--theme auto` now), else the terminal's background.
        let byHand = request.theme == .auto ? nil
            : request.theme?.fixed ?? remembered?.view?.theme.flatMap(Theme.init(rawValue:))
        let theme = byHand ?? (useColor ? Theme.detected(backgroundReply: terminal.backgroundReply(device: device),
                                                         colorFGBG: environment["COLORFGBG"]) : .dark)
        let charset = request.charset != .auto ? resolvedCharset()
            : remembered?.view?.charset.flatMap(Charset.init(rawValue:)) ?? resolvedCharset()
        let (graphics, imageCell) = viewerGraphics(device: device, readsScreen: readsScreen)
        return .success(ViewerTerminal(readsScreen: readsScreen, useColor: useColor, theme: theme, charset: charset,
                                       graphics: graphics, imageCell: imageCell))
    }

    /// Why the chart cannot be drawn on the terminal (`whyNotInteractive`).
    struct ChartRefused: Error {
        var reason: String
    }

    /// Starts deciding the viewer's terminal (`viewerTerminal`) on a thread of its own, for
    /// an interactive launch about to read a file's newest rows; nil otherwise. The caller
    /// takes its value before it writes to the terminal or reads keys.
    func preparedTerminal(memory: RememberedState?, device: TerminalScreen.Device)
        -> BackgroundValue<Result<ViewerTerminal, ChartRefused>>? {
        guard request.interactive else { return nil }
        // Read here, on the launch's thread (the state file's reader is not shared between threads).
        let remembered = memory?.finish()
        return BackgroundValue(name: "tradechart term") { viewerTerminal(remembered: remembered, device: device) }
    }
}
