import Testing
@testable import TradeChartCore

@Suite("Raster min-max index")
struct MinMaxIndexTests {
    func brute(_ v: [Double], _ r: ClosedRange<Int>) -> (Double, Double) {
        (v[r].min()!, v[r].max()!)
    }

    @Test func everyRangeOfSmallSeries() {
        var rng = SplitMix64(seed: 1)
        for n in [1, 2, 15, 16, 17, 31, 32, 33, 64, 257] {
            let v = (0..<n).map { _ in Double(Int.random(in: -50...50, using: &rng)) / 4 }
            let index = MinMaxIndex(v)
            for lo in 0..<n {
                for hi in lo..<n {
                    let (mn, mx) = index.minMax(lo...hi)
                    #expect(mn == brute(v, lo...hi).0 && mx == brute(v, lo...hi).1, "n \(n) range \(lo)...\(hi)")
                }
            }
        }
    }

    @Test func randomRangesOfLargeSeries() {
        var rng = SplitMix64(seed: 2)
        for n in [4_095, 4_096, 4_097, 65_537, 200_003] {
            var p = 0.0
            let v = (0..<n).map { _ in p += Double.random(in: -1...1, using: &rng); return p }
            let index = MinMaxIndex(v)
            for _ in 0..<300 {
                let lo = Int.random(in: 0..<n, using: &rng)
                let hi = Int.random(in: 0..<4, using: &rng) == 0 ? min(n - 1, lo + Int.random(in: 0...40, using: &rng))
                    : Int.random(in: lo..<n, using: &rng)
                let (mn, mx) = index.minMax(lo...hi)
                let (bmn, bmx) = brute(v, lo...hi)
                #expect(mn == bmn && mx == bmx, "n \(n) range \(lo)...\(hi)")
            }
        }
    }

