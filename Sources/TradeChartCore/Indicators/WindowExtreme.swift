import CKernels

/// The highest (or lowest) of the last `bars` values, fed one value at a time, without a
/// branch that depends on the values (van Herk and Gil-Werman's blocks): the values come in
/// blocks of `bars`; the window ending at a value is the tail of the block before (whose
/// suffix extremes were worked out when it was full) and the head of the current one
/// (whose running extreme is kept), so each answer is one comparison of the two. O(1)
/// per value (`bars` comparisons once every `bars` values). The lowest is the highest of
/// the negated values (negation is exact). A zero is taken as +0 (a value plus 0), so that
/// no two values that compare equal differ: the extreme of a window is then one value
/// whichever order compares it, the one the chart's packed windows find
/// (`BarWindowExtremes`); a NaN never wins. A whole series is fed through `feeding`, the
/// slots reached through one unsafe view for all its values.
struct WindowExtreme: Sendable, Equatable {
    let bars: Int
    /// True for the highest value, false for the lowest.
    let highest: Bool
    /// The current block's values (`bars` slots), then the block before's suffix extremes
    /// (`bars + 1` slots, the last one -infinity); signed so that the extreme is the largest.
    private var slots: [Double]
    private var block = Block()

    /// Where the current block is.
    struct Block: Sendable, Equatable {
        /// The slot of the next value.
        var position = 0
        /// The extreme of the current block's values so far.
        var running = -Double.infinity
    }

    /// The slots while values are fed, through an unsafe pointer, and the current block.
    struct Feed {
        let slots: UnsafeMutablePointer<Double>
        let bars: Int
        /// 1 for the highest, -1 for the lowest.
        let sign: Double
        var block: Block

        /// Takes the next value and answers the extreme of the last `bars` values (fewer at the start).
        @inline(__always) mutating func add(_ x: Double) -> Double {
            // (+ 0: a -0 taken as +0.)
            let signed = sign * x + 0, p = block.position
            slots[p] = signed
            let running = signed > block.running ? signed : block.running
            let tail = slots[bars + p + 1]
            let extreme = tail > running ? tail : running
            if p + 1 == bars {
                // The block is full: its suffix extremes are the tail of the windows to come.
                var suffix = -Double.infinity
                for k in stride(from: bars - 1, through: 0, by: -1) {
                    let v = slots[k]
                    if v > suffix { suffix = v }
                    slots[bars + k] = suffix
                }
                block = Block()
            } else {
                block = Block(position: p + 1, running: running)
            }
            return sign * extreme
        }
    }

    init(bars: Int, highest: Bool) {
        precondition(bars >= 1, "a window needs at least one bar")
        self.bars = bars
        self.highest = highest
        slots = [Double](repeating: -.infinity, count: 2 * bars + 1)
    }

    /// The window as it is after the values `0..<row` were fed, rebuilt from them (`value(r)` is
    /// the value fed as number r): the current block's values and running extreme, and the
    /// suffix extremes of the block before, worked out with the comparisons `add` makes.
    init(bars: Int, highest: Bool, after row: Int, _ value: (Int) -> Double) {
        self.init(bars: bars, highest: highest)
        restore(after: row, value)
    }

    /// This window as it is after the values `0..<row` were fed (as `init(bars:highest:after:_:)`
    /// makes it), its slots written in place (no new array where this one holds its own).
    mutating func restore(after row: Int, _ value: (Int) -> Double) {
        let bars = bars, sign = highest ? 1.0 : -1.0
        let position = row % bars, start = row - position
        var running = -Double.infinity
        slots.withUnsafeMutableBufferPointer { slots in
            slots.update(repeating: -.infinity)
            for r in start..<row {
                let signed = sign * value(r) + 0
                slots[r - start] = signed
                running = signed > running ? signed : running
            }
            if start >= bars {
                var suffix = -Double.infinity
                for k in stride(from: bars - 1, through: 0, by: -1) {
                    let v = sign * value(start - bars + k) + 0
                    if v > suffix { suffix = v }
                    slots[bars + k] = suffix
                }
            }
        }
        block = Block(position: position, running: running)
    }

