import Testing
@testable import TradeChartCore

/// A compared file followed while it grows, or compared with a followed primary file that
/// grows: only the primary points the new rows can change are sampled and indexed again,
/// and the result is exactly the file sampled afresh (values, the run they cover, the
/// index the chart draws from), on a linear axis and a log one, intraday and daily.
@Suite("Compared files that grow")
struct ComparedSeriesGrowthTests {
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11
        }
    }

    /// `count` rows after `start`: minutes with now and then a gap of days (intraday), or days.
    static func series(_ g: inout Generator, count: Int, intraday: Bool, start: Int64) -> PriceSeries {
        var t = start
        var times: [Int64] = [], prices: [Double] = []
        for _ in 0..<count {
            if intraday {
                t += Int64(60 * (1 + g.next() % 30)) + (g.next() % 25 == 0 ? 86_400 * Int64(1 + g.next() % 9) : 0)
            } else {
                t += 86_400 * Int64(1 + g.next() % 3)
            }
            times.append(t)
            prices.append(Double(1 + g.next() % 4000) / 8)
        }
        return PriceSeries(name: "s", times: times, prices: prices, hasTimeOfDay: intraday)
    }

    static func part(_ s: PriceSeries, _ range: Range<Int>) -> PriceSeries {
        PriceSeries(name: s.name, times: Array(s.times[range]), prices: Array(s.prices[range]), hasTimeOfDay: s.hasTimeOfDay)
    }

    static func rows(_ s: PriceSeries, _ range: Range<Int>) -> NewRows {
        NewRows(times: Array(s.times[range]), prices: Array(s.prices[range]), offsets: nil, bars: nil, columnChanged: false,
                report: LoadReport())
    }

    static func same(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern }
    }

    @Test(arguments: 0..<24)
    func aFileFollowedRowByRowIsTheFileSampledAfresh(_ seed: Int) {
        var g = Generator(state: UInt64(seed) &* 0x9E37_79B9 &+ 7)
        let start: Int64 = 1_704_067_200
        let primaryIntraday = seed % 2 == 0, otherIntraday = seed % 3 != 0, log = seed % 4 == 1
        let primaryAll = Self.series(&g, count: 300, intraday: primaryIntraday, start: start)
        // The other file starts a little later or earlier, and may run ahead of the primary.
        let otherAll = Self.series(&g, count: 260, intraday: otherIntraday, start: start + Int64(g.next() % 40) * 3600)
        var p = 40 + Int(g.next() % 40), o = 30 + Int(g.next() % 40)
        var primary = Self.part(primaryAll, 0..<p)
        var compared = ComparedSeries(Self.part(otherAll, 0..<o), on: primary, slot: 0, file: 1, log: log)
        while p < primaryAll.count || o < otherAll.count {
            if o < otherAll.count && (p == primaryAll.count || g.next() % 2 == 0) {
                let n = min(otherAll.count - o, 1 + Int(g.next() % 5))
                compared.append(Self.rows(otherAll, o..<o + n), on: primary)
                o += n
            } else {
                let n = min(primaryAll.count - p, 1 + Int(g.next() % 5))
                guard case .extended(let from) = primary.append(times: Array(primaryAll.times[p..<p + n]),
                                                               prices: Array(primaryAll.prices[p..<p + n])) else {
                    Issue.record("rows in order did not extend the primary")
                    return
                }
                compared.primaryGrew(to: primary, from: from)
                p += n
            }
            let fresh = ComparedSeries(compared.series, on: primary, slot: 0, file: 1, log: log)
            guard Self.same(compared.sampled.values, fresh.sampled.values), compared.sampled.covered == fresh.sampled.covered,
                  Self.same(compared.index.values, fresh.index.values) else {
                Issue.record("seed \(seed): after \(p) primary and \(o) other rows, the grown file differs from one sampled afresh")
                return
            }
            // The index answers as the fresh one does over ranges that end at the new points.
            let last = primary.count - 1
            for first in [0, last / 2, max(0, last - 7), last] {
                let a = compared.index.minMax(first...last), b = fresh.index.minMax(first...last)
                guard a.min.bitPattern == b.min.bitPattern, a.max.bitPattern == b.max.bitPattern else {
                    Issue.record("seed \(seed): minMax(\(first)...\(last)) \(a) where afresh \(b)")
                    return
                }
            }
        }
        #expect(compared.series.times == otherAll.times && compared.series.prices == otherAll.prices)
    }
}
