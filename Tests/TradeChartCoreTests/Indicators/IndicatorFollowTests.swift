import Foundation
import Testing
@testable import TradeChartCore

/// Following a file with indicators on: the rows appended extend each indicator (values and
/// plotted lines) to exactly what a viewer opened on the whole file shows.
@Suite("Indicators while following")
struct IndicatorFollowTests {
    @Test func appendedRowsGiveTheValuesOfTheWholeFile() throws {
        let loaded = try SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent("Data/dax.csv").path,
                                           options: LoadOptions(bars: .all))
        let bars = try #require(loaded.bars)
        let choices = try IndicatorChoice.list("rsi,macd,bb,ema:9,stoch,atr")
        func viewer(_ n: Int) -> ViewerState {
            let series = PriceSeries(name: "dax.csv", times: Array(loaded.series.times[..<n]),
                                     prices: Array(loaded.series.prices[..<n]), hasTimeOfDay: false)
            let head = BarColumns(count: n, open: bars.open.map { Array($0[..<n]) }, high: bars.high.map { Array($0[..<n]) },
                                  low: bars.low.map { Array($0[..<n]) }, volume: bars.volume.map { Array($0[..<n]) })
            return ViewerState(series: series, range: .oneYear, options: ViewerOptions(), columns: 100, rows: 40,
                               view: ViewSettings(indicators: choices),
                               candles: CandleState(names: loaded.barNames, bars: head, closes: series.prices))
        }
        let count = loaded.series.count
        var followed = viewer(1_000)
        var at = 1_000
        for step in [1, 1, 7, 120, count] {
            let end = min(count, at + step)
            let rows = NewRows(times: Array(loaded.series.times[at..<end]), prices: Array(loaded.series.prices[at..<end]),
                               offsets: nil,
                               bars: BarColumns(count: end - at, open: bars.open.map { Array($0[at..<end]) },
                                                high: bars.high.map { Array($0[at..<end]) }, low: bars.low.map { Array($0[at..<end]) },
                                                volume: bars.volume.map { Array($0[at..<end]) }),
                               columnChanged: false, report: LoadReport())
            _ = followed.handle(.follow(.appended(rows)), at: Double(at))
            at = end
        }
        let whole = viewer(count)
        #expect(followed.series.count == count && followed.indicators.count == choices.count)
        for (a, b) in zip(followed.indicators, whole.indicators) {
            #expect(a.lineValues.map { $0.map(\.bitPattern) } == b.lineValues.map { $0.map(\.bitPattern) }, "\(a.choice.title)")
            #expect(a.plotted.map { $0.allValues.map(\.bitPattern) } == b.plotted.map { $0.allValues.map(\.bitPattern) },
                    "\(a.choice.title) plotted")
        }
        #expect(followed.frame(at: 1e6).plainText == whole.frame(at: 1e6).plainText)
    }

    /// Rows whose prices pass 2^64 rescale the price axis (`PriceScale`): an overlay is plotted
    /// again for the new scale, as a viewer opened on the whole file plots it.
    @Test func rowsThatRescaleThePricePlotTheOverlaysAgain() throws {
        let whole = TestSeries.daily(days: 80, level: 1.5e19)
        var prices = whole.prices
        for i in 70..<80 { prices[i] = 1.9e19 + Double(i - 70) * 1e18 }
        let grown = PriceSeries(name: whole.name, times: whole.times, prices: prices, hasTimeOfDay: false)
        let head = PriceSeries(name: whole.name, times: Array(whole.times[..<70]), prices: Array(prices[..<70]),
                               hasTimeOfDay: false)
        func viewer(_ series: PriceSeries) -> ViewerState {
            ViewerState(series: series, range: .max, options: ViewerOptions(charset: .braille), columns: 80, rows: 24,
                        view: ViewSettings(indicators: [.ema(5), .rsi(14)]))
        }
        var followed = viewer(head)
        #expect(followed.priceScale == .identity)
        let rows = NewRows(times: Array(whole.times[70...]), prices: Array(prices[70...]), offsets: nil, bars: nil,
                           columnChanged: false, report: LoadReport())
        _ = followed.handle(.follow(.appended(rows)), at: 1)
        let afresh = viewer(grown)
        #expect(followed.priceScale != .identity && followed.priceScale == afresh.priceScale)
        for (a, b) in zip(followed.indicators, afresh.indicators) {
            #expect(a.plotted.map { $0.allValues.map(\.bitPattern) } == b.plotted.map { $0.allValues.map(\.bitPattern) },
                    "\(a.choice.title) plotted")
        }
        #expect(followed.frame(at: 1e6).plainText == afresh.frame(at: 1e6).plainText)
    }
}
