import Testing
@testable import TradeChartCore

@Suite("Chart series")
struct ChartSeriesTests {
    @Test func everythingIsWorkedOutFromTheOneSeries() {
        let series = TestSeries.daily(days: 300)
        let data = ChartSeries(series, clock: nil)
        #expect(data.series == series)
        #expect(data.shownSeries == series, "without --tz the times are shown as they are")
        #expect(data.index.count == series.count)
        #expect(data.availability.count == ChartRange.allCases.count)
        for range in ChartRange.allCases {
            #expect(data.availability[range.rawValue - 1].slice == series.slice(range).slice)
        }
        #expect(data.labelWidth == data.priceFormatter.string(series.prices.max()!).count)
        #expect(data.rebuilds == 0)
    }

    @Test func hugePricesAreScaledAndTheIndexHoldsTheScaledOnes() {
        let series = PriceSeries(name: "BIG", times: [0, 86_400, 172_800], prices: [1e300, 2e300, 3e300], hasTimeOfDay: false)
        let data = ChartSeries(series, clock: nil)
        #expect(data.priceScale != .identity)
        #expect(data.index.values == data.priceScale.scaled(series.prices))
    }
}
