import Synchronization

/// What the lines of one replayed indicator (`ReplayedLine`) worked out last, shared by them.
///
/// A frame that works out a line's column spans asks for the rows at every column's edges at
/// once (`read(runs:...)`): one pass over them gives every output of the indicator, and the
/// indicator's other lines, drawn under the same x map, ask for the same rows, so they are
/// kept (the last such request). A single value (the legend's, a pane's title) is worked out
/// with the checkpoint interval around it, the last two of each output kept. Shared by the
/// copies of the index that holds it (behind a lock, so frames worked out on other threads
/// may read it too); it never changes what is read.
final class ReplayCache: Sendable {
    /// One interval's values of one output, from row `start`.
    private struct Interval: Sendable {
        let output: Int
        let start: Int
        let values: [Double]
    }

    /// Every output of the rows of `runs` (`total` of them), output k from `k * total`.
    private struct Runs: Sendable {
        let runs: [Range<Int>]
        let total: Int
        let values: [Double]
    }

    private let kept = Mutex<[Interval]>([])
    private let lastRuns = Mutex<Runs?>(nil)

    init() {}

    /// Writes output `output`'s values of `rows` (inside `0..<count`) to `out`: from the intervals
    /// kept, or those worked out whole by `replay` (and kept); rows across more than two
    /// intervals are worked out by `replay` directly.
    func read(_ rows: Range<Int>, output: Int, interval: Int, count: Int, into out: UnsafeMutablePointer<Double>,
              replay: (Range<Int>, UnsafeMutablePointer<Double>) -> Void) {
        let firstInterval = rows.lowerBound / interval, lastInterval = (rows.upperBound - 1) / interval
        guard lastInterval - firstInterval < 2 else {
            replay(rows, out)
            return
        }
        for c in firstInterval...lastInterval {
            let start = c * interval, end = min(count, start + interval)
            let found = kept.withLock { entries in
                entries.first { $0.output == output && $0.start == start && $0.values.count == end - start }?.values
            }
            let values = found ?? [Double](unsafeUninitializedCapacity: end - start) { buffer, initialized in
                replay(start..<end, buffer.baseAddress!)
                initialized = end - start
            }
            if found == nil {
                kept.withLock { entries in
                    entries.append(Interval(output: output, start: start, values: values))
                    if entries.lazy.filter({ $0.output == output }).count > 2,
                       let oldest = entries.firstIndex(where: { $0.output == output }) {
                        entries.remove(at: oldest)
                    }
                }
            }
            let lo = max(rows.lowerBound, start), hi = min(rows.upperBound, end)
            values.withUnsafeBufferPointer { v in
                (out + (lo - rows.lowerBound)).update(from: v.baseAddress! + (lo - start), count: hi - lo)
            }
        }
    }

    /// Writes output `output`'s values of the rows of `runs` (in increasing order, none
    /// overlapping, inside `0..<count`), run after run, to `out`: from the runs asked for last,
    /// when they are these, else every one of the `outputs` worked out by `replay` (which writes
    /// output k of the j-th row at `k * total + j`) and kept.
    func read(runs: [Range<Int>], output: Int, outputs: Int, count: Int, into out: UnsafeMutablePointer<Double>,
              replay: (UnsafeBufferPointer<Range<Int>>, Int, UnsafeMutablePointer<Double>) -> Void) {
        var total = 0
        for run in runs { total += run.count }
        guard total > 0 else { return }
        let found = lastRuns.withLock { last in last.flatMap { $0.total == total && $0.runs == runs ? $0.values : nil } }
        let values = found ?? [Double](unsafeUninitializedCapacity: outputs * total) { buffer, initialized in
            runs.withUnsafeBufferPointer { replay($0, total, buffer.baseAddress!) }
            initialized = outputs * total
        }
        if found == nil { lastRuns.withLock { $0 = Runs(runs: runs, total: total, values: values) } }
        values.withUnsafeBufferPointer { v in out.update(from: v.baseAddress! + output * total, count: total) }
    }
}
