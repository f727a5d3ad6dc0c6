/// `--print --graphics sixel|kitty`: one frame as text lines with the plot area left
/// blank, and the plot's image laid over those cells. After the last line the cursor is
/// saved (`ESC 7`), moved up to the plot's first row and to the left edge, the image is
/// drawn there, and the cursor is restored under the frame (`ESC 8`), so what follows
/// the frame is not drawn over it.
public enum PrintedImage {
    /// The frame with the cells under `plot` blank: what is printed as text around the image.
    public static func textAround(_ frame: Frame, plot: PixelPlot) -> Frame {
        var around = frame
        around.clear(x: plot.column, y: plot.row, width: plot.columns, height: plot.rows)
        return around
    }

    /// The bytes to write after `text` (the frame's `height` lines, each ended by a newline)
    /// to lay `plot` over its cells, as a sixel image or a kitty one (image `id`).
    public static func image(_ plot: PixelPlot, frameHeight: Int, mode: GraphicsMode, sixel: SixelEncoder = SixelEncoder(),
                             id: UInt32 = 1) -> [UInt8] {
        var out = Array("\u{1B}7\u{1B}[\(frameHeight - plot.row)A\r".utf8)
        if plot.column > 0 { out += Array("\u{1B}[\(plot.column)C".utf8) }
        switch mode {
        case .kitty:
            out += KittyEncoder.transmitAndPlace(.rgb(plot.canvas.rgb(plot.palette), width: plot.canvas.width,
                                                      height: plot.canvas.height),
                                                 id: id, columns: plot.columns, rows: plot.rows)
        default:
            out += sixel.encode(plot.canvas, palette: plot.palette)
        }
        out += Array("\u{1B}8".utf8)
        return out
    }
}
