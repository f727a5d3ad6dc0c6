import Testing
@testable import TradeChartCore

/// The chart's stochastic works the highest high and lowest low of a run of rows out from the
/// input columns (`BarWindowExtremes`) and its averages in runs of a full window
/// (`WindowMoments.Feed.addForMeanFull(run:count:means:)`): against `WindowExtreme` fed one
/// value at a time and the window searched directly, against `addForMeanFull` one value at a
/// time, and the chart's steps against the `Stochastic` type (its whole columns against its
/// bars appended one at a time), bit for bit, on bars with ties
/// of 0 and -0, flat runs (a range of 0), NaN highs, lows and closes, and windows of NaN
/// alone, for runs that start anywhere in a block, cross blocks and chunks, or are shorter
/// than a window.
@Suite("Stochastic steps worked out from the inputs")
struct StochasticStepsTests {
    /// Bars whose prices come from a few values (ties everywhere, 0 and -0 among them), with
    /// NaN highs and lows, NaN closes, flat runs and runs of rows that are NaN throughout.
    struct Bars {
        var high: [Double] = [], low: [Double] = [], close: [Double] = []

        init(count: Int, seed: UInt64) {
            var rng = SplitMix64(seed: seed)
            let prices: [Double] = [-1, -0.0, 0.0, 0.5, 1, 2]
            var i = 0
            while i < count {
                let roll = rng.next() % 40
                if roll == 0 {
                    // A run of rows with nothing but NaN, sometimes longer than a window.
                    for _ in 0..<min(count - i, 1 + Int(rng.next() % 40)) {
                        high.append(.nan); low.append(.nan); close.append(.nan)
                        i += 1
                    }
                    continue
                }
                let c = prices[Int(rng.next() % 6)]
                let flat = roll == 1
                let h = flat ? c : rng.next() % 13 == 0 ? .nan : max(c, prices[Int(rng.next() % 6)])
                let l = flat ? c : rng.next() % 11 == 0 ? .nan : min(c, prices[Int(rng.next() % 6)])
                high.append(h)
                low.append(l)
                close.append(rng.next() % 17 == 0 ? .nan : c)
                i += 1
            }
        }
    }

    @Test(arguments: [1, 2, 3, 5, 14, 37])
    func extremesOfARunAreThoseOfTheWindowFedOneBarAtATime(bars: Int) {
        let count = 1_300
        let b = Bars(count: count, seed: UInt64(bars) * 7 + 1)
        var highest = WindowExtreme(bars: bars, highest: true), lowest = WindowExtreme(bars: bars, highest: false)
        let fed: [(Double, Double)] = (0..<count).map { i in
            let bar = HighLowClose(high: b.high[i], low: b.low[i], close: b.close[i])
            return (highest.feeding { $0.add(bar.high) }, lowest.feeding { $0.add(bar.low) })
        }
        var rng = SplitMix64(seed: UInt64(bars))
        // Runs from every kind of start: a block's first row, its last, the middle, row 0; some short, some long.
        var starts = [0, 1, bars - 1, bars, bars + 1, 2 * bars - 1, 513, count - 1]
        for _ in 0..<40 { starts.append(Int(rng.next() % UInt64(count))) }
        b.high.withUnsafeBufferPointer { high in
            b.low.withUnsafeBufferPointer { low in
                b.close.withUnsafeBufferPointer { close in
                    for start in starts where start < count {
                        let end = min(count, start + 1 + Int(rng.next() % UInt64(rng.next() % 2 == 0 ? bars + 2 : 600)))
                        let runs = end - start
                        var got: [(Int, Double, Double)] = []
                        withUnsafeTemporaryAllocation(of: SIMD2<Double>.self,
                                                      capacity: BarWindowExtremes.scratchCount(rows: runs, bars: bars)) {
                            BarWindowExtremes.forEach(bars: bars, start..<end, high: high, low: low, close: close,
                                                      scratch: $0.baseAddress!) { got.append(($0, $1, $2)) }
                        }
                        #expect(got.map(\.0) == Array(start..<end), "rows of \(start)..<\(end)")
                        for (i, top, bottom) in got {
                            let name = "row \(i) of \(start)..<\(end), \(bars) bars"
                            #expect(top.bitPattern == fed[i].0.bitPattern && bottom.bitPattern == fed[i].1.bitPattern, "\(name)")
                            // The window searched directly: a left-out high or low is the close; NaN never wins.
                            let window = max(0, i - bars + 1)...i
                            let highs = window.map { high[$0].isNaN ? close[$0] : high[$0] }.filter { !$0.isNaN }
                            let lows = window.map { low[$0].isNaN ? close[$0] : low[$0] }.filter { !$0.isNaN }
                            #expect(top == (highs.max() ?? -.infinity) && bottom == (lows.min() ?? .infinity), "\(name)")
                        }
                    }
                }
            }
        }
    }

