import Testing
@testable import TradeChartCore

/// The indicators in words: `--describe` and `d` say a sentence each at the range's newest
/// point, and the screen reader says their values at each cursor step.
@Suite("Indicators in words")
struct IndicatorDescriptionTests {
    @Test func aSentenceEachWithTheLastCrossing() throws {
        let state = try IndicatorGoldenTests.viewer("rsi,macd,bb,ema:9,atr,stoch,vwap", columns: 100, rows: 30)
        let lines = state.descriptionLines.suffix(7)
        // TA-Lib gives the DAX's last bar RSI 14 42.17, ATR 14 143.32 and %K 10.12 (Fixtures/Indicators/dax-reference.txt).
        #expect(Array(lines) == [
            "RSI 14 is 42.2, below the middle; it crossed 70 downward on 6 May 2019.",
            "MACD 12,26,9 is 61.42, below its signal 126.82; it crossed its signal downward on 6 May 2019.",
            "BB 20,2: 11,866.11 to 12,481.77 around 12,173.94; the price is in the lower half.",
            "EMA 9 is 12,103.01; the price is 1.87% below it.",
            "ATR 14 is 143.32 (1.21% of the price).",
            "Stoch 14,3,3: %K is 10.1, %D 17.6; it crossed 20 downward on 13 May 2019.",
            "VWAP needs intraday bars (a session is one bar here).",
        ])
    }

    @Test func theScreenReaderSaysTheValuesAtEachStep() throws {
        var state = try IndicatorGoldenTests.viewer("rsi,ema:9", columns: 100, rows: 30)
        _ = state.handle(.key(.left), at: 0)
        _ = state.handle(.key(.left), at: 0)
        let line = Narration.pointLine(state, at: state.slice.last - 1)
        #expect(line.hasSuffix("point 250 of 251; RSI 14 49.8, EMA 9 12,159.60"), "\(line)")
    }
}
