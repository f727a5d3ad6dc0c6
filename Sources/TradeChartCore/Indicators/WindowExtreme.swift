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
