import CKernels
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TradeChartCore

/// The packed kernels of CKernels: the min-max index's whole blocks (`tc_extremes`), the
/// stochastic's bars (`tc_bar_pairs`), windows (`tc_window_pairs`), fast %K (`tc_fast_k`) and
/// test for a NaN (`tc_has_nan`), VWAP's sums and values (`tc_vwap_sums`, `tc_vwap_values`),
/// RSI's steps and values (`tc_rsi`, `tc_rsi_indexes`), each both ways it is built: two values a comparison (any
/// x86-64, what `make test` builds) and four (AVX or AVX2, what `make build` makes on a
/// processor that has it; the tests call it directly where this one has it). A block whose extremes are not zero and that holds no NaN gets those of one pass
/// in order, bit for bit; a block with a NaN gets a NaN sum, so the index looks again.
#if arch(x86_64)
@Suite("Packed kernels")
struct PackedKernelTests {
    typealias Kernel = (UnsafePointer<Double>, Int, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>,
                        UnsafeMutablePointer<Double>) -> Void

    /// Whether this processor has AVX (the kernels of four values a comparison run only
    /// there), and AVX2 (the fast %K's).
    static let hasAVX = cpuFlags.contains("avx")
    static let hasAVX2 = cpuFlags.contains("avx2")

