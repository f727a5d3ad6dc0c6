import Testing
import TradeChartCore

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
        for round in 0..<1000 {
            let count = Int(rng.next() % 3000) + 1
            let (series, bars) = Self.randomBars(&rng, count: count)
            let candles = CandleSeries(bars: bars, closes: series.prices)
            let first = Int(rng.next() % UInt64(count)), last = first + Int(rng.next() % UInt64(count - first))
            let size = CandleGrouping.barsPerCandle(count: last - first + 1, slots: Int(rng.next() % 120) + 1)
            let groups = CandleGrouping.groups(first: first, last: last, size: size, newest: count - 1)
            let merged = candles.candles(groups)
            let expected = groups.map { Self.reference($0, series, bars) }
            #expect(merged == expected, "round \(round): \(count) bars, \(first)...\(last), \(size) a candle")
            if merged != expected { return }
        }
    }

    @Test func groupsTileTheRangeFromTheNewestBarBack() {
        #expect(CandleGrouping.groups(first: 0, last: 9, size: 3, newest: 9) == [0...0, 1...3, 4...6, 7...9])
        #expect(CandleGrouping.groups(first: 2, last: 9, size: 4, newest: 9) == [2...5, 6...9])
        // Aligned on the newest bar of the series, also for a window that ends before it.
        #expect(CandleGrouping.groups(first: 0, last: 7, size: 3, newest: 9) == [0...0, 1...3, 4...6, 7...7])
        var rng = SplitMix64(seed: 2)
        for _ in 0..<2000 {
            let newest = Int(rng.next() % 500) + 1
            let last = Int(rng.next() % UInt64(newest + 1)), first = Int(rng.next() % UInt64(last + 1))
            let size = Int(rng.next() % 40) + 1
            let groups = CandleGrouping.groups(first: first, last: last, size: size, newest: newest)
            #expect(groups.first?.lowerBound == first && groups.last?.upperBound == last)
            #expect(zip(groups, groups.dropFirst()).allSatisfy { $0.upperBound + 1 == $1.lowerBound })
            #expect(groups.allSatisfy { $0.count <= size })
            #expect(groups.allSatisfy { (newest - $0.upperBound) % size == 0 || $0.upperBound == last })
        }
    }

    @Test func theLabelSaysWhatACandleStandsFor() {
        let daily = PriceSeries(name: "d", times: (0..<300).map { Int64($0) * 86_400 }, prices: Array(repeating: 1, count: 300),
                                hasTimeOfDay: false)
        #expect(CandleGrouping.label(barsPerCandle: 5, series: daily) == "1 candle = 5 days")
        #expect(CandleGrouping.label(barsPerCandle: 1, series: daily) == "1 candle = 1 day")
        let minutes = PriceSeries(name: "m", times: (0..<300).map { 34_200 + Int64($0) * 60 }, prices: Array(repeating: 1, count: 300),
                                  hasTimeOfDay: true)
        #expect(CandleGrouping.label(barsPerCandle: 30, series: minutes) == "1 candle = 30 min")
        #expect(CandleGrouping.label(barsPerCandle: 120, series: minutes) == "1 candle = 2 h")
        let weekly = PriceSeries(name: "w", times: (0..<300).map { Int64($0) * 7 * 86_400 }, prices: Array(repeating: 1, count: 300),
                                 hasTimeOfDay: false)
        #expect(CandleGrouping.label(barsPerCandle: 4, series: weekly) == "1 candle = 4 weeks")
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
