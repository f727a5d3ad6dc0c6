import Testing
import TradeChartCore

@Suite("Candle rasterizer")
struct CandleRasterizerTests {
    /// Draws candles one slot of `slot` dots each, prices 0...10 over the canvas height.
    func draw(_ candles: [Candle], style: ChartStyle = .candles, slot: Double = 4, rows: Int = 3,
              charset: Charset = .braille) -> (rising: DotCanvas, falling: DotCanvas) {
        let columns = Int(Double(candles.count) * slot) / charset.dotColumnsPerCell + 1
        var rising = DotCanvas(columns: columns, rows: rows, charset: charset)
        var falling = rising
        let heightDots = Double(rows * charset.dotRowsPerCell)
        let x = AffineMap(scale: slot, offset: slot / 2)
        let y = AffineMap(mapping: 10, to: 0.5, and: 0, to: heightDots - 0.5)
        CandleRasterizer.draw(candles, style: style, x: x, y: y, rising: &rising, falling: &falling)
        return (rising, falling)
    }

    func candle(_ i: Int, _ o: Double, _ h: Double, _ l: Double, _ c: Double) -> Candle {
        Candle(first: i, last: i, open: o, high: h, low: l, close: c, volume: nil)
    }

    @Test func aRisingCandleIsHollowAndAFallingOneFilled() {
        let up = draw([candle(0, 3, 10, 0, 8)])
        let down = draw([candle(0, 8, 10, 0, 3)])
        #expect(up.falling.isEmpty && down.rising.isEmpty)
        // Hollow: the middle dot column of the body is empty inside the body.
        let bodyRows = 4...7
        #expect(bodyRows.allSatisfy { !up.rising[1, $0] || $0 == 4 || $0 == 7 })
        #expect(bodyRows.allSatisfy { down.falling[0, $0] && down.falling[1, $0] && down.falling[2, $0] })
        #expect(up.rising.text != down.falling.text)
    }

    @Test func wicksSpanLowToHighAtDotResolution() {
        let drawn = draw([candle(0, 5, 9, 1, 6)], rows: 3)
        let column = (0..<12).filter { drawn.rising[1, $0] }
        // 10 at row 0.5 and 0 at row 11.5: 9 -> row 1, 1 -> row 10.
        #expect(column.first == 1 && column.last == 10)
    }

    @Test func aDojiIsVisible() {
        let doji = draw([candle(0, 5, 5, 5, 5)])
        #expect(!doji.rising.isEmpty)
        let bodyRow = (0..<12).first { doji.rising[0, $0] }
        #expect(bodyRow != nil && doji.rising[2, bodyRow!], "a line across the body")
    }

    @Test func narrowBodiesDifferByWidth() {
        let up = draw([candle(0, 3, 10, 0, 8)], slot: 2)
        let down = draw([candle(0, 8, 10, 0, 3)], slot: 2)
        let upDots = (0..<12).flatMap { r in (0..<2).filter { up.rising[$0, r] } }.count
        let downDots = (0..<12).flatMap { r in (0..<2).filter { down.falling[$0, r] } }.count
        #expect(downDots > upDots)
    }

    @Test func ohlcBarsTickTheOpenLeftAndTheCloseRight() {
        let drawn = draw([candle(0, 3, 10, 0, 8)], style: .ohlc)
        let c = drawn.rising
        let openRow = (0..<12).first { c[0, $0] }, closeRow = (0..<12).first { c[2, $0] }
        #expect(openRow != nil && closeRow != nil && closeRow! < openRow!, "the close (8) is above the open (3)")
    }

    @Test func everyCharsetDrawsCandles() {
        for charset in Charset.allCases {
            let drawn = draw([candle(0, 3, 10, 0, 8), candle(1, 8, 9, 1, 2)], slot: charset == .ascii ? 5 : 4, charset: charset)
            #expect(!drawn.rising.isEmpty && !drawn.falling.isEmpty, "\(charset)")
            #expect(drawn.rising.text != drawn.falling.text)
        }
    }
}