    /// Windows summed afresh (up to `WindowMoments.summedAfresh` bars) and with running sums (9, 14).
    @Test(arguments: [1, 2, 3, 5, 8, 9, 14])
    func aRunOfMeansIsThatOfTheValuesOneAtATime(bars: Int) {
        var rng = SplitMix64(seed: UInt64(bars) + 40)
        let pool: [Double] = [-0.0, 0.0, 1, 1e16, -3.5, .infinity, .nan, 7]
        let values = (0..<900).map { _ in pool[Int(rng.next() % 8)] + Double(rng.next() % 1000) / 64 }
        // Full windows from every slot: the run starts after `bars`, then `bars + 1`, ... values.
        for warm in bars..<(3 * bars + 1) {
            var one = WindowMoments(bars: bars), run = WindowMoments(bars: bars)
            for x in values[..<warm] {
                _ = one.feeding { $0.addForMean(x) }
                _ = run.feeding { $0.addForMean(x) }
            }
            var pieces: [[Double]] = []
            var start = warm
            while start < values.count {
                let end = min(values.count, start + 1 + Int(rng.next() % 100))
                pieces.append(Array(values[start..<end]))
                start = end
            }
            var byOne: [UInt64] = [], byRun: [UInt64] = []
            for piece in pieces {
                for x in piece { byOne.append(one.feeding { $0.addForMeanFull(x) }.bitPattern) }
                var scratch = [Double](repeating: 0, count: bars) + piece
                var means = [Double](repeating: 0, count: piece.count)
                scratch.withUnsafeMutableBufferPointer { s in
                    means.withUnsafeMutableBufferPointer { m in
                        run.feeding { $0.addForMeanFull(run: s.baseAddress!, count: piece.count, means: m.baseAddress!) }
                    }
                }
                byRun += means.map(\.bitPattern)
            }
            // Bit for bit but for which NaN a NaN is (the stochastic writes its own for those).
            let first = byRun.indices.first { $0 >= byOne.count || Self.canonical(byRun[$0]) != Self.canonical(byOne[$0]) }
            #expect(byRun.count == byOne.count && first == nil, "\(bars) bars after \(warm) values: mean \(first ?? -1)")
            #expect([run.sums.seen, run.sums.slot] == [one.sums.seen, one.sums.slot]
                    && Self.canonical(run.sums.sum.bitPattern) == Self.canonical(one.sums.sum.bitPattern)
                    && run.sums.shift.bitPattern == one.sums.shift.bitPattern
                    && Self.window(run).map(Self.canonical) == Self.window(one).map(Self.canonical),
                    "\(bars) bars after \(warm) values: the window and sums")
        }
    }

    /// The bit pattern `bits`, every NaN's the same.
    static func canonical(_ bits: UInt64) -> UInt64 {
        Double(bitPattern: bits).isNaN ? Double.nan.bitPattern : bits
    }

    /// The bit patterns of the values in `moments`' window, oldest first.
    static func window(_ moments: WindowMoments) -> [UInt64] {
        var values = [Double](repeating: 0, count: moments.bars)
        values.withUnsafeMutableBufferPointer { moments.copyWindow(to: $0.baseAddress!) }
        return values.map(\.bitPattern)
    }

    @Test(arguments: [[1, 1, 1], [2, 1, 3], [3, 3, 3], [14, 3, 3], [5, 4, 2], [37, 3, 3], [9, 5, 4]])
    func theChartsStepsGiveTheTypesValues(parameters: [Int]) {
        let (n, k, d) = (parameters[0], parameters[1], parameters[2])
        for count in [n - 1, 700] where count > 0 {
            let b = Bars(count: count, seed: UInt64(n * 100 + k * 10 + d + count))
            let whole = Stochastic(bars: n, kBars: k, dBars: d, high: b.high, low: b.low, close: b.close)
            let name = "\(n),\(k),\(d) over \(count)"
            // The type's whole columns are those of its bars taken one at a time (no run of them).
            var byRow = Stochastic(bars: n, kBars: k, dBars: d, high: [], low: [], close: [])
            for i in 0..<count { byRow.append(HighLowClose(high: b.high[i], low: b.low[i], close: b.close[i])) }
            let wrongK = (0..<count).first { whole.k[$0].bitPattern != byRow.k[$0].bitPattern }
            let wrongD = (0..<count).first { whole.d[$0].bitPattern != byRow.d[$0].bitPattern }
            #expect(wrongK == nil && wrongD == nil, "\(name) whole and bar by bar, rows \(wrongK ?? -1), \(wrongD ?? -1)")
            let inputs = IndicatorInputs(close: b.close, high: b.high, low: b.low)
            // Run by pieces of any length (across blocks and the steps' chunks) from row 0.
            var rng = SplitMix64(seed: UInt64(count + n))
            var steps = StochasticSteps(bars: n, kBars: k, dBars: d)
            var pieceK: [Double] = [], pieceD: [Double] = []
            var start = 0
            inputs.reading { columns in
                while start < count {
                    let end = min(count, start + 1 + Int(rng.next() % (rng.next() % 3 == 0 ? 1_200 : 70)))
                    var out = [Double](repeating: 0, count: 2 * (end - start))
                    out.withUnsafeMutableBufferPointer { steps.run(start..<end, columns, $0.baseAddress!, stride: end - start) }
                    pieceK += out[..<(end - start)]
                    pieceD += out[(end - start)...]
                    start = end
                }
            }
            let firstK = pieceK.indices.first { pieceK[$0].bitPattern != whole.k[$0].bitPattern }
            let firstD = pieceD.indices.first { pieceD[$0].bitPattern != whole.d[$0].bitPattern }
            #expect(pieceK.count == count && firstK == nil, "%K of \(name) by pieces, row \(firstK ?? -1)")
            #expect(pieceD.count == count && firstD == nil, "%D of \(name) by pieces, row \(firstD ?? -1)")
            // The chart's pass, and its values worked out again from the checkpoints.
            var summaries: [BlockSummary] = []
            let line = CheckpointedIndicator(StochasticSteps(bars: n, kBars: k, dBars: d), inputs: inputs, summaries: &summaries)
            for (output, column) in [whole.k, whole.d].enumerated() {
                for _ in 0..<30 {
                    let a = Int(rng.next() % UInt64(count)), e = min(count, a + 1 + Int(rng.next() % 300))
                    var out = [Double](repeating: 0, count: e - a)
                    out.withUnsafeMutableBufferPointer { line.values(output: output, a..<e, into: $0.baseAddress!) }
                    let wrong = (a..<e).first { out[$0 - a].bitPattern != column[$0].bitPattern }
                    #expect(wrong == nil, "output \(output) of \(name) over \(a)..<\(e), row \(wrong ?? -1)")
                }
            }
            // The walk has every case in it (a test of nothing otherwise).
            if count == 700 {
                #expect((k > 1 || whole.k.contains { $0 == 0 }) && whole.k.contains { $0 > 0 } && whole.k.dropFirst(n + k + d).contains { $0.isNaN },
                        "\(name)")
            }
        }
    }

    /// A close far outside a tiny range (bad data) makes a fast %K infinite; %K of +infinity and
    /// -infinity in one %D window make that %D NaN while the %K are numbers: the row is blank
    /// (both NaN) whole as bar by bar, also where a run has no NaN %K at all.
    @Test func anInfiniteFastKBlanksTheRowWholeAsBarByBar() {
        var high: [Double] = [], low: [Double] = [], close: [Double] = []
        for i in 0..<120 {
            // Rows 5...12 of every 29 have a range of 1e-10; at 7 the close is far above it, at 10 far below.
            let tiny = (5...12).contains(i % 29)
            high.append(tiny ? 1e-10 : 2 + Double(i % 5))
            low.append(tiny ? 0 : 1)
            close.append(i % 29 == 7 ? 1e300 : i % 29 == 10 ? -1e300 : tiny ? 5e-11 : 1.5 + Double(i % 3) * 0.25)
        }
        let whole = Stochastic(bars: 3, kBars: 3, dBars: 3, high: high, low: low, close: close)
        var byRow = Stochastic(bars: 3, kBars: 3, dBars: 3, high: [], low: [], close: [])
        for i in 0..<close.count { byRow.append(HighLowClose(high: high[i], low: low[i], close: close[i])) }
        let wrong = (0..<close.count).first {
            whole.k[$0].bitPattern != byRow.k[$0].bitPattern || whole.d[$0].bitPattern != byRow.d[$0].bitPattern
        }
        #expect(wrong == nil, "row \(wrong ?? -1)")
        // The case is there: a %D NaN beside numbers after the warm-up, and its %K blanked with it.
        #expect(whole.k.contains(.infinity) && whole.k.contains(-.infinity))
        let blank = (4..<close.count).filter { whole.d[$0].isNaN }
        #expect(!blank.isEmpty && blank.allSatisfy { whole.k[$0].isNaN })
    }
}

extension BarWindowExtremes {
    /// Hands `body` each row of `rows` (in order) with the highest high and the lowest low of the
    /// `bars` bars up to it: the extremes `fastK` divides by, read from the windows' pairs.
    static func forEach(bars: Int, _ rows: Range<Int>, high: UnsafeBufferPointer<Double>,
                        low: UnsafeBufferPointer<Double>, close: UnsafeBufferPointer<Double>,
                        scratch: UnsafeMutablePointer<SIMD2<Double>>,
                        _ body: (_ row: Int, _ highest: Double, _ lowest: Double) -> Void) {
        guard !rows.isEmpty else { return }
        let offset = windows(bars: bars, rows, high: high, low: low, close: close, scratch: scratch)
        for r in 0..<rows.count {
            let a = scratch[r], b = scratch[r + offset]
            let extreme = a.replacing(with: b, where: b .> a)
            body(rows.lowerBound + r, extreme.x, -extreme.y)
        }
    }
}
