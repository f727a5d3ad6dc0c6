import Testing
import TradeChartCore

@Suite("Volume pane")
struct VolumeBarsTests {
    @Test func compactNumbersReadAtAGlance() {
        #expect(CompactNumber.string(950) == "950")
        #expect(CompactNumber.string(1_234) == "1.2K")
        #expect(CompactNumber.string(137_800_000) == "137.8M")
        #expect(CompactNumber.string(69_170_000) == "69.2M")
        #expect(CompactNumber.string(2_500_000_000) == "2.5B")
        #expect(CompactNumber.string(999_999) == "1M")
        #expect(CompactNumber.string(999_400) == "999.4K")
        #expect(CompactNumber.string(120_000) == "120K")
        #expect(CompactNumber.string(0) == "0")
    }

    @Test func barsAreAsTallAsTheirVolumeInEighths() {
        let candles = [
            Candle(first: 0, last: 0, open: 1, high: 2, low: 0, close: 2, volume: 100),
            Candle(first: 1, last: 1, open: 2, high: 2, low: 0, close: 1, volume: 50),
            Candle(first: 2, last: 2, open: 1, high: 2, low: 0, close: 1.5, volume: 5),
        ]
        var frame = Frame(width: 6, height: 2)
        VolumeBars.draw(candles, x: AffineMap(scale: 4, offset: 2), dotsPerCell: 2, scale: 100, ascii: false,
                        left: 0, top: 0, width: 6, height: 2, rising: CellStyle(.rising), falling: CellStyle(.falling),
                        into: &frame)
        #expect(frame.plainText == "█\n█ █ ▁", "one cell a candle, a gap between")
        #expect(frame[0, 1].style.color == .rising && frame[2, 1].style.color == .falling)
    }
}
