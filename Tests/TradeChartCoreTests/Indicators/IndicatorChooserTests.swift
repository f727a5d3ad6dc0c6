import Testing
@testable import TradeChartCore

/// `i` opens the indicators' chooser; its digits turn each indicator on or off, the chart
/// makes room for the pane, and the choice is remembered for the file.
@Suite("Indicators' chooser")
struct IndicatorChooserTests {
    @Test func aDigitTurnsAnIndicatorOnAndOffAndItIsRemembered() throws {
        var state = try IndicatorGoldenTests.viewer("rsi", columns: 110, rows: 34)
        _ = state.handle(.key(.character("i")), at: 0)
        let chooser = state.frame(at: 0).plainText
        #expect(chooser.contains("4 [x] RSI 14 (a pane)") && chooser.contains("5 [ ] MACD 12,26,9 (a pane)"))
        let commands = state.handle(.key(.character("5")), at: 0)
        #expect(state.indicatorChoices == [.rsi(14), .macd(12, 26, 9)])
        #expect(state.status == "MACD 12,26,9 on")
        #expect(commands.contains { if case .remember(let memory) = $0 { memory.indicators == ["rsi:14", "macd:12,26,9"] } else { false } })
        #expect(state.frame(at: 0).plainText.contains("5 [x] MACD 12,26,9"), "the chooser stays open")
        // Closed, the chart shows the new pane under the RSI's (once the morph is over).
        _ = state.handle(.key(.escape), at: 0)
        #expect(state.layout.shownPanes == 2)
        let rows = state.frame(at: 10).plainText.components(separatedBy: "\n")
        #expect(rows[state.layout.paneY(1)].hasPrefix("MACD 12,26,9 61.42"))
        // And off again.
        _ = state.handle(.key(.character("i")), at: 10)
        _ = state.handle(.key(.character("4")), at: 10)
        #expect(state.indicatorChoices == [.macd(12, 26, 9)] && state.status == "RSI 14 off")
        _ = state.handle(.key(.character("i")), at: 10)
        #expect(state.overlay == .none, "i closes its chooser")
    }

    @Test func theStochasticHasTheHighAndLowRead() throws {
        let loaded = try SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent("Data/dax.csv").path)
        var state = ViewerState(series: loaded.series, range: .oneYear, options: ViewerOptions(), columns: 100, rows: 30,
                                candles: CandleState(names: loaded.barNames))
        _ = state.handle(.key(.character("i")), at: 0)
        let commands = state.handle(.key(.character("6")), at: 0)
        // Turned on in the chooser, the stochastic asks for the high and low the file has.
        #expect(commands.contains(.loadBars(.prices)))
    }
}
