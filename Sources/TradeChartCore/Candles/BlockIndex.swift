/// Answers "the largest", "the smallest" or "the sum" of any index range of a column
/// in about O(log N): a pyramid of block results with `branching` entries per block
/// (64: about 0.13 bytes a point for each level above the values, so candles for
/// ten million bars cost little beyond the columns themselves). NaN entries count as
/// nothing (never largest or smallest, 0 in a sum).
public struct BlockIndex: Sendable {
    /// What a block stands for.
    public enum Kind: Sendable { case maximum, minimum, sum }

    public let kind: Kind
    public let values: [Double]
    @usableFromInline let summary: [Double]
    @usableFromInline let levelStarts: [Int]
    @usableFromInline static let shift = 6
    @usableFromInline static let branching = 1 << shift

    public init(_ values: [Double], kind: Kind) {
        self.kind = kind
        self.values = values
        var summary: [Double] = []
        var starts = [0]
        var below = values.count
        var source = -1
        while below > Self.branching {
            let count = (below + Self.branching - 1) >> Self.shift
            for block in 0..<count {
                let lo = block << Self.shift, hi = min(lo + Self.branching, below)
                var acc = Self.identity(kind)
                Self.fold(kind, values, summary, source, lo, hi, &acc)
                summary.append(acc)
            }
            source = starts[starts.count - 1]
            starts.append(source + count)
            below = count
        }
        self.summary = summary
        levelStarts = starts
    }

    /// The result for nothing: -inf for a maximum, +inf for a minimum, 0 for a sum.
    static func identity(_ kind: Kind) -> Double {
        switch kind {
        case .maximum: -.infinity
        case .minimum: .infinity
        case .sum: 0
        }
    }

    /// The largest, smallest or summed value at the indices `range`.
    public func value(_ range: ClosedRange<Int>) -> Double {
        precondition(range.lowerBound >= 0 && range.upperBound < values.count, "range outside the column")
        var lo = range.lowerBound, hi = range.upperBound
        var acc = Self.identity(kind)
        let levels = levelStarts.count - 1, b = Self.branching, shift = Self.shift
        var level = 0
        while true {
            let start = level == 0 ? -1 : levelStarts[level - 1]
            if level == levels || hi - lo + 1 < 2 * b {
                Self.fold(kind, values, summary, start, lo, hi + 1, &acc)
                return acc
            }
            let firstBlock = (lo + b - 1) >> shift
            let lastBlock = ((hi + 1) >> shift) - 1
            Self.fold(kind, values, summary, start, lo, firstBlock << shift, &acc)
            Self.fold(kind, values, summary, start, (lastBlock + 1) << shift, hi + 1, &acc)
            lo = firstBlock
            hi = lastBlock
            level += 1
        }
    }

    @inline(__always)
    static func fold(_ kind: Kind, _ values: [Double], _ summary: [Double], _ levelStart: Int, _ from: Int, _ to: Int,
                     _ acc: inout Double) {
        guard from < to else { return }
        if levelStart < 0 {
            values.withUnsafeBufferPointer { fold(kind, $0, from, to, &acc) }
        } else {
            summary.withUnsafeBufferPointer { fold(kind, UnsafeBufferPointer(rebasing: $0[levelStart...]), from, to, &acc) }
        }
    }

    @inline(__always)
    static func fold(_ kind: Kind, _ v: UnsafeBufferPointer<Double>, _ from: Int, _ to: Int, _ acc: inout Double) {
        switch kind {
        case .maximum: for i in from..<to where v[i] > acc { acc = v[i] }
        case .minimum: for i in from..<to where v[i] < acc { acc = v[i] }
        case .sum: for i in from..<to where !v[i].isNaN { acc += v[i] }
        }
    }
}
