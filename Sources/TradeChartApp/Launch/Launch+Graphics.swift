import TradeChartCore

extension Launch {
    /// What `--graphics` comes to on standard output, and why: the mode given, or for
    /// `auto` what a terminal on standard input and output answers (Braille without one,
    /// without an answer, inside tmux or screen, on `linux` and `vt100`-like terminals);
    /// the terminal's cell size in pixels (its answer to `CSI 16 t`, else the window-size
    /// ioctl's, else 10 x 20).
    func chosenGraphics() -> (mode: GraphicsMode, cell: PixelCellSize, why: String) {
        let asked = request.graphics ?? .auto
        let multiplexed = !(environment["TMUX"] ?? "").isEmpty || !(environment["STY"] ?? "").isEmpty
        let reply = asked == .braille ? nil : terminal.graphicsReply()
        let cell = reply.flatMap(GraphicsMode.cellSize(in:)) ?? terminal.cellPixels ?? .standard
        guard asked == .auto else { return (asked, cell, "asked for") }
        let mode = GraphicsMode.detected(term: term, multiplexed: multiplexed, reply: reply)
        let why: String
        switch mode {
        case .kitty: why = "the terminal answered the kitty graphics query"
        case .sixel: why = "the terminal's device attributes include sixel"
        default:
            why = multiplexed ? "inside tmux or screen" : reply == nil ? "no terminal answered" : "the terminal shows no images"
        }
        return (mode, cell, why)
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
