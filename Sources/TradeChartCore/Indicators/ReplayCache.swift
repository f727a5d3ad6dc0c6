import Synchronization

/// The values of the last two checkpoint intervals of a replayed line that were worked out
/// (`ReplayedLine`): a frame that works out a line's column spans walks its columns in order,
/// and reads each column's two edges and the two segments leaving it, all in the intervals
/// at the column's ends, where the next column starts. Kept, each interval is worked out
/// once instead of once a read. Shared by the copies of the index that holds it (behind a
/// lock, so frames worked out on other threads may read it too); it never changes what is read.
final class ReplayCache: Sendable {
    /// One interval's values, from row `start`.
    private struct Interval: Sendable {
        let start: Int
        let values: [Double]
    }

    private let kept = Mutex<[Interval]>([])

    /// Writes the values of `rows` (inside `0..<count`) to `out`: from the intervals kept, or
    /// those worked out whole by `replay` (and kept); rows across more than two intervals are
    /// worked out by `replay` directly.
    func read(_ rows: Range<Int>, interval: Int, count: Int, into out: UnsafeMutablePointer<Double>,
              replay: (Range<Int>, UnsafeMutablePointer<Double>) -> Void) {
        let firstInterval = rows.lowerBound / interval, lastInterval = (rows.upperBound - 1) / interval
        guard lastInterval - firstInterval < 2 else {
            replay(rows, out)
            return
        }
        for c in firstInterval...lastInterval {
            let start = c * interval, end = min(count, start + interval)
            let found = kept.withLock { entries in entries.first { $0.start == start && $0.values.count == end - start }?.values }
            let values = found ?? [Double](unsafeUninitializedCapacity: end - start) { buffer, initialized in
                replay(start..<end, buffer.baseAddress!)
                initialized = end - start
            }
            if found == nil {
                kept.withLock { entries in
                    entries.append(Interval(start: start, values: values))
                    if entries.count > 2 { entries.removeFirst() }
                }
            }
            let lo = max(rows.lowerBound, start), hi = min(rows.upperBound, end)
            values.withUnsafeBufferPointer { v in
                (out + (lo - rows.lowerBound)).update(from: v.baseAddress! + (lo - start), count: hi - lo)
            }
        }
    }
}
