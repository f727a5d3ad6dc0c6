/// The plot's image on a terminal's screen, and what to write to change it: the image
/// last sent, and the bytes that lay the next one over the plot's cells.
///
/// Each image is written with the cursor saved before (`ESC 7`), moved to the image's
/// first cell, and restored after (`ESC 8`), so the text layer (ncurses) finds the
/// cursor where it left it. A kitty image goes out under the other of two ids and then
/// the old one is deleted: the picture is replaced in place with no blank moment. A
/// sixel image is pixels in the text grid: when only some cell columns changed (the
/// cursor moved, a scrub), only those columns are written again, each run of them as
/// a narrow image of its own.
public struct PlotImageScreen: Sendable {
    /// What the screen shows (nil: no image).
    public private(set) var shown: ShownPlotImage?
    /// The two kitty ids the viewer's images take turns in (high, so as not to meet the
    /// ids of the shell's own images; `--print` uses 1).
    public static let ids: (UInt32, UInt32) = (0x7463_0001, 0x7463_0002)
    /// The kitty id of the image shown (the first image takes the other one, `ids.0`).
    private var id: UInt32 = ids.1
    private let sixel: SixelEncoder
    /// What a kitty image's data is: raw RGB here; the host gives a PNG encoder (a
    /// hundredth of the bytes, which matters at 30 images a second).
    private let kittyPayload: KittyPayload

    /// Turns the plot into the data of a kitty image.
    public typealias KittyPayload = @Sendable (PixelPlot) -> KittyEncoder.Payload

    /// The plot as 24-bit RGB.
    public static let rgbPayload: KittyPayload = { plot in
        .rgb(plot.canvas.rgb(plot.palette), width: plot.canvas.width, height: plot.canvas.height)
    }

    public init(sixel: SixelEncoder = SixelEncoder(), kittyPayload: @escaping KittyPayload = rgbPayload) {
        self.sixel = sixel
        self.kittyPayload = kittyPayload
    }

    /// The bytes that show `next` instead of what is shown (empty when it is already
    /// there). `screenCleared`: the screen was cleared since the last image, so a sixel
    /// image is gone from it and goes out whole. nil hides the image: a kitty image is
    /// deleted, a sixel one is left for the text drawn over its cells to cover.
    public mutating func update(to next: ShownPlotImage?, screenCleared: Bool) -> [UInt8] {
        defer { shown = next }
        guard let next else {
            guard let shown, shown.mode == .kitty else { return [] }
            return KittyEncoder.delete(id: id)
        }
        var out: [UInt8] = []
        if let shown, shown.mode == .kitty, next.mode != .kitty { out += KittyEncoder.delete(id: id) }
        if next == shown && !(screenCleared && next.mode == .sixel) { return out }
        let plot = next.plot
        switch next.mode {
        case .kitty:
            let newID = id == Self.ids.0 ? Self.ids.1 : Self.ids.0
            out += Self.at(row: plot.row, column: plot.column) {
                KittyEncoder.transmitAndPlace(kittyPayload(plot), id: newID, columns: plot.columns, rows: plot.rows)
            }
            if shown?.mode == .kitty { out += KittyEncoder.delete(id: id) }
            id = newID
        default:
            let before = screenCleared || shown?.mode != .sixel ? nil : shown?.plot
            for run in Self.changedColumns(from: before, to: plot) {
                let cellWidth = plot.canvas.width / max(1, plot.columns)
                let part = run == 0..<plot.columns ? plot.canvas
                    : plot.canvas.columns(run.lowerBound * cellWidth, width: run.count * cellWidth)
                out += Self.at(row: plot.row, column: plot.column + run.lowerBound) {
                    sixel.encode(part, palette: plot.palette)
                }
            }
        }
        return out
    }

    /// Deletes both of the viewer's kitty images: what leaves none behind when the terminal
    /// is given back, however the program ends.
    public static let deleteKittyImages = KittyEncoder.delete(id: ids.0) + KittyEncoder.delete(id: ids.1)

    /// `bytes` written with the cursor at the cell (`row`, `column`) (0-based) and put back after.
    static func at(row: Int, column: Int, _ bytes: () -> [UInt8]) -> [UInt8] {
        Array("\u{1B}7\u{1B}[\(row + 1);\(column + 1)H".utf8) + bytes() + Array("\u{1B}8".utf8)
    }

    /// The runs of the plot's cell columns to write again: all of them without an image
    /// of the same place, size and palette before; else those whose pixels changed, runs
    /// fewer than three columns apart joined (an image costs its header), and all of them
    /// at once when that is more than half.
    static func changedColumns(from before: PixelPlot?, to plot: PixelPlot) -> [Range<Int>] {
        let whole = [0..<plot.columns]
        guard let before, before.column == plot.column, before.row == plot.row, before.columns == plot.columns,
              before.rows == plot.rows, before.palette == plot.palette, before.canvas.width == plot.canvas.width,
              before.canvas.height == plot.canvas.height, plot.columns > 0 else { return whole }
        let cellWidth = plot.canvas.width / plot.columns
        var runs: [Range<Int>] = []
        for column in 0..<plot.columns
        where !plot.canvas.sameColumns(column * cellWidth, width: cellWidth, as: before.canvas) {
            if let last = runs.last, column - last.upperBound < 3 {
                runs[runs.count - 1] = last.lowerBound..<(column + 1)
            } else {
                runs.append(column..<(column + 1))
            }
        }
        let changed = runs.reduce(0) { $0 + $1.count }
        return changed * 2 > plot.columns ? whole : runs
    }
}
