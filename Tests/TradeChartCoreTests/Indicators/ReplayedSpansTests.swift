import Testing
@testable import TradeChartCore

/// A frame reads a replayed indicator line (`MinMaxIndex` over a `LineReplay`) at every
/// column's edges at once (`RowValues`, `ColumnSpans`): the spans it works out are those of
/// an index over the line's whole column, bit for bit, under x maps that put many points in
/// a column, a few, fewer than one, mirrored ones and ones reaching past either end; and
/// values asked for as scattered runs are those of the column.
@Suite("Replayed indicator lines read a frame's rows at once")
struct ReplayedSpansTests {
    static func maps(count: Int, rng: inout SplitMix64) -> [(points: ClosedRange<Int>, x: AffineMap, width: Int)] {
        var out: [(points: ClosedRange<Int>, x: AffineMap, width: Int)] = []
        for _ in 0..<12 {
            let a = Int(rng.next() % UInt64(count)), b = Int(rng.next() % UInt64(count))
            let first = min(a, b), last = max(a, b)
            let width = 20 + Int(rng.next() % 400)
            var scale = Double(width) / Double(max(last - first, 1)) * [1, 0.7, 1.3, 5][Int(rng.next() % 4)]
            var offset = -Double(first) * scale + Double(rng.next() % 9) - 4
            if rng.next() % 4 == 0 {
                // Mirrored: the last point on the left.
                scale = -scale
                offset = Double(last) * -scale + Double(rng.next() % 9) - 4
            }
            out.append((first...last, AffineMap(scale: scale, offset: offset), width))
        }
        return out
    }

    @Test(arguments: [700, 5_000, 40_000])
    func spansOfReplayedLinesAreThoseOfTheirColumns(count: Int) throws {
        let walk = IndicatorIncrementalTests.Walk(count: count, seed: UInt64(count) &* 13 &+ 5)
        let series = PriceSeries(name: "walk.csv", times: walk.times, prices: walk.close, hasTimeOfDay: true)
        let bars = BarColumns(count: count, open: nil, high: walk.high, low: walk.low, volume: walk.volume)
        var rng = SplitMix64(seed: UInt64(count))
        for choice in CheckpointedLineTests.choices {
            guard choice != .vwap || walk.volume.contains(where: { $0 > 0 }) else { continue }
            var line = try IndicatorLine(choice, series: series, seriesContents: MinMaxIndex([]).contents, bars: bars)
            line.plot(scale: .identity, log: false)
            for k in line.plotted.indices {
                let replayed = line.plotted[k], whole = MinMaxIndex(replayed.allValues)
                #expect(replayed.isReplayed && !whole.isReplayed)
                for map in Self.maps(count: count, rng: &rng) {
                    let got = ColumnSpans(replayed, points: map.points, x: map.x, width: map.width)
                    let want = ColumnSpans(whole, points: map.points, x: map.x, width: map.width)
                    #expect(ColumnSpansReuseTests.columns(got).map { $0.map(\.bitPattern) }
                                == ColumnSpansReuseTests.columns(want).map { $0.map(\.bitPattern) },
                            "\(choice.title) line \(k) of \(count), points \(map.points), x \(map.x), width \(map.width)")
                }
                // Scattered runs, overlapping and out of order, read back a row at a time in any order.
                var wanted: [Range<Int>] = []
                for _ in 0..<30 {
                    let a = Int(rng.next() % UInt64(count))
                    wanted.append(a..<min(count, a + 1 + Int(rng.next() % 40)))
                }
                var read = RowValues(replayed, wanted: wanted)
                for run in wanted.shuffled(using: &rng) {
                    for i in run.reversed() {
                        #expect(read.value(i).bitPattern == whole.values[i].bitPattern, "\(choice.title) line \(k) at \(i)")
                    }
                }
            }
        }
    }

    /// A followed file's look: the line grows by a few rows under a held x map, and the spans
    /// kept from before take the columns the new rows do not reach (copied, not replayed
    /// again), bit for bit those worked out afresh over the whole column. Before 27 Nov a
    /// replayed line's spans were worked out afresh at every look (all seven indicators on a
    /// followed million rows: about 13M instructions a look, 3.6M since).
    @Test func spansOfAFollowedLineKeepTheColumnsTheNewRowsDoNotReach() throws {
        let total = 6_000, width = 200
        let walk = IndicatorIncrementalTests.Walk(count: total, seed: 77)
        func series(_ n: Int) -> PriceSeries {
            PriceSeries(name: "walk.csv", times: Array(walk.times[..<n]), prices: Array(walk.close[..<n]), hasTimeOfDay: true)
        }
        func bars(_ n: Int) -> BarColumns {
            BarColumns(count: n, open: nil, high: Array(walk.high[..<n]), low: Array(walk.low[..<n]),
                       volume: Array(walk.volume[..<n]))
        }
        // The map a followed chart holds while its ends stay in their columns.
        let x = AffineMap(mapping: 0, to: 0.5, and: Double(total - 1), to: Double(width) - 0.5)
        for choice in CheckpointedLineTests.choices {
            var n = 5_000
            var line = try IndicatorLine(choice, series: series(n), seriesContents: MinMaxIndex([]).contents, bars: bars(n))
            line.plot(scale: .identity, log: false)
            #expect(line.plotted.allSatisfy { $0.isReplayed })
            var kept = line.plotted.map { ColumnSpans($0, points: 0...(n - 1), x: x, width: width) }
            // The same spans grown in place (`regrow`, as the still frame's are kept).
            var regrown = kept
            var copied = 0
            while n + 7 <= total {
                n += 1 + n % 7
                line.extend(series: series(n), seriesContents: MinMaxIndex([]).contents, bars: bars(n))
                line.plot(scale: .identity, log: false)
                for k in line.plotted.indices {
                    let spans = ColumnSpans(line.plotted[k], points: 0...(n - 1), x: x, width: width, reusing: kept[k])
                    let fresh = ColumnSpans(MinMaxIndex(line.plotted[k].allValues), points: 0...(n - 1), x: x, width: width)
                    #expect(ColumnSpansReuseTests.columns(spans).map { $0.map(\.bitPattern) }
                                == ColumnSpansReuseTests.columns(fresh).map { $0.map(\.bitPattern) }, "\(choice.title) line \(k) at \(n)")
                    copied += spans.copiedColumns
                    kept[k] = spans
                    let grew = regrown[k].regrow(line.plotted[k], points: 0...(n - 1))
                    #expect(grew, "\(choice.title) line \(k) at \(n) grown in place")
                    #expect(ColumnSpansReuseTests.columns(regrown[k]).map { $0.map(\.bitPattern) }
                                == ColumnSpansReuseTests.columns(fresh).map { $0.map(\.bitPattern) },
                            "\(choice.title) line \(k) at \(n), grown in place")
                }
            }
            #expect(copied > 100 * line.plotted.count, "\(choice.title): \(copied) columns copied")
        }
    }
}
