import Foundation
import Testing
@testable import TradeChartCore

/// Whole frames of candles, OHLC bars and the volume pane on the real bundled DAX,
/// as text (no colour: shapes alone tell rising from falling) and as ANSI (colour).
@Suite("Golden frames of candles")
struct CandleGoldenTests {
    /// The DAX with its open, high, low and volume read, as a viewer on it.
    static func viewer(_ range: ChartRange, style: ChartStyle, volume: Bool = false, columns: Int, rows: Int,
                       charset: Charset = .braille) throws -> ViewerState {
        let loaded = try SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent("Data/dax.csv").path,
                                           options: LoadOptions(bars: .all))
        let candles = CandleState(names: loaded.barNames, bars: loaded.bars, closes: loaded.series.prices, style: style,
                                  volume: volume)
        return ViewerState(series: loaded.series, range: range, options: ViewerOptions(charset: charset),
                           columns: columns, rows: rows, candles: candles)
    }

    @Test(arguments: [ChartStyle.candles, .ohlc])
    func daxAtTwoSizesWithAndWithoutColour(style: ChartStyle) throws {
        for (columns, rows) in [(100, 30), (64, 20)] {
            let state = try Self.viewer(.oneMonth, style: style, columns: columns, rows: rows)
            let name = "dax-1M-\(style.rawValue)-\(columns)x\(rows)"
            Golden.check(state.frame(at: 0).plainText + "\n", name: name + ".txt")
            Golden.check(AnsiRenderer().render(state.frame(at: 0)), name: name + ".ansi")
        }
    }

    @Test func theVolumePaneUnderCandlesAndUnderTheLine() throws {
        for style in [ChartStyle.candles, .line] {
            let state = try Self.viewer(.sixMonths, style: style, volume: true, columns: 100, rows: 30)
            Golden.check(state.frame(at: 0).plainText + "\n", name: "dax-6M-\(style.rawValue)-volume-100x30.txt")
        }
    }

    @Test func mergedCandlesOnFiveYears() throws {
        let state = try Self.viewer(.fiveYears, style: .candles, volume: true, columns: 100, rows: 30)
        let text = state.frame(at: 0).plainText
        #expect(state.candlePeriod == .quarter)
        #expect(text.hasPrefix("dax.csv") && text.components(separatedBy: "\n")[0].contains("5Y · 1 candle = 3 months"))
        Golden.check(text + "\n", name: "dax-5Y-candles-volume-100x30.txt")
    }

    @Test func otherCharsetsDrawCandlesToo() throws {
        for charset in [Charset.block, .ascii] {
            let state = try Self.viewer(.oneMonth, style: .candles, volume: true, columns: 80, rows: 24, charset: charset)
            let text = state.frame(at: 0).plainText
            Golden.check(text + "\n", name: "dax-1M-candles-80x24-\(charset.rawValue).txt")
            if charset == .ascii { #expect(text.unicodeScalars.allSatisfy { $0.isASCII }) }
        }
    }

    @Test func candleMorphFilmStrip() throws {
        var state = try Self.viewer(.oneMonth, style: .candles, volume: true, columns: 80, rows: 24)
        _ = state.handle(.key(.character("4")), at: 0)
        var strip = ""
        for t in [0.0, 0.3, 0.5, 0.7, 1.2] {
            strip += "── t = \(t) s\n" + state.frame(at: t).plainText + "\n"
        }
        Golden.check(strip, name: "dax-candle-morph-1M-to-6M-80x24.txt")
    }
}
