/// The volume pane: one bar a candle, as tall as its volume against the largest in
/// view, in eighth blocks (▁▂▃▄▅▆▇█), under the middle of its candle and as wide as its
/// slot less a cell (at least one cell), so candles of the same width get bars of the
/// same width and neighbouring bars keep a gap; coloured by the candle's direction.
package enum VolumeBars {
    /// The partial blocks, one to seven eighths, then the full block.
    static let eighths: [Unicode.Scalar] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// The same for terminals without block glyphs: `.` `:` and `|`.
    static let asciiSteps: [Unicode.Scalar] = [".", ".", ":", ":", "|", "|", "|", "|"]

    /// The cells of the bar under the candle placed at `g`: its slot less a cell, at least
    /// one, centred under its body.
    static func cells(_ g: CandleGeometry, dotsPerCell: Int) -> ClosedRange<Int> {
        let perCell = Double(dotsPerCell)
        let width = max(1, Clamp.int((g.slot / perCell).rounded(.down)) - 1)
        let middle = Double(g.bodyLeft) + Double(g.bodyWidth) / 2
        let first = Clamp.int((middle / perCell - Double(width) / 2).rounded())
        return first...(first + width - 1)
    }

    /// Draws the bars of `candles` into `frame` in the rows `top..<top + height` and the
    /// cells `left..<left + width`, placed with the x map `x` (point index to dot column,
    /// `dotsPerCell` dot columns a cell); `scale` is the volume of a full-height bar.
    package static func draw(_ candles: [Candle], x: AffineMap, dotsPerCell: Int, scale: Double, ascii: Bool,
                            left: Int, top: Int, width: Int, height: Int,
                            rising: CellStyle, falling: CellStyle, into frame: inout Frame) {
        guard height > 0, width > 0, scale > 0, scale.isFinite else { return }
        // The tallest bar wins a cell that two candles share.
        var tallest = [Int](repeating: 0, count: width)
        var styles = [CellStyle](repeating: rising, count: width)
        for candle in candles {
            guard let volume = candle.volume, volume > 0 else { continue }
            let g = CandleGeometry(first: candle.first, last: candle.last, x: x)
            let eighthsHigh = max(1, Clamp.int((min(1, volume / scale) * Double(height * 8)).rounded()))
            let cells = Self.cells(g, dotsPerCell: dotsPerCell)
            let firstCell = cells.lowerBound, lastCell = cells.upperBound
            guard lastCell >= 0, firstCell < width else { continue }
            for cell in max(0, firstCell)...min(lastCell, width - 1) {
                if eighthsHigh > tallest[cell] {
                    tallest[cell] = eighthsHigh
                    styles[cell] = candle.rising ? rising : falling
                }
            }
        }
        let glyphs = ascii ? asciiSteps : eighths
        for cell in 0..<width where tallest[cell] > 0 {
            var remaining = tallest[cell]
            var row = top + height - 1
            while remaining > 0 && row >= top {
                let part = min(8, remaining)
                frame[left + cell, row] = Cell(glyphs[part - 1], styles[cell])
                remaining -= part
                row -= 1
            }
        }
    }
}
