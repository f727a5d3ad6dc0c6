import Foundation
import Testing
@testable import TradeChartCore

/// Whole frames with indicators on the bundled DAX (its high, low and volume read): bands
/// and an EMA on the price, RSI and MACD panes under it sharing its x axis and cursor, and
/// a terminal too short for both panes, which says which one it left out.
@Suite("Golden frames with indicators")
struct IndicatorGoldenTests {
    static func viewer(_ indicators: String, columns: Int, rows: Int) throws -> ViewerState {
        let loaded = try SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent("Data/dax.csv").path,
                                           options: LoadOptions(bars: .all))
        let candles = CandleState(names: loaded.barNames, bars: loaded.bars, closes: loaded.series.prices)
        return ViewerState(series: loaded.series, range: .oneYear, options: ViewerOptions(charset: .braille),
                           columns: columns, rows: rows, view: ViewSettings(indicators: try IndicatorChoice.list(indicators)),
                           candles: candles)
    }

    @Test func overlaysAndTwoPanes() throws {
        var state = try Self.viewer("bb,ema:9,rsi,macd", columns: 120, rows: 40)
        let still = state.frame(at: 0)
        #expect(state.layout.shownPanes == 2 && state.layout.chartHeight >= 18)
        Golden.check(still.plainText + "\n", name: "dax-1Y-indicators-120x40.txt")
        Golden.check(AnsiRenderer().render(still), name: "dax-1Y-indicators-120x40.ansi")
        // The cursor runs down through the panes, and each pane's title says its value there.
        _ = state.handle(.key(.left), at: 0)
        let scrubbed = state.frame(at: 1).plainText
        Golden.check(scrubbed + "\n", name: "dax-1Y-indicators-scrub-120x40.txt")
        let rows = scrubbed.components(separatedBy: "\n")
        #expect(rows[state.layout.paneY(0)].hasPrefix("RSI 14 "))
        #expect(rows[state.layout.paneY(1)].hasPrefix("MACD 12,26,9 "))
    }

    /// A pane's title shares its top row with the line: a blank cell after the title keeps
    /// its value from running into the dots (the stochastic's line fills that row here,
    /// its third pane of three; without the blank cell the value reads `10.1⣆`).
    @Test func aPaneTitleIsSetOffFromItsLine() throws {
        let state = try Self.viewer("rsi,macd,stoch", columns: 100, rows: 30)
        let rows = state.frame(at: 0).plainText.components(separatedBy: "\n")
        #expect(state.layout.shownPanes == 3)
        let row = rows[state.layout.paneY(2)]
        #expect(row.hasPrefix("Stoch 14,3,3 "))
        let title = "Stoch 14,3,3 " + state.indicatorText(state.paneIndicators[2].value(at: state.slice.last),
                                                           of: state.paneIndicators[2].choice)
        #expect(row.hasPrefix(title + " "), "\(row)")
        // The line is there right after that cell: the title takes no more than it needs.
        #expect(row.unicodeScalars.dropFirst(title.unicodeScalars.count + 1).first.map { (0x2801...0x28FF).contains($0.value) } == true)
    }

    /// A step in the closes throws the bands past every close: the price axis widens to hold
    /// them over the range shown, so neither band is cut at the plot's top or bottom edge.
    @Test func theBandsWidenThePriceAxis() throws {
        var series = TestSeries.daily(days: 30)
        series.prices = (0..<30).map { $0 < 15 ? 100 : $0 < 16 ? 110 : $0 < 20 ? 104 : 90 }
        let state = ViewerState(series: series, range: .max, options: ViewerOptions(charset: .braille), columns: 48, rows: 14,
                                view: ViewSettings(indicators: [.bollinger(5, 2)]))
        let bands = BollingerBands(bars: 5, deviations: 2, closes: series.prices)
        let y = state.projection(at: 0).y, height = Double(state.layout.chartHeight * 4)
        let top = try #require(bands.upper.filter { !$0.isNaN }.max())
        let bottom = try #require(bands.lower.filter { !$0.isNaN }.min())
        #expect(top > 110 && bottom < 90)
        #expect(y(top) >= 0 && y(bottom) < height)
        let chart = state.frame(at: 0).plainText.components(separatedBy: "\n")
            .dropFirst(state.layout.chartY).prefix(state.layout.chartHeight).joined(separator: "\n")
        // Turned on with the chooser (BB 20,2), the axis widens to the lower band too.
        var chosen = ViewerState(series: series, range: .max, options: ViewerOptions(charset: .braille), columns: 48, rows: 14)
        _ = chosen.toggleIndicator(2, at: 0)
        let wide = BollingerBands(bars: 20, deviations: 2, closes: series.prices)
        let foot = try #require(wide.lower.filter { !$0.isNaN }.min())
        #expect(foot < 90 && chosen.target.y(foot) < height)
        // The upper band's top (above 110) and the lower band's foot (below 90) are on screen.
        #expect(chart == """
                                   ⣀⣀⣀⣀⣀⣀⡴⠒⠲⣄
                                  ⡼⣆    ⠉   ⠈⢧           110
                                 ⢠⠇⠸⣄⣀⣀⣀⣀⡄   ⠈⢧
                                 ⡼⡴⠒⠋⠉  ⠸⡄⣄   ⠸⡄
            ⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠁⠈⠁ ⠉⣀⡴⠛⡇⠈⠳⡄⠁ ⡇ ⠈⠁ ⠉ ⠈⠁ 100
                                 ⠈⢧⣠⠴⠚⠁  ⢹  ⠙⢦⡀⢹
                                         ⠘⡆   ⠙⠘⡆
                                          ⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉  90
                                           ⢳⡀  ⡞
                                            ⠙⠦⠼⠁
            """)
    }

    @Test func aShortTerminalDropsTheLastPaneAndSaysSo() throws {
        let state = try Self.viewer("rsi,macd", columns: 80, rows: 12)
        let text = state.frame(at: 0).plainText
        #expect(state.layout.shownPanes == 1 && state.layout.chartHeight * 2 >= 8)
        #expect(text.contains("No room for the MACD 12,26,9 pane"))
        Golden.check(text + "\n", name: "dax-1Y-indicators-80x12.txt")
    }

    @Test func comparingFilesTheIndicatorsAreOffAndSaySo() throws {
        let one = try Self.viewer("rsi,bb", columns: 100, rows: 30)
        var other = one.series
        other.name = "other.csv"
        let compared = ViewerState(series: one.series, range: .oneYear, options: ViewerOptions(), columns: 100, rows: 30,
                                   view: ViewSettings(indicators: [.rsi(14), .bollinger(20, 2)]), others: [other])
        #expect(compared.layout.shownPanes == 0)
        #expect(compared.frame(at: 0).plainText.contains("Indicators off while comparing files"))
        #expect(compared.descriptionLines.last == "Indicators off while comparing files.")
    }
}