    /// The flags /proc/cpuinfo lists for this processor.
    static let cpuFlags: Set<Substring> = {
        guard let file = fopen("/proc/cpuinfo", "r") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
        while case let n = fread(&chunk, 1, chunk.count, file), n > 0 { bytes += chunk[0..<n] }
        let flags = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("flags") }
        return Set(flags?.split(separator: " ") ?? [])
    }()

    func check(_ kernel: Kernel, _ name: String) {
        var rng = SplitMix64(seed: 25)
        let sets: [[Double]] = [[1, 2, 3, -4.5, 7, 1e300, -1e-300], [0.0, -0.0, 1, -1],
                                [1, 2, .nan, 3], [.infinity, -3, 2], [-.infinity, 5, 6, .nan], [0.25, 0.5, -0.0]]
        for trial in 0..<3_000 {
            let choices = sets[trial % sets.count]
            let count = 8 * (1 + Int(rng.next() % 8))
            let v = (0..<count).map { _ in choices[Int(rng.next() % UInt64(choices.count))] * (trial % 2 == 0 ? 1 : -1) }
            var mn = 0.0, mx = 0.0, sum = 0.0
            v.withUnsafeBufferPointer { kernel($0.baseAddress!, count, &mn, &mx, &sum) }
            var inOrderLow = Double.infinity, inOrderHigh = -Double.infinity
            for x in v {
                if x < inOrderLow { inOrderLow = x }
                if x > inOrderHigh { inOrderHigh = x }
            }
            if v.contains(where: \.isNaN) {
                #expect(sum.isNaN, "\(name): a block with a NaN has a NaN sum: \(v)")
                continue
            }
            if inOrderLow != 0 {
                #expect(mn.bitPattern == inOrderLow.bitPattern, "\(name): lowest of \(v)")
            }
            if inOrderHigh != 0 {
                #expect(mx.bitPattern == inOrderHigh.bitPattern, "\(name): highest of \(v)")
            }
        }
    }

    typealias PairKernel = (UnsafePointer<Double>, UnsafePointer<Double>, UnsafePointer<Double>, Int,
                            UnsafeMutablePointer<Double>) -> Void

    /// The stochastic's bars as its windows read them (`tc_bar_pairs`): (high, -low) a bar, a
    /// left-out high or low taken as the close, a zero as +0 and a NaN as -infinity, for any
    /// count (the rows past the last packed group one at a time), bit for bit as one bar at a
    /// time would give them.
    func checkPairs(_ kernel: PairKernel, _ name: String) {
        var rng = SplitMix64(seed: 26)
        let choices: [Double] = [101.5, 99.25, .nan, 0, -0.0, 100, .infinity]
        for count in [1, 2, 3, 4, 5, 7, 8, 9, 31, 64, 65] {
            let high = (0..<count).map { _ in choices[Int(rng.next() % 7)] }
            let low = (0..<count).map { _ in choices[Int(rng.next() % 7)] }
            let close = (0..<count).map { _ in choices[Int(rng.next() % 6)] }
            var pairs = [Double](repeating: 7, count: 2 * count + 2)
            pairs.withUnsafeMutableBufferPointer { kernel(high, low, close, count, $0.baseAddress!) }
            func signed(_ x: Double) -> Double { x.isNaN ? -.infinity : x == 0 ? 0.0 : x }
            for i in 0..<count {
                let top = signed(high[i].isNaN ? close[i] : high[i]), bottom = signed(-(low[i].isNaN ? close[i] : low[i]))
                #expect(pairs[2 * i].bitPattern == top.bitPattern && pairs[2 * i + 1].bitPattern == bottom.bitPattern,
                        "\(name): bar \(i) of \(count): \(high[i]), \(low[i]), \(close[i]) gave \(pairs[2 * i]), \(pairs[2 * i + 1])")
            }
            #expect(pairs[2 * count] == 7 && pairs[2 * count + 1] == 7, "\(name): nothing written past \(count) bars")
        }
    }

    /// VWAP's sums (`tc_vwap_sums`) taken in runs of any length, the session carried from one
    /// to the next, against `VolumeWeightedAverage.Step.add` a bar at a time, bit for bit: times
    /// before 1970 and at the first and last second of a day, a day that comes back after
    /// another, volumes left out, zero, negative or infinite, NaN highs, lows and closes. Then
    /// their values (`tc_vwap_values`, one row a division and four), a NaN until a session
    /// traded, the line holding the value before over a NaN.
    func checkVWAP(_ values: (UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>, Int, Double) -> Double,
                   _ name: String) {
        var rng = SplitMix64(seed: 29)
        let day: Int64 = 86_400
        for trial in 0..<60 {
            let count = 1 + Int(rng.next() % 300)
            var time = Int64(rng.next() % 5) * day - 3 * day + Int64(rng.next() % UInt64(day))
            var times: [Int64] = [], high: [Double] = [], low: [Double] = [], close: [Double] = [], volume: [Double] = []
            for _ in 0..<count {
                switch rng.next() % 12 {
                case 0: time = (time / day + 1) * day - 1  // the day's last second
                case 1: time = (time / day + 1) * day  // the next day's first
                case 2: time -= day  // a day that comes back
                default: time += Int64(rng.next() % 4000)
                }
                times.append(time)
                let c = rng.next() % 29 == 0 ? Double.nan : 100 + Double(rng.next() % 1000) / 8
                close.append(c)
                high.append(rng.next() % 13 == 0 ? .nan : c + 1)
                low.append(rng.next() % 11 == 0 ? .nan : c - 1)
                let volumes: [Double] = [.nan, 0, -5, .infinity, 0.5]
                volume.append(rng.next() % 9 == 0 ? volumes[Int(rng.next() % 5)] : Double(rng.next() % 5000))
            }
            var step = VolumeWeightedAverage.Step()
            var wantSums: [UInt64] = [], wantVolumes: [UInt64] = [], wantValues: [UInt64] = [], wantLine: [UInt64] = []
            var held = Double.nan
            for i in 0..<count {
                step.add(day: LocalTime.dayNumber(times[i]), HighLowClose(high: high[i], low: low[i], close: close[i]),
                         volume: volume[i])
                wantSums.append(step.priceVolume.bitPattern)
                wantVolumes.append(step.volume.bitPattern)
                let v = VolumeWeightedAverage.Step.value(priceVolume: step.priceVolume, volume: step.volume)
                if !v.isNaN { held = v }
                wantValues.append(v.bitPattern)
                wantLine.append(held.bitPattern)
            }
            var sums = [Double](repeating: 7, count: count + 1), volumes = [Double](repeating: 7, count: count + 1)
            var session = tc_vwap_session(day: Int64.min, priceVolume: 0, volume: 0)
            var start = 0, drawn = Double.nan
            while start < count {
                let end = min(count, start + 1 + Int(rng.next() % (trial % 2 == 0 ? 9 : 200)))
                tc_vwap_sums(Array(times[start..<end]), Array(high[start..<end]), Array(low[start..<end]),
                             Array(close[start..<end]), Array(volume[start..<end]), end - start, day, &session,
                             &sums[start], &volumes[start])
                start = end
            }
            #expect(Array(sums.prefix(count).map(\.bitPattern)) == wantSums, "\(name): sums of \(count) bars")
            #expect(Array(volumes.prefix(count).map(\.bitPattern)) == wantVolumes, "\(name): volumes of \(count) bars")
            start = 0
            while start < count {
                let end = min(count, start + 1 + Int(rng.next() % 40))
                drawn = sums.withUnsafeMutableBufferPointer { s in
                    volumes.withUnsafeMutableBufferPointer { v in
                        values(s.baseAddress! + start, v.baseAddress! + start, end - start, drawn)
                    }
                }
                start = end
            }
            #expect(Array(volumes.prefix(count).map(\.bitPattern)) == wantValues, "\(name): values of \(count) bars")
            #expect(Array(sums.prefix(count).map(\.bitPattern)) == wantLine, "\(name): line of \(count) bars")
            #expect(drawn.bitPattern == held.bitPattern && sums[count] == 7 && volumes[count] == 7, "\(name): held, past the end")
        }
    }

    @Test func vwapOneRowADivision() {
        checkVWAP({ tc_vwap_values_from(0, $0, $1, $2, $3) }, "one")
    }

    @Test(.enabled(if: hasAVX, "the processor has no AVX")) func vwapFourRowsADivision() {
        checkVWAP(tc_vwap_values_avx, "AVX")
    }

    /// RSI's steps once seeded (`tc_rsi`: the gain and the loss as the lanes of one packed
    /// step) against `RelativeStrength.Step.next` a close at a time, bit for bit, over runs of
    /// any length around its pieces of 64 rows, with flat runs (no change: an RSI of 0 once both
    /// averages are nil), changes of -0 and a NaN close (which leaves the averages NaN). Then
    /// the RSI of (gain, loss) pairs, one row a division and four (`tc_rsi_indexes_avx2`):
    /// NaN gains, sums within 1e-8 of 0 and just outside it, infinite averages.
    @Test func rsiStepsAreThoseOfTheStep() {
        var rng = SplitMix64(seed: 30)
        for trial in 0..<40 {
            let count = 1 + Int(rng.next() % 300)
            var close: [Double] = []
            var p = 100.0
            for _ in 0..<count {
                switch rng.next() % 10 {
                case 0: break  // flat
                case 1: p = 0
                case 2: p = -0.0  // after a 0, a change of -0
                default: p += Double(Int(rng.next() % 200) - 100) / 16
                }
                close.append(p)
            }
            if trial % 5 == 4 { close[Int(rng.next() % UInt64(count))] = .nan }
            var step = RelativeStrength.Step(gains: Smoothing.wilder(bars: 3, paired: false),
                                             losses: Smoothing.wilder(bars: 3, paired: false))
            let seed = [100.0, 101, 99.5, 102]
            for (r, x) in seed.enumerated() { _ = step.next(x, row: r) }
            let start = step
            let want = close.enumerated().map { step.next($1, row: seed.count + $0).bitPattern }
            var previous = start.previous, gain = start.gains.anchor, loss = start.losses.anchor
            var got = [Double](repeating: 7, count: count + 1)
            var at = 0
            while at < count {
                let end = min(count, at + 1 + Int(rng.next() % 150))
                got.withUnsafeMutableBufferPointer { out in
                    tc_rsi(Array(close[at..<end]), end - at, &previous, &gain, &loss, start.gains.keep, start.gains.weight,
                           start.losses.keep, start.losses.weight, out.baseAddress! + at)
                }
                at = end
            }
            #expect(got.prefix(count).map(\.bitPattern) == want && got[count] == 7, "RSI of \(count) closes")
            #expect(gain.bitPattern == step.gains.anchor.bitPattern && loss.bitPattern == step.losses.anchor.bitPattern
                    && previous.bitPattern == step.previous.bitPattern, "the state after \(count) closes")
        }
    }

    func checkRSIIndexes(_ kernel: (UnsafePointer<Double>, Int, UnsafeMutablePointer<Double>) -> Void, _ name: String) {
        var rng = SplitMix64(seed: 31)
        let values: [Double] = [.nan, 0, -0.0, 4e-9, 6e-9, 1e-8, 2e-8, -5e-9, 0.5, 3, .infinity]
        for count in [1, 2, 3, 4, 5, 7, 8, 9, 17, 64] {
            let pairs = (0..<2 * count).map { _ in values[Int(rng.next() % UInt64(values.count))] }
            var out = [Double](repeating: 7, count: count + 1)
            out.withUnsafeMutableBufferPointer { kernel(pairs, count, $0.baseAddress!) }
            for r in 0..<count {
                let want = RelativeStrength.Step.index(gain: pairs[2 * r], loss: pairs[2 * r + 1])
                #expect(out[r].bitPattern == want.bitPattern, "\(name): RSI of \(pairs[2 * r]), \(pairs[2 * r + 1]): \(out[r])")
            }
            #expect(out[count] == 7, "\(name): nothing written past \(count) rows")
        }
    }

    @Test func rsiOneRowADivision() {
        checkRSIIndexes({ tc_rsi_indexes_from(0, $0, $1, $2) }, "one")
    }

    @Test(.enabled(if: hasAVX2, "the processor has no AVX2")) func rsiFourRowsADivision() {
        checkRSIIndexes(tc_rsi_indexes_avx2, "AVX2")
    }

    typealias WindowKernel = (UnsafeMutablePointer<Double>, Int, Int) -> Int

    /// The windows' extremes by doubling spans (`tc_window_pairs`), then the fast %K from them
    /// (`tc_fast_k`, whose packed version needs AVX2): for windows of 1 to 37 bars and runs of
    /// any length, each row's extremes the largest of its window's pairs searched directly, its
    /// fast %K `Stochastic.fastK` of them, bit for bit, with ties, flat windows (a range of
    /// 0, a %K of 0), infinite prices (an infinite range) and windows of -infinity alone.
    func checkWindows(_ windows: WindowKernel, fastK: FastKKernel?, _ name: String) {
        var rng = SplitMix64(seed: 28)
        let values: [Double] = [-.infinity, -2, -1, 0, 0.5, 1, 3, .infinity]
        for bars in [1, 2, 3, 4, 5, 7, 8, 9, 14, 16, 37] {
            for count in [1, 2, 3, 4, 5, 6, 7, 9, 31, 64] {
                let length = count + bars - 1
                let pairs = (0..<2 * length).map { _ in rng.next() % 9 == 0 ? -Double.infinity : values[Int(rng.next() % 8)] }
                let close = (0..<count).map { _ in rng.next() % 11 == 0 ? Double.nan : values[1 + Int(rng.next() % 6)] }
                var worked = pairs + [7, 7]
                let span = worked.withUnsafeMutableBufferPointer { windows($0.baseAddress!, length, bars) }
                #expect(span <= bars && 2 * span > bars, "\(name): \(bars) bars doubled to \(span)")
                var fast = [Double](repeating: 7, count: count + 1)
                if let fastK {
                    worked.withUnsafeBufferPointer { p in
                        fast.withUnsafeMutableBufferPointer { fastK(p.baseAddress!, count, bars - span, close, $0.baseAddress!) }
                    }
                    #expect(fast[count] == 7, "\(name): nothing written past \(count) bars")
                }
                for r in 0..<count {
                    let window = r..<(r + bars)
                    let top = window.map { pairs[2 * $0] }.max()!, negatedBottom = window.map { pairs[2 * $0 + 1] }.max()!
                    let a = 2 * r, b = 2 * (r + bars - span)
                    #expect(max(worked[a], worked[b]) == top && max(worked[a + 1], worked[b + 1]) == negatedBottom,
                            "\(name): window of \(bars) at \(r) of \(count)")
                    guard fastK != nil else { continue }
                    let want = Stochastic.fastK(close: close[r], highest: top, lowest: -negatedBottom)
                    #expect(fast[r].bitPattern == want.bitPattern,
                            "\(name): fast %K of \(close[r]) in \(top), \(-negatedBottom) of \(bars) at \(r) of \(count): \(fast[r])")
                }
                #expect(worked[2 * length] == 7 && worked[2 * length + 1] == 7, "\(name): nothing written past the pairs")
            }
        }
    }

    typealias FastKKernel = (UnsafePointer<Double>, Int, Int, UnsafePointer<Double>, UnsafeMutablePointer<Double>) -> Void

    @Test func windowsOneValueAtATime() {
        checkWindows(tc_window_pairs_from, fastK: { tc_fast_k_from(0, $0, $1, $2, $3, $4) }, "one")
    }

    @Test func windowsOnePairAComparison() {
        checkWindows(tc_window_pairs_sse2, fastK: { tc_fast_k_from(0, $0, $1, $2, $3, $4) }, "SSE2")
    }

    @Test(.enabled(if: hasAVX, "the processor has no AVX")) func windowsTwoPairsAComparison() {
        checkWindows(tc_window_pairs_avx, fastK: nil, "AVX")
    }

    @Test(.enabled(if: hasAVX2, "the processor has no AVX2")) func fastKFourBarsADivision() {
        checkWindows(tc_window_pairs_sse2, fastK: tc_fast_k_avx2, "AVX2")
    }

    @Test func barPairsTwoAtATime() {
        checkPairs(tc_bar_pairs_sse2, "SSE2")
    }

    @Test(.enabled(if: hasAVX, "the processor has no AVX")) func barPairsFourAtATime() {
        checkPairs(tc_bar_pairs_avx, "AVX")
    }

    /// Whether a run of values holds a NaN (`tc_has_nan`: the stochastic's %K and %D), for any
    /// count and any place of the NaN, the values past the packed groups included.
    func checkNaN(_ kernel: (UnsafePointer<Double>, Int) -> Int32, _ name: String) {
        var rng = SplitMix64(seed: 27)
        for count in 1..<24 {
            let clean = (0..<count).map { _ in Double(rng.next() % 1000) - 500 }
            clean.withUnsafeBufferPointer { #expect(kernel($0.baseAddress!, count) == 0, "\(name): \(count) numbers") }
            for at in 0..<count {
                var v = clean
                v[at] = .nan
                v.withUnsafeBufferPointer { #expect(kernel($0.baseAddress!, count) != 0, "\(name): a NaN at \(at) of \(count)") }
            }
        }
    }

    @Test func nanTwoAtATime() {
        checkNaN(tc_has_nan_sse2, "SSE2")
    }

    @Test(.enabled(if: hasAVX, "the processor has no AVX")) func nanFourAtATime() {
        checkNaN(tc_has_nan_avx, "AVX")
    }

    @Test func twoValuesAComparison() {
        check(tc_extremes_sse2, "SSE2")
    }

    @Test(.enabled(if: hasAVX, "the processor has no AVX")) func fourValuesAComparison() {
        check(tc_extremes_avx, "AVX")
    }
}
#endif
