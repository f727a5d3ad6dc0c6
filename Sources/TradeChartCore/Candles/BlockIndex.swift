/// Answers "the largest", "the smallest" or "the sum" of any
/// index range of one or more columns in about O(log N): a pyramid of block results
/// with `branching` entries per block (64: about 0.13 bytes a point for each pyramid,
/// so candles for ten million bars cost little beyond the columns themselves, which
/// it shares rather than copies). With several columns, each point stands for the
/// largest (or smallest) of its values in them: the highest of a bar's open, high,
/// low and close. NaN entries count as nothing: never largest or smallest, left out
/// of a sum, whose answer is NaN when every entry is (a gap, not a volume of 0).
package struct BlockIndex: Sendable {
    /// What a block stands for.
    package enum Kind: Sendable { case maximum, minimum, sum }

    package let kind: Kind
    /// The columns, each with one value a point.
    package private(set) var columns: [[Double]]
    /// The number of points.
    package private(set) var count: Int
    /// The column let go of (`release`) until `append` gives it back.
    var released: Int?
    /// The pyramid: `levels[0]` holds one result per block of `branching` points,
    /// `levels[k]` one per block of `branching` entries of `levels[k - 1]`; a level is
    /// built only while the one below has more than `branching` entries.
    @usableFromInline var levels: [[Double]] = []
    @usableFromInline static let shift = 6
    @usableFromInline static let branching = 1 << shift

    package init(_ values: [Double], kind: Kind) {
        self.init(columns: [values], kind: kind)
    }

    /// An index over the points of `columns` (all of the same length).
    package init(columns: [[Double]], kind: Kind) {
        precondition(!columns.isEmpty && columns.allSatisfy { $0.count == columns[0].count }, "columns of one length")
        self.kind = kind
        self.columns = columns
        count = columns[0].count
        update(from: 0)
    }

    /// Lets go of column `k`, shared with another owner (the closes are the series'
    /// prices), so that owner can grow it in place; `append` takes it back.
    package mutating func release(_ k: Int) {
        columns[k] = []
        released = k
    }

    /// Lets go of every column, for an index that shares them with another (the lows'
    /// index shares the highs' columns): `adopt` takes them back grown.
    package mutating func releaseAll() {
        columns = columns.map { _ in [] }
    }

    /// Takes back the columns let go of by `releaseAll`, grown at the end.
    package mutating func adopt(_ grown: [[Double]]) {
        precondition(grown.count == columns.count && grown.allSatisfy { $0.count == grown[0].count }, "columns of one length")
        let from = count
        columns = grown
        count = grown[0].count
        update(from: from)
    }

    /// Points appended at the end: `values[j]` holds the new points of column `j`, or,
    /// for a column let go (`release`), the whole column grown. The columns grow in place
    /// and only the blocks at the end are computed again: O(log N) a point, however
    /// long the columns are.
    package mutating func append(_ values: [[Double]]) {
        precondition(values.count == columns.count, "one array a column")
        let from = count
        for j in columns.indices {
            if j == released { columns[j] = values[j] } else { columns[j].append(contentsOf: values[j]) }
        }
        released = nil
        count = columns[0].count
        precondition(columns.allSatisfy { $0.count == count }, "columns of one length")
        update(from: from)
    }

    /// Computes again every block that holds a point at or after `first`.
    mutating func update(from first: Int) {
        var changed = first
        var below = count
        var level = 0
        while below > Self.branching {
            let blocks = (below + Self.branching - 1) >> Self.shift
            if level == levels.count {
                levels.append([])
                changed = 0
            }
            let start = min(changed >> Self.shift, levels[level].count)
            levels[level].removeLast(levels[level].count - start)
            for block in start..<blocks {
                let lo = block << Self.shift, hi = min(lo + Self.branching, below)
                var acc = Self.identity(kind)
                if level == 0 {
                    for column in columns { column.withUnsafeBufferPointer { Self.fold(kind, $0, lo, hi, &acc) } }
                } else {
                    levels[level - 1].withUnsafeBufferPointer { Self.fold(kind, $0, lo, hi, &acc) }
                }
                levels[level].append(acc)
            }
            changed = start
            below = blocks
            level += 1
        }
    }

    /// The result for nothing: -inf for a maximum, +inf for a minimum, NaN for a sum.
    static func identity(_ kind: Kind) -> Double {
        switch kind {
        case .maximum: -.infinity
        case .minimum: .infinity
        case .sum: .nan
        }
    }

    /// The largest, smallest or summed value at the indices `range`.
    package func value(_ range: ClosedRange<Int>) -> Double {
        precondition(range.lowerBound >= 0 && range.upperBound < count, "range outside the column")
        var lo = range.lowerBound, hi = range.upperBound
        var acc = Self.identity(kind)
        let b = Self.branching, shift = Self.shift
        var level = 0
        while true {
            if level == levels.count || hi - lo + 1 < 2 * b {
                fold(level, lo, hi + 1, &acc)
                return acc
            }
            let firstBlock = (lo + b - 1) >> shift
            let lastBlock = ((hi + 1) >> shift) - 1
            fold(level, lo, firstBlock << shift, &acc)
            fold(level, (lastBlock + 1) << shift, hi + 1, &acc)
            lo = firstBlock
            hi = lastBlock
            level += 1
        }
    }

    /// Folds entries `from..<to` of level `level` (0: the points themselves) into `acc`.
    @inline(__always)
    func fold(_ level: Int, _ from: Int, _ to: Int, _ acc: inout Double) {
        guard from < to else { return }
        if level == 0 {
            for column in columns { column.withUnsafeBufferPointer { Self.fold(kind, $0, from, to, &acc) } }
        } else {
            levels[level - 1].withUnsafeBufferPointer { Self.fold(kind, $0, from, to, &acc) }
        }
    }

    @inline(__always)
    static func fold(_ kind: Kind, _ v: UnsafeBufferPointer<Double>, _ from: Int, _ to: Int, _ acc: inout Double) {
        switch kind {
        case .maximum: for i in from..<to where v[i] > acc { acc = v[i] }
        case .minimum: for i in from..<to where v[i] < acc { acc = v[i] }
        case .sum: for i in from..<to where !v[i].isNaN { acc = acc.isNaN ? v[i] : acc + v[i] }
        }
    }
}