    /// Appending prices in pieces of any size builds the same pyramid as one build.
    /// Each block's extremes are those of one pass over it in order, keeping a value only when
    /// strictly beyond the one kept: the first of +0 and -0 wins, NaN never does (an
    /// indicator's warm-up), and the NaNs are counted. Values are drawn from few, so ties abound.
    @Test func blockExtremesAreThoseOfOnePassInOrder() {
        var rng = SplitMix64(seed: 3)
        // The last four without NaN: whole blocks of them take the packed comparisons, and the
        // extreme of many is a zero, which they summarize again in order.
        let sets: [[Double]] = [[0.0, -0.0, .nan], [0.0, -0.0, 1, -1, .nan, .infinity, -.infinity, 2.5],
                                [0.0, -0.0, 0.5], [0.0, -0.0, -0.5],
                                // Zeros rare: a block of 16 has none about half the time, so the
                                // level above compares zeros and others in every order.
                                [0.0, -0.0] + Array(repeating: 0.5, count: 45), [0.0, -0.0] + Array(repeating: -0.5, count: 45)]
        for (choices, n) in [(sets[0], 16), (sets[0], 1_000), (sets[1], 17), (sets[1], 33), (sets[1], 1_000),
                             (sets[2], 1_000), (sets[3], 1_000), (sets[4], 20_000), (sets[5], 20_000)] {
            let v = (0..<n).map { _ in choices[Int(rng.next() % UInt64(choices.count))] }
            let index = MinMaxIndex(v)
            guard let first = index.levels.first else { continue }
            for block in 0..<(first.count / 2) {
                var mn = Double.infinity, mx = -Double.infinity
                for x in v[(block * 16)..<min(block * 16 + 16, n)] {
                    if x < mn { mn = x }
                    if x > mx { mx = x }
                }
                #expect(first[2 * block].bitPattern == mn.bitPattern && first[2 * block + 1].bitPattern == mx.bitPattern,
                        "n \(n) block \(block)")
            }
            // Each level above, of the (min, max) pairs below it, the same way.
            for (level, pairs) in index.levels.enumerated().dropFirst() {
                let below = index.levels[level - 1]
                for block in 0..<(pairs.count / 2) {
                    var mn = Double.infinity, mx = -Double.infinity
                    for entry in (block * 16)..<min(block * 16 + 16, below.count / 2) {
                        if below[2 * entry] < mn { mn = below[2 * entry] }
                        if below[2 * entry + 1] > mx { mx = below[2 * entry + 1] }
                    }
                    #expect(pairs[2 * block].bitPattern == mn.bitPattern && pairs[2 * block + 1].bitPattern == mx.bitPattern,
                            "n \(n) level \(level) block \(block)")
                }
            }
            #expect(index.missing == v.filter(\.isNaN).count, "n \(n)")
        }
    }

    @Test func appendingInPiecesEqualsOneBuild() {
        var rng = SplitMix64(seed: 4)
        for n in [1, 15, 16, 17, 255, 256, 257, 4_097, 70_001] {
            var p = 0.0
            let v = (0..<n).map { _ in p += Double.random(in: -1...1, using: &rng); return p }
            var index = MinMaxIndex([])
            var i = 0
            while i < n {
                let piece = min(n - i, [1, 1, 2, 15, 16, 17, 300][Int(rng.next() % 7)])
                index.append(contentsOf: Array(v[i..<i + piece]))
                i += piece
            }
            let fresh = MinMaxIndex(v)
            #expect(index.levels == fresh.levels, "n \(n)")
            #expect(index.values == v)
            for _ in 0..<200 {
                let lo = Int.random(in: 0..<n, using: &rng), hi = Int.random(in: lo..<n, using: &rng)
                #expect(index.minMax(lo...hi) == brute(v, lo...hi), "n \(n) range \(lo)...\(hi)")
            }
        }
    }

    /// The chart's price index (`MinMaxIndex.priceShift`: 64 prices a first-level entry, the
    /// prices at a range's edges compared eight at a time) answers every range as the prices
    /// themselves do, among prices of few values (ties abound), some NaN (never an extreme)
    /// and zeros of both signs.
    @Test func thePriceIndexAnswersAsThePricesDo() {
        var rng = SplitMix64(seed: 7)
        let choices: [Double] = [-2, -0.5, 0, -0.0, 0.25, 3, .nan]
        for n in [7, 8, 63, 64, 65, 127, 128, 129, 1_000, 4_099] {
            let v = (0..<n).map { _ in choices[Int.random(in: 0..<choices.count, using: &rng)] }
            let index = MinMaxIndex(v, firstShift: MinMaxIndex.priceShift)
            for _ in 0..<400 {
                let lo = Int.random(in: 0..<n, using: &rng), hi = Int.random(in: lo..<n, using: &rng)
                let (mn, mx) = index.minMax(lo...hi)
                let kept = v[lo...hi].filter { !$0.isNaN }
                #expect(mn == (kept.min() ?? .infinity) && mx == (kept.max() ?? -.infinity), "n \(n) range \(lo)...\(hi)")
            }
        }
    }

    /// Where the extreme of eight prices or more compared at once is a zero, the first of +0
    /// and -0 is kept, as one pass in order keeps it (the lowest among positive prices, the
    /// highest among negative ones).
    @Test func aZeroExtremeOfEightPricesIsTheFirstZero() {
        for (first, second) in [(0.0, -0.0), (-0.0, 0.0)] {
            for sign in [1.0, -1.0] {
                // Seventeen: sixteen compared packed, one by itself. The first zero at 1 and the
                // second at 8 fall in the lanes a packed comparison would prefer the second's.
                var v = (0..<17).map { sign * Double($0 + 1) }
                v[1] = first
                v[8] = second
                var mn = Double.infinity, mx = -Double.infinity
                v.withUnsafeBufferPointer { MinMaxIndex.widen($0, pairs: false, 0, v.count, &mn, &mx) }
                let zero = sign > 0 ? mn : mx
                #expect(zero.bitPattern == first.bitPattern, "first \(first), then \(second), sign \(sign)")
                #expect((sign > 0 ? mx : mn) == sign * 17)
            }
        }
    }

    /// The chart holds its prices' index beside them for as long as it is open: about a
    /// quarter of a byte a price (2.5 MB for ten million), not a byte.
    @Test func theChartsPriceIndexTakesAQuarterByteAPrice() {
        let n = 1_000_000
        let (scale, index) = ViewerState.scaledIndex((0..<n).map { Double($0 % 1_000) + 1 })
        #expect(scale == .identity)
        #expect(index.count == n)
        #expect(index.summaryBytes <= n * 3 / 10)
        #expect(index.minMax(0...(n - 1)) == (1, 1_000))
    }

    @Test func memoryIsAboutOneBytePerPoint() {
        let n = 1_000_000
        let index = MinMaxIndex(Array(repeating: 1, count: n))
        #expect(index.summaryBytes <= n * 11 / 10)
        #expect(MinMaxIndex([]).count == 0)
        #expect(MinMaxIndex([3]).minMax(0...0) == (3, 3))
    }

    /// A line worked out again where read, here from values kept whole (a test's stand-in for an indicator's replay).
    struct StoredReplay: LineReplay {
        let all: [Double]
        var count: Int { all.count }
        func values(_ rows: Range<Int>, into out: UnsafeMutablePointer<Double>) {
            for (k, i) in rows.enumerated() { out[k] = all[i] }
        }
        func values(runs: [Range<Int>], into out: UnsafeMutablePointer<Double>) {
            var at = 0
            for run in runs {
                values(run, into: out + at)
                at += run.count
            }
        }
    }

    /// A replayed line (an indicator's) taken back grown, as a followed file grows it, by a few
    /// rows at a time, gaps (NaN) and signed zeros among them, inside its last block and past
    /// it: its levels (the first of equal zeros kept) and its count of gaps are those of an index
    /// built from all its values.
    @Test func aReplayedLineGrownInPlaceIsTheLineIndexedWhole() {
        var rng = SplitMix64(seed: 21)
        var all: [Double] = (0..<200).map { Double($0 % 37) + 1 }
        let shift = MinMaxIndex.replayedShift
        var index = MinMaxIndex(replay: StoredReplay(all: all), summary: BlockSummary(all, blockShift: shift))
        while all.count < 2_000 {
            let lent = index.lendReplay()
            for _ in 0..<(1 + Int(rng.next() % 90)) {
                let r = rng.next() % 10
                all.append(r == 0 ? .nan : r == 1 ? -0.0 : r == 2 ? 0.0 : Double(Int(rng.next() % 1_000)) / 8 + 1)
            }
            index.adopt(replay: StoredReplay(all: all), lent: lent)
            let whole = MinMaxIndex(all, firstShift: shift)
            #expect(index.levels.map { $0.map(\.bitPattern) } == whole.levels.map { $0.map(\.bitPattern) }, "\(all.count) rows")
            #expect(index.missing == whole.missing, "\(all.count) rows")
        }
    }
}
