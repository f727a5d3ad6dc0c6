import Testing
@testable import TradeChartCore

@Suite("Raster canvas")
struct DotCanvasTests {
    @Test func brailleBitsFollowTheUnicodeLayout() {
        var canvas = DotCanvas(columns: 1, rows: 1, charset: .braille)
        let order: [(Int, Int, UInt8)] = [(0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (0, 3, 0x40),
                                         (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20), (1, 3, 0x80)]
        for (x, y, bit) in order {
            canvas.clear()
            canvas[x, y] = true
            #expect(canvas.bits(column: 0, row: 0) == bit)
            #expect(canvas[x, y])
        }
        canvas.fillColumn(0, from: -5, through: 50)
        canvas.fillColumn(1, from: 0, through: 3)
        #expect(canvas.glyph(column: 0, row: 0) == "⣿")
        canvas.clear()
        #expect(canvas.isEmpty && canvas.glyph(column: 0, row: 0) == " ")
    }

    /// A column filled over any run of rows lights exactly those dots, in every charset.
    @Test func aFilledColumnLightsEachDotOfItsRun() {
        for charset in Charset.allCases {
            for column in 0..<charset.dotColumnsPerCell {
                for top in 0..<charset.dotRowsPerCell {
                    for bottom in top..<charset.dotRowsPerCell {
                        var canvas = DotCanvas(columns: 1, rows: 1, charset: charset), dots = canvas
                        canvas.fillColumn(column, from: top, through: bottom)
                        for row in top...bottom { dots[column, row] = true }
                        #expect(canvas == dots, "\(charset) column \(column) rows \(top)...\(bottom)")
                    }
                }
            }
        }
    }

    @Test func blockQuadrants() {
        let expected: [Unicode.Scalar] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]
        for bits in 0..<16 {
            var canvas = DotCanvas(columns: 1, rows: 1, charset: .block)
            for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)].enumerated().filter({ bits & (1 << $0.offset) != 0 }).map(\.element) {
                canvas[x, y] = true
            }
            #expect(canvas.glyph(column: 0, row: 0) == expected[bits])
        }
    }

    @Test func asciiReadsAsALine() {
        var canvas = DotCanvas(columns: 5, rows: 1, charset: .ascii)
        #expect(canvas.widthDots == 5 && canvas.heightDots == 3)
        canvas[0, 2] = true
        canvas[1, 1] = true
        canvas[2, 0] = true
        canvas.fillColumn(3, from: 0, through: 2)
        canvas.fillColumn(4, from: 1, through: 2)
        #expect(canvas.text == "_-'||")
    }

    @Test func outsideIsIgnoredAndRenderKeepsEmptyCells() {
        var canvas = DotCanvas(columns: 2, rows: 1, charset: .braille)
        canvas[-1, 0] = true
        canvas[4, 0] = true
        canvas[0, 4] = true
        #expect(canvas.isEmpty && !canvas[-1, 0])
        canvas[2, 3] = true
        var frame = Frame(width: 4, height: 2, fill: Cell("x"))
        canvas.render(into: &frame, x: 1, y: 1, style: .muted)
        #expect(frame.plainText == "xxxx\nxx⡀x")
        #expect(frame[2, 1].style == .muted)
    }
}
