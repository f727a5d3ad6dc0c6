/// The first level of a `MinMaxIndex` over a column (the minimum and maximum of each block
/// of 16 values, stored interleaved, and how many values are NaN), worked out by the pass
/// that writes the column (`DoubleColumn.grow(_:to:summaries:_:)`), a chunk of rows at a
/// time while they are still in the cache: indexing the column then
/// (`MinMaxIndex.init(_:summary:)`) needs no second read of it. An indicator's whole-series
/// pass summarizes its lines so; the entries are those the index would work out itself.
package struct BlockSummary: Sendable {
    /// (min, max) of each block of 16 values (64 for a replayed line), interleaved.
    package let pairs: [Double]
    /// How many of the values are NaN.
    package let missing: Int

    package init(pairs: [Double], missing: Int) {
        self.pairs = pairs
        self.missing = missing
    }

    /// The summary of `values` in blocks of `1 << blockShift` values (a replayed line's
    /// first level, `MinMaxIndex.replayedShift`, where no pass summarized it).
    package init(_ values: [Double], blockShift: Int) {
        let blocks = (values.count + (1 << blockShift) - 1) >> blockShift
        var nans = 0
        pairs = values.withUnsafeBufferPointer { v in
            DoubleColumn.make(count: 2 * blocks) { out in
                MinMaxIndex.summarize(v, blocks: 0..<blocks, into: out, nans: &nans, blockShift: blockShift)
            }
        }
        missing = nans
    }
}

extension DoubleColumn {
    /// How many rows a summarizing pass writes before it summarizes them (a multiple of the
    /// index's block): three columns' chunks stay in the first-level cache.
    static let summarizedChunk = 512

    /// `grow(_:to:_:)`, summarizing the column in the same pass when it is made anew: then
    /// `write` is handed the rows a chunk at a time and `summaries` set to the column's
    /// summary. Growing a column that had rows (a follow) leaves `summaries` nil, as does a
    /// nil `summaries` (no summary asked for).
    static func grow(_ a: inout [Double], to count: Int, summaries: inout [BlockSummary]?,
                     _ write: (Range<Int>, UnsafeMutablePointer<Double>) -> Void) {
        grow(&a, to: count) { rows, pa in summarizing(rows, [pa], &summaries) { write($0, pa) } }
    }

    /// Two columns grown together (`grow(_:to:summaries:_:)`), summaries in their order.
    static func grow(_ a: inout [Double], _ b: inout [Double], to count: Int, summaries: inout [BlockSummary]?,
                     _ write: (Range<Int>, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) -> Void) {
        grow(&a, &b, to: count) { rows, pa, pb in summarizing(rows, [pa, pb], &summaries) { write($0, pa, pb) } }
    }

    /// Three columns grown together (`grow(_:to:summaries:_:)`), summaries in their order.
    static func grow(_ a: inout [Double], _ b: inout [Double], _ c: inout [Double], to count: Int,
                     summaries: inout [BlockSummary]?,
                     _ write: (Range<Int>, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>,
                               UnsafeMutablePointer<Double>) -> Void) {
        grow(&a, &b, &c, to: count) { rows, pa, pb, pc in
            summarizing(rows, [pa, pb, pc], &summaries) { write($0, pa, pb, pc) }
        }
    }

    /// Has `write` write `rows` of `columns`; from row 0 with summaries asked for, a chunk at a
    /// time, each chunk's blocks summarized right after it.
    private static func summarizing(_ rows: Range<Int>, _ columns: [UnsafeMutablePointer<Double>],
                                    _ summaries: inout [BlockSummary]?, _ write: (Range<Int>) -> Void) {
        guard summaries != nil, rows.lowerBound == 0 else {
            summaries = nil
            write(rows)
            return
        }
        let count = rows.upperBound, blocks = (count + MinMaxIndex.branching - 1) >> MinMaxIndex.shift
        var nans = [Int](repeating: 0, count: columns.count)
        let pairs = makeColumns(columns.count, count: 2 * blocks) { outs in
            var start = 0
            while start < count {
                let end = min(start + summarizedChunk, count)
                write(start..<end)
                for (k, column) in columns.enumerated() {
                    let firstBlock = start >> MinMaxIndex.shift
                    MinMaxIndex.summarize(UnsafeBufferPointer(start: column, count: count),
                                          blocks: firstBlock..<((end + MinMaxIndex.branching - 1) >> MinMaxIndex.shift),
                                          into: outs[k] + 2 * firstBlock, nans: &nans[k])
                }
                start = end
            }
        }
        summaries = zip(pairs, nans).map { BlockSummary(pairs: $0, missing: $1) }
    }

    /// `number` new columns of `count` values (`make(count:capacity:_:)`), all written by one `write`.
    static func makeColumns(_ number: Int, count: Int,
                                    _ write: ([UnsafeMutablePointer<Double>]) -> Void) -> [[Double]] {
        guard number > 0 else {
            write([])
            return []
        }
        var rest: [[Double]] = []
        let first = make(count: count) { out in
            rest = makeColumns(number - 1, count: count) { outs in write([out] + outs) }
        }
        return [first] + rest
    }
}
