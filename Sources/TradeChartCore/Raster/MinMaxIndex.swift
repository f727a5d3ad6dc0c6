/// The minimum and maximum of any index range of a column of prices, in about
/// O(log N) time: a pyramid of block minima and maxima with 16 entries per block.
///
/// Level 1 holds the minimum and maximum of each block of 16 prices, level 2 of
/// each block of 16 level-1 entries, and so on; a query scans at most 15
/// entries at each end of each level. It is built once per series in O(N) and
/// adds about 1.07 bytes per point (16 bytes per 16 points, plus a sixteenth of
/// that for each higher level). Values are compared exactly as Doubles; NaN is
/// not expected.
public struct MinMaxIndex: Sendable {
    /// The indexed prices.
    public let values: [Double]
    /// Every level above the prices, lowest first: (min, max) pairs stored interleaved.
    @usableFromInline let summary: [Double]
    /// Where each level (1, 2, ...) starts in `summary`, counted in pairs; one
    /// more entry marks the end of the last level.
    @usableFromInline let levelStarts: [Int]

    @usableFromInline static let shift = 4
    @usableFromInline static let branching = 1 << shift

    public init(_ values: [Double]) {
        self.values = values
        var starts = [0]
        var summary: [Double] = []
        summary.reserveCapacity(2 * (values.count / (Self.branching - 1) + 2))
        var below = values.count
        // The first level reads prices, the others read the pairs of the level below.
        var source = -1
        while below > Self.branching {
            let count = (below + Self.branching - 1) >> Self.shift
            for block in 0..<count {
                let lo = block << Self.shift, hi = min(lo + Self.branching, below)
                var mn = Double.infinity, mx = -Double.infinity
                if source < 0 {
                    values.withUnsafeBufferPointer { v in
                        for i in lo..<hi {
                            let x = v[i]
                            if x < mn { mn = x }
                            if x > mx { mx = x }
                        }
                    }
                } else {
                    for i in lo..<hi {
                        let a = summary[2 * (source + i)], b = summary[2 * (source + i) + 1]
                        if a < mn { mn = a }
                        if b > mx { mx = b }
                    }
                }
                summary.append(mn)
                summary.append(mx)
            }
            source = starts[starts.count - 1]
            starts.append(source + count)
            below = count
        }
        self.summary = summary
        levelStarts = starts
    }

    /// The number of indexed prices.
    @inlinable public var count: Int { values.count }

    /// Extra memory of the index beyond the prices themselves, in bytes.
    public var summaryBytes: Int { summary.count * MemoryLayout<Double>.stride }

    /// The smallest and largest price at the indices `range`, which must lie inside `0..<count`.
    public func minMax(_ range: ClosedRange<Int>) -> (min: Double, max: Double) {
        precondition(range.lowerBound >= 0 && range.upperBound < values.count, "range outside the prices")
        var mn = Double.infinity, mx = -Double.infinity
        values.withUnsafeBufferPointer { v in
            summary.withUnsafeBufferPointer { s in
                var lo = range.lowerBound, hi = range.upperBound
                var level = 0
                let levels = levelStarts.count - 1
                let b = Self.branching, shift = Self.shift
                while true {
                    // Scans the entries [from, to) of the current level.
                    func scan(_ from: Int, _ to: Int) {
                        guard from < to else { return }
                        if level == 0 {
                            for i in from..<to {
                                let x = v[i]
                                if x < mn { mn = x }
                                if x > mx { mx = x }
                            }
                        } else {
                            let base = 2 * levelStarts[level - 1]
                            for i in from..<to {
                                let a = s[base + 2 * i], c = s[base + 2 * i + 1]
                                if a < mn { mn = a }
                                if c > mx { mx = c }
                            }
                        }
                    }
                    if level == levels || hi - lo + 1 < 2 * b {
                        scan(lo, hi + 1)
                        return
                    }
                    // Whole blocks [firstBlock, lastBlock] are answered by the next level.
                    let firstBlock = (lo + b - 1) >> shift
                    let lastBlock = ((hi + 1) >> shift) - 1
                    scan(lo, firstBlock << shift)
                    scan((lastBlock + 1) << shift, hi + 1)
                    lo = firstBlock
                    hi = lastBlock
                    level += 1
                }
            }
        }
        return (mn, mx)
    }
}
