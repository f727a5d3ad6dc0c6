import Testing
@testable import TradeChartCore

@Suite("Candle merging")
struct CandleMergeTests {
    /// A series with random bars: gaps (NaN) in open, high, low and volume here and there.
    static func randomBars(_ rng: inout SplitMix64, count: Int) -> (PriceSeries, BarColumns) {
        var closes: [Double] = [], opens: [Double] = [], highs: [Double] = [], lows: [Double] = [], volumes: [Double] = []
        var p = 100.0
        for _ in 0..<count {
            let open = p
            p *= 1 + (Double(rng.next() % 2001) - 1000) / 20_000
            let wiggle = Double(rng.next() % 100) / 100
            func gap(_ v: Double) -> Double { rng.next() % 10 == 0 ? .nan : v }
            var high = max(open, p) + wiggle, low = min(open, p) - wiggle
            // Now and then a row with its high and low swapped (as ariva's rows of 2001 to 2003).
            if rng.next() % 20 == 0 { swap(&high, &low) }
            opens.append(gap(open))
            highs.append(gap(high))
            lows.append(gap(low))
            volumes.append(gap(Double(rng.next() % 1_000_000)))
            closes.append(p)
        }
        let day: Int64 = 86_400
        let series = PriceSeries(name: "r", times: closes.indices.map { Int64($0) * day }, prices: closes, hasTimeOfDay: false)
        return (series, BarColumns(count: count, open: opens, high: highs, low: lows, volume: volumes))
    }

    /// The merge rules written out plainly, bar by bar: the first open (its close when
    /// it has none), every known price of the bars for the high and the low, the last
    /// close, the volumes given summed (none when every bar left it out).
    static func reference(_ range: ClosedRange<Int>, _ series: PriceSeries, _ bars: BarColumns) -> Candle {
        let first = range.lowerBound
        let open = bars.open![first].isNaN ? series.prices[first] : bars.open![first]
        var high = open, low = open, volume = 0.0, known = 0
        for i in range {
            for price in [bars.open![i], bars.high![i], bars.low![i], series.prices[i]] where !price.isNaN {
                high = max(high, price)
                low = min(low, price)
            }
            if let v = bars.volume?[i], !v.isNaN { volume += v; known += 1 }
        }
        return Candle(first: first, last: range.upperBound, open: open, high: high, low: low,
                      close: series.prices[range.upperBound], volume: known == 0 ? nil : volume)
    }

    @Test func mergedCandlesEqualAPlainMergeOverRandomSeries() {
        var rng = SplitMix64(seed: 23)
        let periods: [CandlePeriod] = [.day, .week, .month, .quarter, .year]
        for round in 0..<1000 {
            let count = Int(rng.next() % 3000) + 1
            let (series, bars) = Self.randomBars(&rng, count: count)
            let candles = CandleSeries(bars: bars, closes: series.prices)
            let first = Int(rng.next() % UInt64(count)), last = first + Int(rng.next() % UInt64(count - first))
            let period = periods[Int(rng.next() % UInt64(periods.count))]
            let groups = CandleGrouping.groups(first: first, last: last, period: period, times: series.times)
            let merged = candles.candles(groups)
            let expected = groups.map { Self.reference($0, series, bars) }
            #expect(merged == expected, "round \(round): \(count) bars, \(first)...\(last), \(period)")
            if merged != expected { return }
        }
    }

    /// Random times: minutes with gaps (missing minutes, nights, weekends) or days with gaps.
    static func randomTimes(_ rng: inout SplitMix64, count: Int, intraday: Bool) -> [Int64] {
        var t: Int64 = intraday ? 1_572_946_200 : -86_400 * 400
        var times: [Int64] = []
        for _ in 0..<count {
            times.append(t)
            let r = rng.next() % 100
            if intraday {
                t += r < 70 ? 60 : r < 95 ? 60 * Int64(rng.next() % 30 + 2) : 3600 * Int64(rng.next() % 70 + 1)
            } else {
                t += 86_400 * (r < 80 ? 1 : Int64(rng.next() % 40 + 2))
            }
        }
        return times
    }

