import Testing
@testable import TradeChartCore

@Suite("Raster line")
struct LineRasterizerTests {
    /// Draws `prices` (all points) on a fresh canvas and returns its text.
    func draw(_ prices: [Double], columns: Int, rows: Int, charset: Charset = .braille,
              x: AffineMap, y: AffineMap) -> String {
        var canvas = DotCanvas(columns: columns, rows: rows, charset: charset)
        LineRasterizer.drawLine(MinMaxIndex(prices), points: 0...(prices.count - 1), x: x, y: y, into: &canvas)
        return canvas.text
    }

    @Test func threePointV() {
        // Points at x 0, 2, 4 and rows 0.5, 3.5, 0.5.
        let x = AffineMap(scale: 2, offset: 0), y = AffineMap(scale: -1, offset: 3.5)
        #expect(draw([3, 0, 3], columns: 2, rows: 1, x: x, y: y) == "⢧⡼")
        #expect(draw([3, 0, 3], columns: 2, rows: 2, charset: .block, x: x, y: y) == """
            ▌▐
            ▜▛
            """)
    }

    @Test func steepDropSpansTheColumnsItCrosses() {
        // From (0.25, 0.1) to (1.25, 7.6): column 0 reaches the edge value 5.725.
        let x = AffineMap(scale: 1, offset: 0.25), y = AffineMap(scale: -0.75, offset: 7.6)
        #expect(draw([10, 0], columns: 1, rows: 2, x: x, y: y) == """
            ⡇
            ⢳
            """)
    }

    @Test func denseDropFillsOneColumn() {
        // A thousand points inside dot column 0 going from the top to the bottom row.
        let prices = (0..<1000).map { Double($0 % 2 == 0 ? $0 : 999 - $0) }
        let x = AffineMap(scale: 0.0009, offset: 0.05), y = AffineMap(scale: 7.99 / 999, offset: 0)
        #expect(draw(prices, columns: 1, rows: 2, x: x, y: y) == """
            ⡇
            ⡇
            """)
    }

    @Test func flatSeriesAtMidHeight() {
        // A zero y scale puts every price on one row; no division by it.
        let x = AffineMap(mapping: 0, to: 0, and: 3, to: 6), y = AffineMap(scale: 0, offset: 3.5)
        #expect(draw([5, 5, 5, 5], columns: 3, rows: 1, x: x, y: y) == "⣀⣀⣀")
    }

    @Test func lineCrossingACellEdge() {
        // From (0.5, 0.5) to (3.5, 1.5), crossing the cell boundary at x = 2 at y = 1.
        let x = AffineMap(scale: 3, offset: 0.5), y = AffineMap(scale: 1, offset: 0.5)
        #expect(draw([0, 1], columns: 2, rows: 1, x: x, y: y) == "⠙⠒")
    }

    @Test func singlePointOnAColumnEdgeLightsBothColumns() {
        // One point: the x map of a one-point range has scale 0; x = 2 is shared by columns 1 and 2.
        let x = AffineMap(mapping: 7, to: 2, and: 7, to: 2), y = AffineMap(scale: 1, offset: 0)
        var canvas = DotCanvas(columns: 2, rows: 1, charset: .braille)
        LineRasterizer.drawLine(MinMaxIndex(Array(repeating: 1.5, count: 10)), points: 7...7, x: x, y: y, into: &canvas)
        #expect(canvas.text == "⠐⠂")
    }

    @Test func lineStopsAtItsEndsAndClipsOutside() {
        // From (1.5, -3) to (2.5, 9) in a 4 x 4 dot canvas; nothing left of 1 or right of 3.
        let x = AffineMap(scale: 1, offset: 1.5), y = AffineMap(scale: 12, offset: -3)
        var canvas = DotCanvas(columns: 2, rows: 1, charset: .braille)
        LineRasterizer.drawLine(MinMaxIndex([0, 1]), points: 0...1, x: x, y: y, into: &canvas)
        // Column 1 spans y -3...3 (rows 0-3), column 2 spans 3...9 (row 3).
        #expect(canvas.text == "⢸⡀")
    }

    @Test func baselineIsDashedTwoOnThreeOff() {
        var canvas = DotCanvas(columns: 5, rows: 1, charset: .braille)
        LineRasterizer.drawDashedRow(atY: 2.5, into: &canvas)
        #expect(canvas.text == "⠤ ⠠⠄")
        LineRasterizer.drawDashedRow(atY: -0.5, into: &canvas)
        LineRasterizer.drawDashedRow(atY: 4, into: &canvas)
        #expect(canvas.text == "⠤ ⠠⠄")
    }

    @Test func mirroredXMapDrawsTheSameShapeReversed() {
        let forward = draw([0, 3, 1, 2], columns: 3, rows: 1, x: AffineMap(scale: 2, offset: 0), y: AffineMap(scale: 1, offset: 0))
        let backward = draw([2, 1, 3, 0], columns: 3, rows: 1, x: AffineMap(scale: -2, offset: 6), y: AffineMap(scale: 1, offset: 0))
        #expect(forward == backward)
    }
}
