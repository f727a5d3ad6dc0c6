import Testing
@testable import TradeChartApp
import TradeChartCore

/// Indicators asked for on the command line read the columns they need with the file
/// (issue 25): stochastic and ATR the high and low, VWAP the volume; a line with RSI
/// reads only the time and the close.
@Suite("Launch: the columns indicators need")
struct LaunchIndicatorColumnsTests {
    @Test(arguments: [
        ([IndicatorChoice.stochastic(14, 3, 3)], BarFields.prices),
        ([.atr(14)], .prices),
        ([.vwap], [.prices, .volume]),
        ([.rsi(14), .ema(9)], []),
    ] as [([IndicatorChoice], BarFields)])
    func theColumnsAreReadWithTheFile(_ indicators: [IndicatorChoice], _ wanted: BarFields) {
        let world = LaunchWorld()
        #expect(world.run(["a.csv"]) { $0.print = true; $0.indicators = indicators } == 0)
        #expect(world.files.barsAsked["a.csv"] == wanted)
    }
}