    /// Every candle holds the bars of one period, starting on its boundary: the groups are
    /// the runs of bars whose times fall in the same period, cut at the range's ends.
    @Test func groupsAreTheRunsOfBarsInOnePeriod() {
        var rng = SplitMix64(seed: 2)
        for round in 0..<600 {
            let intraday = round % 2 == 0
            let count = Int(rng.next() % 800) + 1
            let times = Self.randomTimes(&rng, count: count, intraday: intraday)
            let period = CandlePeriod.allCases[Int(rng.next() % UInt64(CandlePeriod.allCases.count))]
            let last = Int(rng.next() % UInt64(count)), first = Int(rng.next() % UInt64(last + 1))
            var expected: [ClosedRange<Int>] = []
            for i in first...last {
                if let open = expected.last, period.start(of: times[open.lowerBound]) == period.start(of: times[i]) {
                    expected[expected.count - 1] = open.lowerBound...i
                } else {
                    expected.append(i...i)
                }
            }
            let groups = CandleGrouping.groups(first: first, last: last, period: period, times: times)
            #expect(groups == expected, "round \(round): \(period), \(first)...\(last) of \(count)")
            #expect(CandleGrouping.count(first...last, period: period, times: times, limit: .max) == expected.count)
            if groups != expected { return }
        }
    }

    @Test func periodsStartOnTheClockAndTheCalendar() {
        func at(_ y: Int, _ m: Int, _ d: Int, _ h: Int64 = 0, _ min: Int64 = 0) -> Int64 {
            CivilDate(year: y, month: m, day: d).dayNumber * 86_400 + h * 3600 + min * 60
        }
        let t = at(2019, 11, 7, 21, 27)
        #expect(CandlePeriod.fifteenMinutes.start(of: t) == at(2019, 11, 7, 21, 15))
        #expect(CandlePeriod.fifteenMinutes.end(of: t) == at(2019, 11, 7, 21, 30))
        #expect(CandlePeriod.fourHours.start(of: t) == at(2019, 11, 7, 20))
        #expect(CandlePeriod.fourHours.end(of: t) == at(2019, 11, 8))
        // Thursday 7 Nov 2019: its week starts on Monday 4 Nov.
        #expect(CandlePeriod.week.start(of: t) == at(2019, 11, 4) && CandlePeriod.week.end(of: t) == at(2019, 11, 11))
        #expect(CandlePeriod.month.start(of: t) == at(2019, 11, 1) && CandlePeriod.month.end(of: t) == at(2019, 12, 1))
        #expect(CandlePeriod.quarter.start(of: t) == at(2019, 10, 1) && CandlePeriod.quarter.end(of: t) == at(2020, 1, 1))
        #expect(CandlePeriod.year.start(of: t) == at(2019, 1, 1) && CandlePeriod.year.end(of: t) == at(2020, 1, 1))
        // Before 1970 too: Wednesday 31 Dec 1958 is in the week of Monday 29 Dec.
        #expect(CandlePeriod.week.start(of: at(1958, 12, 31, 12)) == at(1958, 12, 29))
        #expect(CandlePeriod.month.start(of: at(1958, 12, 31, 12)) == at(1958, 12, 1))
    }

