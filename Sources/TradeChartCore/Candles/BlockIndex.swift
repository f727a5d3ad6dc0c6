/// Answers "the largest", "the smallest" or "the sum" of any
/// index range of one or more columns in about O(log N): a pyramid of block results
/// with `branching` entries per block (64: about 0.13 bytes a point for each pyramid,
/// so candles for ten million bars cost little beyond the columns themselves, which
/// it shares rather than copies). With several columns, each point stands for the
/// largest (or smallest) of its values in them: the highest of a bar's open, high,
/// low and close. NaN entries count as nothing: never largest or smallest, left out
/// of a sum, whose answer is NaN when every entry is (a gap, not a volume of 0).
public struct BlockIndex: Sendable {
    /// What a block stands for.
    public enum Kind: Sendable { case maximum, minimum, sum }

    public let kind: Kind
    /// The columns, each with one value a point.
    let columns: [[Double]]
    /// The number of points.
    public let count: Int
    @usableFromInline let summary: [Double]
    @usableFromInline let levelStarts: [Int]
    @usableFromInline static let shift = 6
    @usableFromInline static let branching = 1 << shift

    public init(_ values: [Double], kind: Kind) {
        self.init(columns: [values], kind: kind)
    }

    /// An index over the points of `columns` (all of the same length).
    public init(columns: [[Double]], kind: Kind) {
        precondition(!columns.isEmpty && columns.allSatisfy { $0.count == columns[0].count }, "columns of one length")
        self.kind = kind
        self.columns = columns
        count = columns[0].count
        var summary: [Double] = []
        var starts = [0]
        var below = count
        var source = -1
        while below > Self.branching {
            let blocks = (below + Self.branching - 1) >> Self.shift
            for block in 0..<blocks {
                let lo = block << Self.shift, hi = min(lo + Self.branching, below)
                var acc = Self.identity(kind)
                Self.fold(kind, columns, summary, source, lo, hi, &acc)
                summary.append(acc)
            }
            source = starts[starts.count - 1]
            starts.append(source + blocks)
            below = blocks
        }
        self.summary = summary
        levelStarts = starts
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
    public func value(_ range: ClosedRange<Int>) -> Double {
        precondition(range.lowerBound >= 0 && range.upperBound < count, "range outside the column")
        var lo = range.lowerBound, hi = range.upperBound
        var acc = Self.identity(kind)
        let levels = levelStarts.count - 1, b = Self.branching, shift = Self.shift
        var level = 0
        while true {
            let start = level == 0 ? -1 : levelStarts[level - 1]
            if level == levels || hi - lo + 1 < 2 * b {
                Self.fold(kind, columns, summary, start, lo, hi + 1, &acc)
                return acc
            }
            let firstBlock = (lo + b - 1) >> shift
            let lastBlock = ((hi + 1) >> shift) - 1
            Self.fold(kind, columns, summary, start, lo, firstBlock << shift, &acc)
            Self.fold(kind, columns, summary, start, (lastBlock + 1) << shift, hi + 1, &acc)
            lo = firstBlock
            hi = lastBlock
            level += 1
        }
    }

    @inline(__always)
    static func fold(_ kind: Kind, _ columns: [[Double]], _ summary: [Double], _ levelStart: Int, _ from: Int, _ to: Int,
                     _ acc: inout Double) {
        guard from < to else { return }
        if levelStart < 0 {
            for column in columns { column.withUnsafeBufferPointer { fold(kind, $0, from, to, &acc) } }
        } else {
            summary.withUnsafeBufferPointer { fold(kind, UnsafeBufferPointer(rebasing: $0[levelStart...]), from, to, &acc) }
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
