import TradeChartCore
import TradeChartSystem

extension Launch {
    /// The cell a PNG's chart is drawn at: 12 x 24 pixels (the bitmap font at twice its size).
    static let pngCell = PixelCellSize(width: 12, height: 24)

    /// `--png FILE`: the chart of `range` as one image, with no terminal: the plot area in
    /// pixels (anti-aliased), the text lines around it (header, labels, status, range bar)
    /// in the built-in bitmap font, `--size` cells (default 100x30) of 12 x 24 pixels.
    func writePNG(_ opened: Opened, range: ChartRange, settings: ViewSettings, to output: LaunchPath) -> Int32 {
        if let reason = request.files.lazy.compactMap({ name in
            self.whyNotWrite(output, input: name == "-" ? nil : self.path(name), option: "--png")
        }).first {
            say(reason)
            return 2
        }
        let frameSize = request.size ?? FrameSize(columns: 100, rows: 30)
        let theme = request.theme?.fixed ?? Theme.detected(backgroundReply: nil, colorFGBG: environment["COLORFGBG"])
        let options = ViewerOptions(charset: .braille, color: true, theme: theme, morphDuration: 0, showsPanels: false,
                                    clock: opened.clock)
        let state = viewer(opened, range: range, options: options, size: frameSize, view: settings, candles: opened.candles)
        guard let plot = state.plotImage(at: 0, cell: Self.pngCell) else {
            say("\(frameSize.columns)x\(frameSize.rows) is too small for a chart "
                + "(at least \(ChartLayout.minimumColumns)x\(ChartLayout.minimumRows)); use a larger --size")
            return 2
        }
        let image = ScreenImage.render(state.frame(at: 0), plot: plot, cell: Self.pngCell)
        let bytes: [UInt8]
        do {
            bytes = try PNGEncoder.encode(image, palette: plot.palette)
        } catch {
            say("cannot make the PNG image: \(error)")
            return 1
        }
        if let problem = files.write(bytes, to: output) {
            say("cannot write '\(output.shown)': \(problem)")
            return 1
        }
        return 0
    }
}