    @Test func theLabelSaysThePeriodInWords() {
        let words = CandlePeriod.allCases.map { CandleGrouping.label($0) }
        #expect(words == ["1 candle = 1 min", "1 candle = 2 min", "1 candle = 3 min", "1 candle = 5 min", "1 candle = 10 min",
                          "1 candle = 15 min", "1 candle = 30 min", "1 candle = 1 h", "1 candle = 2 h", "1 candle = 4 h",
                          "1 candle = 1 day", "1 candle = 1 week", "1 candle = 1 month", "1 candle = 3 months",
                          "1 candle = 1 year"])
        #expect(CandleGrouping.label(.week, noun: "bar") == "1 bar = 1 week")
    }

    @Test func theCommandLineNamesPeriodsAsTradersWriteThem() {
        let names: [String: CandlePeriod] = ["1m": .oneMinute, "5min": .fiveMinutes, "15m": .fifteenMinutes, "60m": .oneHour,
                                             "1H": .oneHour, "4h": .fourHours, "1d": .day, "day": .day, "1w": .week,
                                             "week": .week, "1mo": .month, "month": .month, "3mo": .quarter,
                                             "quarter": .quarter, "1y": .year, "year": .year]
        for (name, period) in names { #expect(CandlePeriod(argument: name) == period, "\(name)") }
        for name in ["", "7m", "1x", "2d", "auto"] { #expect(CandlePeriod(argument: name) == nil, "\(name)") }
    }

    /// Only periods at least as long as the bars are apart: days and longer for daily
    /// prices, minutes and longer for minute bars, five minutes and longer for five-minute bars.
    @Test func thePeriodsOfAFileAreAtLeastItsBars() {
        func series(step: Int64, intraday: Bool) -> PriceSeries {
            PriceSeries(name: "s", times: (0..<500).map { 34_200 + Int64($0) * step }, prices: Array(repeating: 1, count: 500),
                        hasTimeOfDay: intraday)
        }
        #expect(CandleGrouping.periods(for: series(step: 86_400, intraday: false)).first == .day)
        #expect(CandleGrouping.periods(for: series(step: 7 * 86_400, intraday: false)).first == .week)
        #expect(CandleGrouping.periods(for: series(step: 60, intraday: true)).first == .oneMinute)
        #expect(CandleGrouping.periods(for: series(step: 300, intraday: true)).first == .fiveMinutes)
        #expect(CandleGrouping.periods(for: series(step: 60, intraday: true)).last == .year)
    }

    @Test func blockIndexAnswersLikeAPlainScan() {
        var rng = SplitMix64(seed: 9)
        let values: [Double] = (0..<20_000).map { _ in rng.next() % 7 == 0 ? .nan : Double(rng.next() % 10_000) - 5000 }
        let maxima = BlockIndex(values, kind: .maximum), minima = BlockIndex(values, kind: .minimum)
        let sums = BlockIndex(values, kind: .sum)
        for _ in 0..<2000 {
            let a = Int(rng.next() % 20_000), b = a + Int(rng.next() % UInt64(20_000 - a))
            let slice = values[a...b].filter { !$0.isNaN }
            #expect(maxima.value(a...b) == (slice.max() ?? -.infinity))
            #expect(minima.value(a...b) == (slice.min() ?? .infinity))
            let sum = sums.value(a...b)
            #expect(slice.isEmpty ? sum.isNaN : sum == slice.reduce(0, +), "a sum of gaps only is NaN, not 0")
        }
    }

    /// Rows arriving in a followed file grow the candles in place (`releaseCloses`, the
    /// series' prices growing, `append`): every candle then equals the candle of candles
    /// built over the grown columns at once, gaps and rows without a volume included.
    @Test func candlesGrownInPiecesEqualCandlesBuiltAtOnce() {
        var rng = SplitMix64(seed: 41)
        for round in 0..<200 {
            let count = Int(rng.next() % 5000) + 2
            let (series, bars) = Self.randomBars(&rng, count: count)
            var built = Int(rng.next() % UInt64(count - 1)) + 1
            func part(_ column: [Double]?, _ range: Range<Int>) -> [Double]? { column.map { Array($0[range]) } }
            var grown = CandleSeries(bars: BarColumns(count: built, open: part(bars.open, 0..<built), high: part(bars.high, 0..<built),
                                                      low: part(bars.low, 0..<built), volume: part(bars.volume, 0..<built)),
                                     closes: Array(series.prices[0..<built]))
            var closes = Array(series.prices[0..<built])
            var withoutVolume = Set<Int>()
            while built < count {
                let next = min(count, built + Int(rng.next() % 150) + 1)
                // Now and then the new rows come without a volume column: gaps.
                let noVolume = rng.next() % 5 == 0
                if noVolume { withoutVolume.formUnion(built..<next) }
                grown.releaseCloses()
                closes.append(contentsOf: series.prices[built..<next])
                grown.append(BarColumns(count: next - built, open: part(bars.open, built..<next), high: part(bars.high, built..<next),
                                        low: part(bars.low, built..<next), volume: noVolume ? nil : part(bars.volume, built..<next)),
                             closes: closes)
                built = next
            }
            var expectedBars = bars
            for i in withoutVolume { expectedBars.volume![i] = .nan }
            let atOnce = CandleSeries(bars: expectedBars, closes: series.prices)
            #expect(grown.bars.volume!.map(\.bitPattern) == expectedBars.volume!.map(\.bitPattern))
            #expect(grown.closes == series.prices)
            for _ in 0..<50 {
                let a = Int(rng.next() % UInt64(count)), b = a + Int(rng.next() % UInt64(count - a))
                #expect(grown.candle(a...b) == atOnce.candle(a...b), "round \(round): \(a)...\(b) of \(count)")
                if grown.candle(a...b) != atOnce.candle(a...b) { return }
            }
        }
    }

    @Test func blockIndexGrownPointByPointAnswersLikeOneBuiltAtOnce() {
        var rng = SplitMix64(seed: 17)
        let values: [Double] = (0..<9000).map { _ in rng.next() % 7 == 0 ? .nan : Double(rng.next() % 10_000) - 5000 }
        for kind in [BlockIndex.Kind.maximum, .minimum, .sum] {
            var grown = BlockIndex(Array(values[0..<1]), kind: kind)
            var at = 1
            while at < values.count {
                let next = min(values.count, at + Int(rng.next() % 300) + 1)
                grown.append([Array(values[at..<next])])
                at = next
                let whole = BlockIndex(Array(values[0..<at]), kind: kind)
                for _ in 0..<20 {
                    let a = Int(rng.next() % UInt64(at)), b = a + Int(rng.next() % UInt64(at - a))
                    #expect(grown.value(a...b).bitPattern == whole.value(a...b).bitPattern, "\(kind) \(a)...\(b) of \(at)")
                }
            }
        }
    }
}
