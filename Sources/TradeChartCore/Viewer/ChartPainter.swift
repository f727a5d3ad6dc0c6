/// Paints the chart area of a frame: the plot (`PlotParts`: the price as a line, candles
/// or OHLC bars, the compared files, the moving averages and overlays, the dashed
/// baseline, the mark and the scrub cursor), taken from the state when it keeps the
/// still frame's plot (`KeptPlot`), then the volume pane and the indicator panes under it.
enum ChartPainter {
    static func paint(state: ViewerState, geometry: FrameGeometry, into frame: inout Frame) {
        let layout = state.layout
        var cursorColumn = -1
        if let inputs = StillPlotInputs(state, geometry: geometry), let cells = state.keptPlot.cells(for: inputs) {
            frame.paint(cells, width: layout.chartWidth, x: layout.chartX, y: layout.chartY)
        } else {
            let plot = PlotParts(state: state, geometry: geometry)
            plot.paint(x: layout.chartX, y: layout.chartY, into: &frame)
            cursorColumn = plot.cursorColumn
        }
        VolumePane.paint(state: state, geometry: geometry, cursorColumn: cursorColumn, into: &frame)
        IndicatorPanes.paint(state: state, geometry: geometry, cursorColumn: cursorColumn, into: &frame)
    }

    /// The points of `drawn` an average or an overlay with its first value at `first` draws,
    /// nil when fewer than two.
    static func overlayPoints(from first: Int, drawn: ClosedRange<Int>) -> ClosedRange<Int>? {
        let from = max(drawn.lowerBound, first)
        return from < drawn.upperBound ? from...drawn.upperBound : nil
    }
}

/// Dot layers seen as one: in each cell, the dots of the first layer that has any there.
/// Asked cell by cell (`top`): a plot kept between frames asks only for the cells of the
/// columns that changed, not for all of them.
struct CellLayer {
    /// Each layer's dot bits, cell by cell.
    private let layers: [[UInt8]]
    private let keep: ((Int, Int) -> UInt8)?

    /// The layers in order of precedence, each with `keep` of its bits (all without it).
    init(_ layers: [DotCanvas], keep: ((Int, Int) -> UInt8)? = nil) {
        self.layers = layers.map(\.cellBits)
        self.keep = keep
    }

    /// The dot bits on top in every cell (empty without layers).
    var cellBits: [UInt8] {
        guard let count = layers.first?.count else { return [] }
        var bits = [UInt8](repeating: 0, count: count)
        bits.withUnsafeMutableBufferPointer { bits in
            for k in layers.indices.reversed() {
                layers[k].withUnsafeBufferPointer { cells in
                    for i in 0..<count where cells[i] != 0 {
                        let b = keep.map { cells[i] & $0(k, i) } ?? cells[i]
                        if b != 0 { bits[i] = b }
                    }
                }
            }
        }
        return bits
    }

    /// The cells where any of `layers` (each empty, or `count` cells) has dots: nonzero there.
    static func union(_ layers: [[UInt8]], count: Int) -> [UInt8] {
        var union = [UInt8](repeating: 0, count: count)
        union.withUnsafeMutableBufferPointer { u in
            for layer in layers where layer.count == count {
                layer.withUnsafeBufferPointer { l in
                    for i in 0..<count { u[i] |= l[i] }
                }
            }
        }
        return union
    }

    /// Calls `body` with the index of every nonzero byte of `bytes`, in order, skipping
    /// eight zero bytes at a time.
    static func forEachNonzero(_ bytes: [UInt8], _ body: (Int) -> Void) {
        bytes.withUnsafeBytes { raw in
            let count = raw.count
            var i = 0
            while i < count {
                if i + 8 <= count, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) == 0 {
                    i += 8
                    continue
                }
                if raw[i] != 0 { body(i) }
                i += 1
            }
        }
    }

    /// The dots and the layer on top in cell `i`, nil when no layer has dots there.
    @inline(__always) func top(_ i: Int) -> (bits: UInt8, layer: Int)? {
        for k in layers.indices {
            let cell = layers[k][i]
            guard cell != 0 else { continue }
            let b = keep.map { cell & $0(k, i) } ?? cell
            if b != 0 { return (b, k) }
        }
        return nil
    }
}
