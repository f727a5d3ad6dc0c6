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
        // Where the level below starts in `summary` (in pairs), -1 for the prices.
        var source = -1
        while below > Self.branching {
            let count = (below + Self.branching - 1) >> Self.shift
            for block in 0..<count {
                let lo = block << Self.shift, hi = min(lo + Self.branching, below)
                var mn = Double.infinity, mx = -Double.infinity
                Self.widen(values, summary, levelStart: source, lo, hi, &mn, &mx)
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
        var lo = range.lowerBound, hi = range.upperBound
        var mn = Double.infinity, mx = -Double.infinity
        let levels = levelStarts.count - 1
        let b = Self.branching, shift = Self.shift
        var level = 0
        while true {
            let start = level == 0 ? -1 : levelStarts[level - 1]
            if level == levels || hi - lo + 1 < 2 * b {
                Self.widen(values, summary, levelStart: start, lo, hi + 1, &mn, &mx)
                return (mn, mx)
            }
            // Whole blocks firstBlock...lastBlock are answered by the next level.
            let firstBlock = (lo + b - 1) >> shift
            let lastBlock = ((hi + 1) >> shift) - 1
            Self.widen(values, summary, levelStart: start, lo, firstBlock << shift, &mn, &mx)
            Self.widen(values, summary, levelStart: start, (lastBlock + 1) << shift, hi + 1, &mn, &mx)
            lo = firstBlock
            hi = lastBlock
            level += 1
        }
    }

    /// Widens `mn...mx` by the entries `from..<to` of the level that starts at pair
    /// `levelStart` of `summary`, or of the prices when `levelStart` is -1.
    @inline(__always)
    static func widen(_ values: [Double], _ summary: [Double], levelStart: Int, _ from: Int, _ to: Int,
                      _ mn: inout Double, _ mx: inout Double) {
        guard from < to else { return }
        if levelStart < 0 {
            values.withUnsafeBufferPointer { v in
                for i in from..<to {
                    let x = v[i]
                    if x < mn { mn = x }
                    if x > mx { mx = x }
                }
            }
        } else {
            summary.withUnsafeBufferPointer { s in
                for i in (levelStart + from)..<(levelStart + to) {
                    let a = s[2 * i], c = s[2 * i + 1]
                    if a < mn { mn = a }
                    if c > mx { mx = c }
                }
            }
        }
    }
}
