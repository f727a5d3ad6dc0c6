import Testing
import TradeChartCore

@Suite("Moving averages")
struct MovingAverageTests {
    /// The mean of each window summed directly.
    static func reference(_ prices: [Double], _ bars: Int) -> [Double] {
        prices.indices.map { i in
            guard i >= bars - 1 else { return .nan }
            return prices[(i - bars + 1)...i].reduce(0, +) / Double(bars)
        }
    }

    static func close(_ a: Double, _ b: Double) -> Bool {
        if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
        return abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }

    @Test func equalsTheDirectMeanOverRandomSeries() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<200 {
            let count = Int(rng.next() % 400)
            var p = 100.0
            let prices: [Double] = (0..<count).map { _ in
                p *= 1 + (Double(rng.next() % 2001) - 1000) / 50_000
                return p
            }
            for bars in [1, 2, 3, 20, 50, 200] {
                let average = MovingAverage(bars: bars, prices: prices)
                let expected = Self.reference(prices, bars)
                #expect(zip(average.values, expected).allSatisfy { Self.close($0, $1) }, "\(count) prices, \(bars) bars")
                #expect(average.values.count == prices.count)
            }
        }
    }

    @Test func fewerBarsThanTheAverageHaveNone() {
        let average = MovingAverage(bars: 5, prices: [1, 2, 3, 4])
        #expect(average.values.allSatisfy { $0.isNaN })
        let just = MovingAverage(bars: 4, prices: [1, 2, 3, 4, 5])
        #expect(just.values[0...2].allSatisfy { $0.isNaN })
        #expect(just.values[3] == 2.5 && just.values[4] == 3.5)
        #expect(just.firstDefined == 3)
    }

    @Test func extremePricesNeitherOverflowNorDrift() {
        let huge = MovingAverage(bars: 2, prices: [1.7e308, 1.7e308, -1.7e308, 1.7e308])
        #expect(huge.values[1] == 1.7e308 && huge.values[2] == 0 && huge.values[3] == 0)
        // A spike leaves no trace once it is out of the window (a plain running sum keeps its rounding error).
        let spiked = MovingAverage(bars: 20, prices: [1e15] + [Double](repeating: 1.01, count: 1000))
        #expect(abs(spiked.values.last! - 1.01) < 1e-12, "\(spiked.values.last!)")
        // Ten million bars alternating around a level: no drift however long.
        let prices = (0..<10_000_000).map { 12_000 + Double($0 % 7) * 0.01 }
        let average = MovingAverage(bars: 50, prices: prices)
        let last = prices.suffix(50).reduce(0, +) / 50
        #expect(abs(average.values.last! - last) < 1e-9)
    }
}
