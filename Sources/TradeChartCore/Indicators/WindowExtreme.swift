/// The highest (or lowest) of the last `bars` values, fed one value at a time: a
/// monotonic queue of the values that can still be the extreme, in a ring of `bars`
/// slots. Amortised O(1) per value (each value enters and leaves the queue once). A whole
/// series is fed through `feeding`, the ring reached through one unsafe view for all its values.
struct WindowExtreme: Sendable, Equatable {
    let bars: Int
    /// True for the highest value, false for the lowest.
    let highest: Bool
    private var values: [Double]
    private var rows: [Int]
    private var queue = Queue()

    /// Where the queue lies in the ring, and how many values came.
    struct Queue: Sendable, Equatable {
        var head = 0
        var count = 0
        var seen = 0
    }

    /// The ring while values are fed: its slots, through unsafe pointers (every slot is
    /// `wrap`ped below `bars`), and the queue.
    struct Feed {
        let values: UnsafeMutablePointer<Double>
        let rows: UnsafeMutablePointer<Int>
        let bars: Int
        let highest: Bool
        var queue: Queue

        @inline(__always) private func wrap(_ slot: Int) -> Int { slot >= bars ? slot - bars : slot }

        /// Takes the next value and answers the extreme of the last `bars` values (fewer at the start).
        @inline(__always) mutating func add(_ x: Double) -> Double {
            var head = queue.head, count = queue.count
            let seen = queue.seen
            if count > 0 && rows[head] <= seen - bars {
                head = head + 1 == bars ? 0 : head + 1
                count -= 1
            }
            while count > 0 {
                let back = wrap(head + count - 1)
                guard highest ? values[back] <= x : values[back] >= x else { break }
                count -= 1
            }
            let slot = wrap(head + count)
            values[slot] = x
            rows[slot] = seen
            queue = Queue(head: head, count: count + 1, seen: seen + 1)
            return values[head]
        }
    }

    init(bars: Int, highest: Bool) {
        precondition(bars >= 1, "a window needs at least one bar")
        self.bars = bars
        self.highest = highest
        values = [Double](repeating: 0, count: bars)
        rows = [Int](repeating: 0, count: bars)
    }

    /// Lets `body` feed values through one unsafe view of the ring.
    @inline(__always) mutating func feeding<R>(_ body: (inout Feed) -> R) -> R {
        let bars = bars, highest = highest
        var queue = queue
        let result = values.withUnsafeMutableBufferPointer { v in
            rows.withUnsafeMutableBufferPointer { r in
                var feed = Feed(values: v.baseAddress!, rows: r.baseAddress!, bars: bars, highest: highest, queue: queue)
                defer { queue = feed.queue }
                return body(&feed)
            }
        }
        self.queue = queue
        return result
    }
}
