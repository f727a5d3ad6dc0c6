import Foundation
import Testing
@testable import TradeChartCore

/// Turning indicators on and off in the chooser (`i`, digits 1-7) computes only the one
/// turned on: those already on are kept, as the chart would compute them afresh (issue 25).
@Suite("Indicators kept while others are turned on and off")
struct IndicatorChoiceChangeTests {
    /// The bundled DAX with its high, low and volume read, no indicator on.
    static func viewer(_ choices: [IndicatorChoice] = [], logAxis: Bool = false) throws -> ViewerState {
        let loaded = try SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent("Data/dax.csv").path,
                                           options: LoadOptions(bars: .all))
        let candles = CandleState(names: loaded.barNames, bars: loaded.bars, closes: loaded.series.prices)
        var view = ViewSettings(indicators: choices)
        if logAxis { view.switches.insert(.log) }
        return ViewerState(series: loaded.series, range: .oneYear, options: ViewerOptions(charset: .braille),
                           columns: 120, rows: 40, view: view, candles: candles)
    }

    /// The frame once every morph is over, its status line cleared of what the last key said
    /// (it then says what it says when nothing else is said, and the overlays' legend).
    static func still(_ state: ViewerState) -> String {
        var quiet = state
        quiet.statusLine.say(nil)
        return quiet.frame(at: 1e9).plainText
    }

    /// Each indicator's values and plotted lines as bit patterns.
    static func outputs(_ state: ViewerState) -> [[[UInt64]]] {
        state.indicators.map { $0.lineValues.map { $0.map(\.bitPattern) } + $0.plotted.map { $0.allValues.map(\.bitPattern) } }
    }

    @Test func anyOrderOfTogglesShowsWhatTheFinalChoiceShowsAfresh() throws {
        var rng = SplitMix64(seed: 25)
        for round in 0..<6 {
            var state = try Self.viewer()
            var time = 0.0
            // Digits 1-7 in the chooser, and now and then `L` (the log axis) between them.
            for _ in 0..<12 {
                time += 1
                if rng.next() % 4 == 0 {
                    _ = state.handle(.key(.character("L")), at: time)
                } else {
                    _ = state.handle(.key(.character("i")), at: time)
                    _ = state.handle(.key(.character(Unicode.Scalar(UInt8(ascii: "1") + UInt8(rng.next() % 7)))), at: time)
                    _ = state.handle(.key(.escape), at: time)
                }
            }
            let afresh = try Self.viewer(state.indicatorChoices, logAxis: state.logAxis)
            #expect(state.drawnIndicatorTitles == afresh.drawnIndicatorTitles, "round \(round)")
            #expect(state.unavailableIndicatorTexts == afresh.unavailableIndicatorTexts, "round \(round)")
            #expect(Self.outputs(state) == Self.outputs(afresh), "round \(round): \(state.drawnIndicatorTitles)")
            #expect(Self.still(state) == Self.still(afresh), "round \(round): \(state.drawnIndicatorTitles)")
        }
    }

    @Test func anIndicatorAlreadyOnIsNotComputedAgain() throws {
        var state = try Self.viewer()
        func toggle(_ digit: Unicode.Scalar, at time: Double) {
            _ = state.handle(.key(.character("i")), at: time)
            _ = state.handle(.key(.character(digit)), at: time)
            _ = state.handle(.key(.escape), at: time)
        }
        // Each plotted line's index gets a new contents token whenever it is made or changed.
        func tokens(_ title: String) -> [ObjectIdentifier] {
            state.indicators.first { $0.choice.title == title }.map { $0.plotted.map { ObjectIdentifier($0.contents) } } ?? []
        }
        toggle("4", at: 0)  // RSI 14
        toggle("1", at: 1)  // EMA 20
        let rsi = tokens("RSI 14"), ema = tokens("EMA 20")
        #expect(!rsi.isEmpty && !ema.isEmpty)
        toggle("5", at: 2)  // MACD on: RSI and EMA are kept
        toggle("4", at: 3)  // RSI off
        toggle("4", at: 4)  // RSI on again: computed anew, the others kept
        #expect(state.drawnIndicatorTitles == ["EMA 20", "MACD 12,26,9", "RSI 14"])
        #expect(tokens("EMA 20") == ema)
        #expect(tokens("RSI 14") != rsi)
        let macd = tokens("MACD 12,26,9"), rsiAgain = tokens("RSI 14")
        // A log axis plots the EMA on the price again; the panes' lines do not depend on it.
        _ = state.handle(.key(.character("L")), at: 5)
        #expect(state.logAxis)
        #expect(tokens("EMA 20") != ema)
        #expect(tokens("MACD 12,26,9") == macd && tokens("RSI 14") == rsiAgain)
    }

    /// The stochastic turned on before the high and low are read: once they come, it is computed
    /// and the RSI already on is kept; the chart is the one a viewer opened with both shows.
    @Test func barsReadForTheStochasticKeepTheOthers() throws {
        let path = TestSeries.packageRoot.appendingPathComponent("Data/dax.csv").path
        let closes = try SeriesLoader.load(path: path)
        var state = ViewerState(series: closes.series, range: .oneYear, options: ViewerOptions(charset: .braille),
                                columns: 120, rows: 40, view: ViewSettings(indicators: [.rsi(14)]),
                                candles: CandleState(names: closes.barNames))
        let rsi = state.indicators.first.map { $0.plotted.map { ObjectIdentifier($0.contents) } }
        _ = state.handle(.key(.character("i")), at: 0)
        let commands = state.handle(.key(.character("6")), at: 0)
        _ = state.handle(.key(.escape), at: 0)
        #expect(commands.contains(.loadBars(.prices)) && state.drawnIndicatorTitles == ["RSI 14"])
        _ = state.handle(.bars(.loaded(try SeriesLoader.load(path: path, options: LoadOptions(bars: .all)))), at: 1)
        #expect(state.drawnIndicatorTitles == ["RSI 14", "Stoch 14,3,3"])
        #expect(state.indicators.first.map { $0.plotted.map { ObjectIdentifier($0.contents) } } == rsi)
        let afresh = try Self.viewer(state.indicatorChoices)
        #expect(Self.outputs(state) == Self.outputs(afresh))
        #expect(Self.still(state) == Self.still(afresh))
    }
}
