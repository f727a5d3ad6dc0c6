import Testing
import TradeChartCore

@Suite("Log ticks")
struct LogTicksTests {
    @Test func decadesGetOneTwoFive() {
        // The DAX since 1959: about 370 to 16,000.
        let ticks = LogTicks(low: 370, high: 16_000, target: 6, maxCount: 10)
        #expect(ticks.values == [500, 1_000, 2_000, 5_000, 10_000])
        #expect(ticks.decimals == 0)
    }

    @Test func manyDecadesGetFewerTicks() {
        #expect(LogTicks(low: 0.5, high: 20_000, target: 5, maxCount: 6).values == [1, 10, 100, 1_000, 10_000])
        #expect(LogTicks(low: 1, high: 1e12, target: 4, maxCount: 4).values == [1, 1e5, 1e10],
                "every fifth power when every second would not fit")
        let small = LogTicks(low: 0.0003, high: 0.9, target: 4, maxCount: 4)
        #expect(small.values == [0.001, 0.01, 0.1])
        #expect(small.decimals == 3)
    }

    @Test func shortSpansFallBackToLinearRoundSteps() {
        let ticks = LogTicks(low: 10_300, high: 13_100, target: 5, maxCount: 8)
        #expect(ticks.values == PriceTicks(low: 10_300, high: 13_100, target: 5, maxCount: 8).values)
        #expect(ticks.values.count >= 3)
    }

    @Test func everyTickIsInsideTheRangeAndAscending() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<500 {
            let low = Double(rng.next() % 1_000_000 + 1) / 1000
            let high = low * (1 + Double(rng.next() % 100_000) / 10)
            let ticks = LogTicks(low: low, high: high, target: 5, maxCount: 8)
            #expect(ticks.values.allSatisfy { $0 >= low && $0 <= high })
            #expect(ticks.values == ticks.values.sorted())
            #expect(ticks.values.count <= 8)
        }
    }
}
