import CKernels

/// The highest (or lowest) of the last `bars` values, fed one value at a time, without a
/// branch that depends on the values (van Herk and Gil-Werman's blocks): the values come in
/// blocks of `bars`; the window ending at a value is the tail of the block before (whose
/// suffix extremes were worked out when it was full) and the head of the current one
/// (whose running extreme is kept), so each answer is one comparison of the two. O(1)
/// per value (`bars` comparisons once every `bars` values). The lowest is the highest of
/// the negated values (negation is exact). A whole series is fed through `feeding`, the
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
            let signed = sign * x, p = block.position
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
                let signed = sign * value(r)
                slots[r - start] = signed
                running = signed > running ? signed : running
            }
            if start >= bars {
                var suffix = -Double.infinity
                for k in stride(from: bars - 1, through: 0, by: -1) {
                    let v = sign * value(start - bars + k)
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
/// kept from one run to the next (a checkpoint rebuilds nothing of them, issue 25). The
/// values are those two `WindowExtreme`s fed the bars one at a time answer, bit for bit: the
/// same comparisons in the same blocks of `bars` bars counted from bar 0, so that of two
/// equal extremes (0 and -0) the same one wins and a NaN never does (a window of NaN alone
/// gives -infinity as its highest, +infinity as its lowest). A high or low left out (NaN) is
/// taken as the close, as `HighLowClose` reads it. The highs and the negated lows go through
/// the comparisons together, as the two lanes of a `SIMD2`, a pass for the blocks' suffix
/// extremes and one for their running extremes that the processor overlaps from block to block.
enum BarWindowExtremes {
    /// The scratch `forEach` needs for a run of `rows` rows over windows of `bars` bars.
    static func scratchCount(rows: Int, bars: Int) -> Int { 2 * (rows + 2 * bars) }

    /// Hands `body` each row of `rows` (in order) with the highest high and the lowest low of the
    /// `bars` bars up to it, read from the columns (the rows before `rows` too), using `scratch`
    /// (`scratchCount` values).
    @inline(__always) static func forEach(bars: Int, _ rows: Range<Int>, high: UnsafeBufferPointer<Double>,
                                          low: UnsafeBufferPointer<Double>, close: UnsafeBufferPointer<Double>,
                                          scratch: UnsafeMutablePointer<SIMD2<Double>>,
                                          _ body: (_ row: Int, _ highest: Double, _ lowest: Double) -> Void) {
        guard !rows.isEmpty else { return }
        let n = bars, first = rows.lowerBound, end = rows.upperBound
        // The block of the first row starts at `start`; the block before it gives its windows' tails.
        let start = first - first % n, base = start - n
        let values = scratch, suffixes = scratch + (end - base)
        let none = SIMD2<Double>(repeating: -.infinity)
        // The signed high and low of each row read (the lanes' extremes are the largest), from the
        // first row a window of the run reaches (the rows of its block before it end no window of the run).
        let r = Swift.max(0, first &- n &+ 1)
        if r < end, let h = high.baseAddress, let l = low.baseAddress, let c = close.baseAddress {
            // In C (`tc_bar_pairs`, packed: Swift compiles this loop's selections to branches).
            (values + (r &- base)).withMemoryRebound(to: Double.self, capacity: 2 &* (end &- r)) {
                tc_bar_pairs(h + r, l + r, c + r, end &- r, $0)
            }
        }
        // The suffix extremes of every block whose next block has rows of the run (none before bar 0),
        // down to the first a window of the run reaches.
        var block = base
        while block &+ n < end {
            if block < 0 {
                (suffixes + (block &- base)).update(repeating: none, count: n)
            } else {
                var suffix = none
                var k = block &+ n &- 1
                let low = Swift.max(block, first &- n &+ 1)
                while k >= low {
                    suffix = larger(values[k &- base], suffix)
                    suffixes[k &- base] = suffix
                    k &-= 1
                }
            }
            block &+= n
        }
        // Each row's window: the running extreme of its block so far, and the tail of the block before.
        block = start
        while block < end {
            var running = none
            var i = block
            while i < first {
                running = larger(values[i &- base], running)
                i &+= 1
            }
            // The last row of a block has its block alone for its window (no tail).
            let tailed = Swift.min(block &+ n &- 1, end)
            while i < tailed {
                running = larger(values[i &- base], running)
                let extreme = larger(suffixes[i &- n &+ 1 &- base], running)
                body(i, extreme.x, -extreme.y)
                i &+= 1
            }
            if i < end {
                running = larger(values[i &- base], running)
                body(i, running.x, -running.y)
            }
            block &+= n
        }
    }

    /// `a` where it is larger than `b`, lane by lane, else `b` (`b` where they are equal or either is NaN).
    @inline(__always) static func larger(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
        b.replacing(with: a, where: a .> b)
    }
}
