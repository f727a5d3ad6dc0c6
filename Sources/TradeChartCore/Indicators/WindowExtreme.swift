/// The highest (or lowest) of the last `bars` values, fed one value at a time: a
/// monotonic queue of the values that can still be the extreme, in a ring of `bars`
/// slots. Amortised O(1) per value (each value enters and leaves the queue once).
struct WindowExtreme: Sendable, Equatable {
    let bars: Int
    /// True for the highest value, false for the lowest.
    let highest: Bool
    private var values: [Double]
    private var rows: [Int]
    private var head = 0
    private var count = 0
    private var seen = 0

    init(bars: Int, highest: Bool) {
        precondition(bars >= 1, "a window needs at least one bar")
        self.bars = bars
        self.highest = highest
        values = [Double](repeating: 0, count: bars)
        rows = [Int](repeating: 0, count: bars)
    }

    /// Takes the next value and answers the extreme of the last `bars` values (fewer at the start).
    /// The ring is reached through one unsafe view a call: no copy-on-write check or bounds
    /// check per slot (every slot is `wrap`ped below `bars`).
    @inline(__always) mutating func add(_ x: Double) -> Double {
        let bars = bars, highest = highest, seen = seen
        var head = head, count = count
        @inline(__always) func wrap(_ slot: Int) -> Int { slot >= bars ? slot - bars : slot }
        let extreme = values.withUnsafeMutableBufferPointer { v in
            rows.withUnsafeMutableBufferPointer { r in
                if count > 0 && r[head] <= seen - bars {
                    head = head + 1 == bars ? 0 : head + 1
                    count -= 1
                }
                while count > 0 {
                    let back = wrap(head + count - 1)
                    guard highest ? v[back] <= x : v[back] >= x else { break }
                    count -= 1
                }
                let slot = wrap(head + count)
                v[slot] = x
                r[slot] = seen
                count += 1
                return v[head]
            }
        }
        self.head = head
        self.count = count
        self.seen = seen + 1
        return extreme
    }
}
