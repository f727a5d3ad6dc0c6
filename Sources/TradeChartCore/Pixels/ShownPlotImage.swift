/// The plot's image as the screen shows it: the picture and the protocol it goes out in.
public struct ShownPlotImage: Sendable, Equatable {
    public var plot: PixelPlot
    /// `.sixel` or `.kitty`.
    public var mode: GraphicsMode

    public init(plot: PixelPlot, mode: GraphicsMode) {
        self.plot = plot
        self.mode = mode
    }
}
