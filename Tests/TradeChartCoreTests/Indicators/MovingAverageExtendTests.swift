import Testing
@testable import TradeChartCore

/// A moving average extended as rows are appended (a followed file) holds exactly the
/// values of one computed afresh over all the prices, bit for bit.
@Suite("Moving averages extended in place")
struct MovingAverageExtendTests {
    @Test(arguments: [1, 2, 5, 20, 200])
    func extendingInPiecesEqualsComputingAfresh(bars: Int) {
        var rng = SplitMix64(seed: UInt64(bars))
        let prices = (0..<1_000).map { _ in 100 + Double(rng.next() % 10_000) / 7 }
        for cut in [0, 1, bars - 1, bars, bars + 1, 2 * bars, 2 * bars + 3, 999] where cut >= 0 && cut <= prices.count {
            var average = MovingAverage(bars: bars, prices: Array(prices[..<cut]))
            var at = cut
            while at < prices.count {
                at = min(prices.count, at + 1 + Int(rng.next() % 37))
                average.extend(prices: Array(prices[..<at]))
            }
            let fresh = MovingAverage(bars: bars, prices: prices)
            #expect(average.values.map(\.bitPattern) == fresh.values.map(\.bitPattern), "bars \(bars), first \(cut)")
        }
    }
}
