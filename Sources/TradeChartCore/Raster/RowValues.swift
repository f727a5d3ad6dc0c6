/// A line's values at some of its rows, asked of its `MinMaxIndex` at once (issue 25): a
/// replayed line (an indicator's) works them out in one pass over the rows, from the
/// checkpoint before each stretch, instead of a replay for every value a frame reads.
/// Read back a row at a time, in any order (fastest near the row read before).
package struct RowValues {
    /// The rows read, in increasing order, none overlapping or touching another.
    private let runs: [Range<Int>]
    /// Their values, run after run.
    private let values: [Double]
    /// The run holding the row read last, and where its values start in `values`.
    private var run = 0
    private var offset = 0

    /// The values of `index` at the rows of `wanted` (inside `0..<index.count`; in any order,
    /// overlapping or not).
    package init(_ index: MinMaxIndex, wanted: [Range<Int>]) {
        var wanted = wanted.filter { !$0.isEmpty }
        // Nearly in order already (a frame's columns come in the order of x): a cheap sort.
        wanted.sort { $0.lowerBound < $1.lowerBound }
        var runs: [Range<Int>] = []
        runs.reserveCapacity(wanted.count)
        for run in wanted {
            if let previous = runs.last, run.lowerBound <= previous.upperBound {
                runs[runs.count - 1] = previous.lowerBound..<max(previous.upperBound, run.upperBound)
            } else {
                runs.append(run)
            }
        }
        self.runs = runs
        values = index.values(runs: runs)
    }

    /// The value at row `i` (one of those asked for).
    @inline(__always)
    package mutating func value(_ i: Int) -> Double {
        find(i)
        return values[offset + i - runs[run].lowerBound]
    }

    /// Widens `mn...mx` by the values of `rows` (asked for as one run, or inside one), compared
    /// in order as `MinMaxIndex.minMax` compares values.
    @inline(__always)
    package mutating func widen(_ rows: Range<Int>, _ mn: inout Double, _ mx: inout Double) {
        guard !rows.isEmpty else { return }
        find(rows.lowerBound)
        precondition(rows.upperBound <= runs[run].upperBound, "rows asked for as one run")
        let from = offset + rows.lowerBound - runs[run].lowerBound
        values.withUnsafeBufferPointer { v in
            MinMaxIndex.widen(v, pairs: false, from, from + rows.count, &mn, &mx)
        }
    }

    /// Moves to the run holding row `i`.
    @inline(__always)
    private mutating func find(_ i: Int) {
        while i < runs[run].lowerBound {
            run -= 1
            offset -= runs[run].count
        }
        while i >= runs[run].upperBound {
            offset += runs[run].count
            run += 1
        }
    }
}
