import Glibc
import Testing
@testable import TradeChartCore

@Suite("Price overlays")
struct PriceOverlaysTests {
    let prices: [Double] = (0..<300).map { 100 + Double($0 % 17) }

    @Test func thePlottedIndexAndTheAveragesFollowTheAxisAndTheBarsAskedFor() {
        let index = MinMaxIndex(prices)
        var overlays = PriceOverlays(plotIndex: index)
        overlays.averageBars = [20, 50]
        overlays.plot(prices, scaled: index, scale: .identity)
        #expect(overlays.plotIndex.values == prices)
        #expect(overlays.averages.map(\.bars) == [20, 50])
        overlays.logAxis = true
        overlays.plot(prices, scaled: index, scale: .identity)
        #expect(overlays.plotIndex.values == prices.map { Glibc.log($0) })
        let average = MovingAverage(bars: 20, prices: prices).values
        #expect(overlays.averages[0].plotIndex.values[19] == Glibc.log(average[19]), "averages are plotted on the log axis too")
        overlays.averageBars = []
        overlays.refreshAverages(prices, scale: .identity)
        #expect(overlays.averages.isEmpty)
    }
}