    /// Lets `body` feed values through one unsafe view of the slots.
    @inline(__always) mutating func feeding<R>(_ body: (inout Feed) -> R) -> R {
        let bars = bars, sign = highest ? 1.0 : -1.0
        var block = block
        let result = slots.withUnsafeMutableBufferPointer { s in
            var feed = Feed(slots: s.baseAddress!, bars: bars, sign: sign, block: block)
            defer { block = feed.block }
            return body(&feed)
        }
        self.block = block
        return result
    }
}

/// The highest high and the lowest low of the last `bars` bars at each bar of a run (fewer at
/// the start), worked out from the input columns alone, so that nothing of the windows is
/// kept from one run to the next (a checkpoint rebuilds nothing of them, issue 25), and the
/// fast %K of each bar. The values are those two `WindowExtreme`s fed the bars one at a time
/// answer, bit for bit (a window of NaN alone gives -infinity as its highest, +infinity as
/// its lowest). A high or low left out (NaN) is taken as the close, as `HighLowClose` reads
/// it. In C, packed: the bars' (high, -low) pairs (`tc_bar_pairs`: a zero +0, a NaN
/// -infinity, so that the largest of a window is one value whichever order compares it),
/// then the windows by doubling spans (`tc_window_pairs`: for windows of 14 bars three
/// passes of one comparison a pair, two pairs at a time, instead of van Herk and
/// Gil-Werman's blocks a row at a time), then the fast %K four bars a division (`tc_fast_k`).
enum BarWindowExtremes {
    /// The scratch (pairs) the runs need for `rows` rows over windows of `bars` bars.
    static func scratchCount(rows: Int, bars: Int) -> Int { rows + bars }

    /// Writes the windows' pairs for the rows `rows` to `scratch` (`scratchCount` pairs) and
    /// answers where pair r's window ends: the signed extremes of row `rows.lowerBound + r`
    /// are the larger of pairs r and r + the offset, lane by lane.
    @inline(__always) static func windows(bars: Int, _ rows: Range<Int>, high: UnsafeBufferPointer<Double>,
                                          low: UnsafeBufferPointer<Double>, close: UnsafeBufferPointer<Double>,
                                          scratch: UnsafeMutablePointer<SIMD2<Double>>) -> Int {
        let first = rows.lowerBound, end = rows.upperBound
        // The pairs of the bars from the first a window of the run reaches; bars before bar 0 none.
        let from = first &- bars &+ 1, length = end &- from
        let before = Swift.min(Swift.max(0, -from), length)
        scratch.update(repeating: SIMD2(repeating: -.infinity), count: before)
        return scratch.withMemoryRebound(to: Double.self, capacity: 2 &* length) { pairs in
            if before < length, let h = high.baseAddress, let l = low.baseAddress, let c = close.baseAddress {
                let r = from &+ before
                tc_bar_pairs(h + r, l + r, c + r, length &- before, pairs + 2 &* before)
            }
            return bars &- tc_window_pairs(pairs, length, bars)
        }
    }

    /// Writes the fast %K of each row of `rows` to `fast` (row `rows.lowerBound` first), from
    /// the columns (the rows before `rows` too), using `scratch` (`scratchCount` pairs).
    @inline(__always) static func fastK(bars: Int, _ rows: Range<Int>, high: UnsafeBufferPointer<Double>,
                                        low: UnsafeBufferPointer<Double>, close: UnsafeBufferPointer<Double>,
                                        scratch: UnsafeMutablePointer<SIMD2<Double>>, into fast: UnsafeMutablePointer<Double>) {
        guard !rows.isEmpty, let c = close.baseAddress else { return }
        let offset = windows(bars: bars, rows, high: high, low: low, close: close, scratch: scratch)
        scratch.withMemoryRebound(to: Double.self, capacity: 2 &* (rows.count &+ bars)) { pairs in
            tc_fast_k(pairs, rows.count, offset, c + rows.lowerBound, fast)
        }
    }
}
