import CKernels
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TradeChartCore

/// The packed kernels of CKernels: the min-max index's whole blocks (`tc_extremes`), the
/// stochastic's bars (`tc_bar_pairs`) and its test for a NaN (`tc_has_nan`), each both ways it
/// is built: two values a comparison (any x86-64, what `make test` builds) and four (AVX, what
/// `make build` makes on a processor that has it; the tests call it directly where this one
/// has AVX). A block whose extremes are not zero and that holds no NaN gets those of one pass
/// in order, bit for bit; a block with a NaN gets a NaN sum, so the index looks again.
#if arch(x86_64)
@Suite("Packed kernels")
struct PackedKernelTests {
    typealias Kernel = (UnsafePointer<Double>, Int, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>,
                        UnsafeMutablePointer<Double>) -> Void

    /// Whether this processor has AVX (the kernel of four values a comparison runs only there).
    static let hasAVX: Bool = {
        guard let file = fopen("/proc/cpuinfo", "r") else { return false }
        defer { fclose(file) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
        while case let n = fread(&chunk, 1, chunk.count, file), n > 0 { bytes += chunk[0..<n] }
        let flags = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("flags") }
        return flags?.split(separator: " ").contains("avx") ?? false
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
    /// left-out high or low taken as the close, for any count (the rows past the last packed
    /// group one at a time), bit for bit as one bar at a time would give them.
    func checkPairs(_ kernel: PairKernel, _ name: String) {
        var rng = SplitMix64(seed: 26)
        let choices: [Double] = [101.5, 99.25, .nan, 0, -0.0, 100, .infinity]
        for count in [1, 2, 3, 4, 5, 7, 8, 9, 31, 64, 65] {
            let high = (0..<count).map { _ in choices[Int(rng.next() % 7)] }
            let low = (0..<count).map { _ in choices[Int(rng.next() % 7)] }
            let close = (0..<count).map { _ in choices[Int(rng.next() % 6)] }
            var pairs = [Double](repeating: 7, count: 2 * count + 2)
            pairs.withUnsafeMutableBufferPointer { kernel(high, low, close, count, $0.baseAddress!) }
            for i in 0..<count {
                let top = high[i].isNaN ? close[i] : high[i], bottom = -(low[i].isNaN ? close[i] : low[i])
                #expect(pairs[2 * i].bitPattern == top.bitPattern && pairs[2 * i + 1].bitPattern == bottom.bitPattern,
                        "\(name): bar \(i) of \(count): \(high[i]), \(low[i]), \(close[i]) gave \(pairs[2 * i]), \(pairs[2 * i + 1])")
            }
            #expect(pairs[2 * count] == 7 && pairs[2 * count + 1] == 7, "\(name): nothing written past \(count) bars")
        }
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
