import TradeChartCore
import TradeChartTerminal

extension Launch {
    /// What `--graphics` comes to on standard output, and why: the mode given, or for
    /// `auto` what a terminal on standard input and output answers (Braille without one,
    /// without an answer, inside tmux or screen, over a serial line, on `linux` and
    /// `vt100`-like terminals, where it is not asked); the modes it can show (what `b` steps through); the
    /// terminal's cell size in pixels (its answer to `CSI 16 t`, else the window-size
    /// ioctl's, else 10 x 20).
    func chosenGraphics() -> (mode: GraphicsMode, choices: [GraphicsMode], cell: PixelCellSize, why: String) {
        let asked = request.graphics ?? .auto
        let multiplexed = !(environment["TMUX"] ?? "").isEmpty || !(environment["STY"] ?? "").isEmpty
        let noImages = GraphicsMode.whyNoImages(term: term, multiplexed: multiplexed, serialLine: terminal.outputIsSerialLine)
        let reply = asked == .braille || (asked == .auto && noImages != nil) ? nil : terminal.graphicsReply()
        let cell = reply.flatMap(GraphicsMode.cellSize(in:)) ?? terminal.cellPixels ?? .standard
        guard asked == .auto else {
            let why = "--graphics \(asked.rawValue) asked for it" + (asked == .braille ? "; the terminal was not asked" : "")
            return (asked, asked == .braille ? [.braille] : PlotGraphics.choices(asked: asked, reply: reply), cell, why)
        }
        let mode = GraphicsMode.detected(term: term, multiplexed: multiplexed, reply: reply)
        let why: String
        switch mode {
        case .kitty: why = "the terminal answered the kitty graphics query"
        case .sixel: why = "the terminal's device attributes include sixel"
        default: why = noImages ?? (reply == nil ? "no terminal answered" : "the terminal shows no images")
        }
        return (mode, noImages == nil ? PlotGraphics.choices(asked: .auto, reply: reply) : [.braille], cell, why)
    }

    /// How the viewer draws its plot (`b` switches), and the terminal's cell size (nil where
    /// it was not asked); `ScreenOptions` takes the cell only where there are images to draw. The screen-reader mode draws nothing; with the prices on standard input the
    /// terminal (`/dev/tty`) is not asked.
    func viewerGraphics(device: TerminalScreen.Device, readsScreen: Bool) -> (graphics: PlotGraphics, cell: PixelCellSize?) {
        if readsScreen { return (.textOnly(why: "the screen-reader mode says the chart in words"), nil) }
        if device == .controllingTerminal, request.graphics != .sixel, request.graphics != .kitty {
            return (.textOnly(why: "the prices come on standard input, so the terminal was not asked"), nil)
        }
        let chosen = chosenGraphics()
        return (PlotGraphics(mode: chosen.mode, choices: chosen.choices, why: chosen.why), chosen.cell)
    }

    /// `--print` with `--graphics sixel` or `kitty`: the frame's text with the plot area
    /// blank, then the plot's image laid over it (see `PrintedImage`).
    func printImage(_ state: ViewerState, mode: GraphicsMode, cell: PixelCellSize, color: Bool) -> Int32? {
        guard let plot = state.plotImage(at: 0, cell: cell) else { return nil }
        let around = PrintedImage.textAround(state.frame(at: 0), plot: plot)
        let text = color ? AnsiRenderer(theme: state.options.theme).render(around) : around.plainText + "\n"
        let image = PrintedImage.image(plot, frameHeight: around.height, mode: mode)
        return writeOrSay(text + String(decoding: image, as: UTF8.self), what: "the frame")
    }
}
