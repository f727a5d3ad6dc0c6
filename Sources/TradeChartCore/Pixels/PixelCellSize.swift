/// The size of one terminal cell in pixels: what an image laid over cells must fill.
public struct PixelCellSize: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// The common cell of a terminal at its default font (xterm, kitty): 10 x 20 pixels.
    public static let standard = PixelCellSize(width: 10, height: 20)

    /// The width of the price line at this cell size: about a tenth of the cell's height,
    /// at least one pixel (one pixel draws sharp, with no anti-aliasing).
    package var lineWidth: Double { max(1, Double(height) / 10) }
}
