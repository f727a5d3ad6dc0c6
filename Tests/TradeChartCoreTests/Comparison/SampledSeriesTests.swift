import Testing
import TradeChartCore

@Suite("Sampling a series at another's times")
struct SampledSeriesTests {
    static let day: Int64 = 86_400
    static let monday = CivilDate(year: 2024, month: 1, day: 8).dayNumber * day

    static func daily(_ days: [Int], _ prices: [Double]) -> PriceSeries {
        PriceSeries(name: "d", times: days.map { monday + Int64($0) * day }, prices: prices, hasTimeOfDay: false)
    }

    /// A plain reference: for each primary time, scan the other series for its last
    /// point known by then (daily bars at the end of their day), within the grace period.
    static func reference(_ other: PriceSeries, _ primary: PriceSeries) -> [Double] {
        func known(_ s: PriceSeries, _ i: Int) -> Int64 {
            s.hasTimeOfDay ? s.times[i] : (LocalTime.dayNumber(s.times[i]) + 1) * day - 1
        }
        let end = known(other, other.count - 1) + SampledSeries.grace(of: other)
        return primary.times.indices.map { i in
            let t = known(primary, i)
            guard t <= end, let j = other.times.indices.last(where: { known(other, $0) <= t }) else { return .nan }
            return other.prices[j]
        }
    }

    static func same(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.isNaN ? $1.isNaN : $0 == $1 }
    }

    @Test func holidaysCarryTheLastPriceAndGapsAreNotDrawnBeforeTheStart() {
        let primary = Self.daily([0, 1, 2, 3, 4, 7], [1, 2, 3, 4, 5, 6])
        // Starts on Tuesday, misses Thursday (a holiday there).
        let other = Self.daily([1, 2, 4, 7], [20, 30, 50, 60])
        let sampled = SampledSeries(other, at: primary)
        #expect(Self.same(sampled.values, [.nan, 20, 30, 30, 50, 60]))
        #expect(sampled.covered == 1...5)
    }

    @Test func aSeriesThatEndedEarlyStopsAfterAWeek() {
        let primary = Self.daily(Array(0..<30), Array(repeating: 1, count: 30))
        let other = Self.daily([0, 1, 2], [5, 6, 7])
        let sampled = SampledSeries(other, at: primary)
        #expect(sampled.covered == 0...8, "the last price holds through the grace period, then no line")
        #expect(sampled.values[8] == 7 && sampled.values[9].isNaN)
    }

    @Test func noOverlapHasNoCoveredPoints() {
        let primary = Self.daily([0, 1, 2], [1, 2, 3])
        let later = Self.daily([100, 101], [1, 2])
        #expect(SampledSeries(later, at: primary).covered == nil)
        let earlier = Self.daily([-100, -99], [1, 2])
        #expect(SampledSeries(earlier, at: primary).covered == nil)
    }

    @Test func aDailyFileOnAnIntradayAxisShowsTheDayBeforesCloseUntilTheDayEnds() {
        var minutes: [Int64] = []
        for d in 0..<3 {
            for m in 0..<3 { minutes.append(Self.monday + Int64(d) * Self.day + 34_200 + Int64(m) * 60) }
        }
        let primary = PriceSeries(name: "i", times: minutes, prices: minutes.map { _ in 1 }, hasTimeOfDay: true)
        let daily = Self.daily([-1, 0, 1, 2], [9, 10, 11, 12])
        let sampled = SampledSeries(daily, at: primary)
        #expect(Self.same(sampled.values, [9, 9, 9, 10, 10, 10, 11, 11, 11]))
        // And the other way round: each day's last minute.
        let back = SampledSeries(primary, at: daily)
        #expect(back.values[1] == 1 && back.values[0].isNaN)
    }

    @Test func equalsAPlainReferenceOnRandomCalendars() {
        var rng = SplitMix64(seed: 17)
        for _ in 0..<300 {
            func randomDaily() -> PriceSeries {
                var days: [Int] = []
                var d = Int(rng.next() % 20)
                for _ in 0..<Int(rng.next() % 60 + 1) {
                    days.append(d)
                    d += Int(rng.next() % 4) + 1
                }
                return Self.daily(days, days.map { Double($0) + Double(rng.next() % 100) / 100 })
            }
            let primary = randomDaily(), other = randomDaily()
            let sampled = SampledSeries(other, at: primary)
            let expected = Self.reference(other, primary)
            #expect(Self.same(sampled.values, expected))
            let defined = expected.indices.filter { !expected[$0].isNaN }
            #expect(sampled.covered == defined.first.map { $0...defined.last! })
        }
    }

    @Test func dailyBarsStampedWithATimeCountForTheirDay() {
        // TradingView writes daily bars at 14:30 UTC: each is still that day's close.
        let primary = Self.daily([0, 1, 2], [1, 2, 3])
        let stamped = PriceSeries(name: "tv", times: [0, 1, 2].map { Self.monday + Int64($0) * Self.day + 52_200 },
                                  prices: [10, 20, 30], hasTimeOfDay: false)
        #expect(Self.same(SampledSeries(stamped, at: primary).values, [10, 20, 30]))
    }
}
