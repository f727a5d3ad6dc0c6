import CKernels

/// The minimum and maximum of any index range of a column of prices, in about
/// O(log N) time: a pyramid of block minima and maxima with 16 entries per block.
///
/// Level 1 holds the minimum and maximum of each block of 16 prices, level 2 of
/// each block of 16 level-1 entries, and so on; a query scans at most 15
/// entries at each end of each level. It is built once per series in O(N) and
/// adds about 1.07 bytes per point (16 bytes per 16 points, plus a sixteenth of
/// that for each higher level). The chart's own price index has blocks of 64 prices
/// at its first level (`priceShift`): about 0.27 bytes a point, its ends scanned
/// eight prices at a time. Prices appended later extend it in place: only
/// the last block of each level and the new ones are computed (O(new + log N)).
/// Values are compared exactly as Doubles; NaN is not expected.
///
/// An indicator's line is indexed without its values (`init(replay:summary:)`): the index
/// keeps the levels, and reads the values it needs (the ends of a range, `value(at:)`)
/// from a `LineReplay`, which works them out again. `values` is empty then, and its first
/// level's blocks are 64 values (`replayedShift`): a quarter of the memory, and a replay
/// starts at the indicator's checkpoint before the block anyway (every 128 rows).
public struct MinMaxIndex: Sendable {
    /// The indexed prices (empty where they are replayed, `replay`).
    public private(set) var values: [Double]
    /// Works the values out again where the index does not keep them (an indicator's line).
    private var replay: (any LineReplay)?
    /// Every level above the prices, lowest first: (min, max) pairs stored interleaved.
    @usableFromInline private(set) var levels: [[Double]]

    /// How many of the values are NaN (not expected of prices; an indicator's warm-up), counted
    /// as the values are summarized: whoever indexes a column with gaps can tell without a
    /// pass of its own over the values.
    package private(set) var missing = 0

    /// Stands for the indexed contents: a new one is made at every change, so what was
    /// worked out from the index (`ColumnSpans`) can tell whether it still describes it.
    package private(set) var contents = Contents()

    /// The token of `contents`: compared by identity only.
    package final class Contents: Sendable {}

    /// The contents before the last change, and how many leading values that change left as
    /// they were (nil after a change from the first value, or none): spans worked out for
    /// those contents (`ColumnSpans`) take what they found over the unchanged values instead
    /// of asking the index again. Lending the values out and taking them back grown counts as
    /// one change.
    package private(set) var before: (contents: Contents, unchanged: Int)?
    /// Whether the values (or the replay) are lent out (`lendValues()`, `lendReplay()`): `before`
    /// then still names the contents they were lent from.
    private var lent = false

    @usableFromInline static let shift = 4
    @usableFromInline static let branching = 1 << shift

    /// How many values a first-level entry of a replayed line covers, as a power of two: 64
    /// rows, half an indicator's checkpoint interval (`IndicatorCheckpoints.interval`), since a
    /// replay starts at the checkpoint before a range's edge anyway. The whole pass that
    /// computes the lines summarizes a quarter as many blocks into a quarter of the memory.
    package static let replayedShift = 6

    /// How many prices a first-level entry of the chart's own price index covers (and of the
    /// log prices' it plots on a log axis), as a power of two: 64, as for a replayed line. A
    /// query reads at most 63 prices at each end (contiguous, in the cache together), and the
    /// index takes a quarter of the memory: about 0.27 bytes a point instead of 1.07, 2.5
    /// instead of 10 MB for ten million prices, held beside them for as long as the chart is open.
    package static let priceShift = 6

    /// How many values a first-level entry covers, as a power of two: `shift` (16) where the
    /// values are kept, `replayedShift` (64) for a replayed line, `priceShift` (64) for the
    /// chart's prices. The levels above the first
    /// hold `branching` entries of the level below each.
    package let firstShift: Int

    /// How many values a first-level entry covers.
    @inline(__always) var firstBranching: Int { 1 << firstShift }

    public init(_ values: [Double]) {
        self.init(values, firstShift: Self.shift)
    }

    /// The index of `values` whose first-level entries cover `1 << firstShift` values each
    /// (a replayed line's index is checked against one of its values made so).
    package init(_ values: [Double], firstShift: Int) {
        self.firstShift = firstShift
        self.values = values
        levels = []
        levels.reserveCapacity(8)
        extendLevels(from: 0)
    }

    /// The index of `values` whose first level (`summary`) the pass that wrote them worked out:
    /// only the levels above it are computed, without reading the values again.
    package init(_ values: [Double], summary: BlockSummary) {
        precondition(summary.pairs.count == 2 * ((values.count + Self.branching - 1) >> Self.shift),
                     "a summary of every block of the values")
        firstShift = Self.shift
        self.values = values
        levels = []
        levels.reserveCapacity(8)
        guard values.count > Self.branching else {
            extendLevels(from: 0)
            return
        }
        levels.append(summary.pairs)
        missing = summary.missing
        // The first level left as it is (not copied while the summary shares it): the levels above it made.
        extendLevels(from: values.count, aboveFirstLevel: true)
        before = nil
    }

    /// The index of a line whose values are not kept but worked out again by `replay`, whose
    /// first level (`summary`) the pass that computed them worked out: the levels above it are
    /// computed, and the values read where a query needs them.
    package init(replay: some LineReplay, summary: BlockSummary) {
        let count = replay.count
        let shift = Self.replayedShift
        firstShift = shift
        precondition(summary.pairs.count == 2 * ((count + (1 << shift) - 1) >> shift),
                     "a summary of every block of the values")
        values = []
        self.replay = replay
        levels = []
        levels.reserveCapacity(8)
        missing = summary.missing
        guard count > 1 << shift else { return }
        levels.append(summary.pairs)
        extendLevels(from: count, aboveFirstLevel: true)
    }

    /// The number of indexed prices.
    public var count: Int { replay?.count ?? values.count }

    /// Whether the values are worked out again where read rather than kept (an indicator's line).
    package var isReplayed: Bool { replay != nil }

    /// The value at `i` (inside `0..<count`).
    package func value(at i: Int) -> Double {
        guard let replay else { return values[i] }
        var value = 0.0
        replay.values(i..<(i + 1), into: &value)
        return value
    }

    /// The values at `rows` (inside `0..<count`).
    package func values(in rows: Range<Int>) -> [Double] {
        guard let replay else { return Array(values[rows]) }
        return [Double](unsafeUninitializedCapacity: rows.count) { buffer, initialized in
            if let base = buffer.baseAddress { replay.values(rows, into: base) }
            initialized = rows.count
        }
    }

    /// The values of the rows of `runs` (inside `0..<count`, in increasing order, none
    /// overlapping), run after run: a replayed line's worked out in one pass over them.
    package func values(runs: [Range<Int>]) -> [Double] {
        var total = 0
        for run in runs { total += run.count }
        return [Double](unsafeUninitializedCapacity: total) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            if let replay {
                replay.values(runs: runs, into: base)
            } else {
                var at = 0
                values.withUnsafeBufferPointer { v in
                    for run in runs {
                        (base + at).update(from: v.baseAddress! + run.lowerBound, count: run.count)
                        at += run.count
                    }
                }
            }
            initialized = total
        }
    }

    /// The rows whose values `minMax(range)` compares one by one (the others are read from the
    /// levels' whole blocks), as two runs (the second may be empty): for a replayed line, which
    /// works them out again, so that a reader can have those of many ranges worked out in one pass.
    package func edgeRows(_ range: ClosedRange<Int>) -> (Range<Int>, Range<Int>) {
        let lo = range.lowerBound, hi = range.upperBound
        let b = firstBranching, shift = firstShift
        if levels.isEmpty || hi - lo + 1 < 2 * b { return (lo..<(hi + 1), (hi + 1)..<(hi + 1)) }
        let firstBlock = (lo + b - 1) >> shift, lastBlock = ((hi + 1) >> shift) - 1
        return (lo..<(firstBlock << shift), ((lastBlock + 1) << shift)..<(hi + 1))
    }

    /// `minMax(range)` with the values of its `edgeRows` compared in by `widen` (for a replayed
    /// line, from those worked out for many ranges at once, `RowValues.widen`): the same
    /// comparisons in the same order.
    @inline(__always)
    package func minMax(_ range: ClosedRange<Int>,
                        edges widen: (Range<Int>, inout Double, inout Double) -> Void) -> (min: Double, max: Double) {
        precondition(range.lowerBound >= 0 && range.upperBound < count, "range outside the prices")
        let (left, right) = edgeRows(range)
        var mn = Double.infinity, mx = -Double.infinity
        if !left.isEmpty { widen(left, &mn, &mx) }
        if !right.isEmpty { widen(right, &mn, &mx) }
        if right.lowerBound > left.upperBound {
            let b = firstBranching, shift = firstShift
            widenLevels((range.lowerBound + b - 1) >> shift, ((range.upperBound + 1) >> shift) - 1, &mn, &mx)
        }
        return (mn, mx)
    }

    /// Every value (a replayed line worked out whole: for tests and whole-line readers).
    package var allValues: [Double] { replay == nil ? values : values(in: 0..<count) }

    /// Takes `replay`, the line grown from `lent` rows (those of the replay handed out by
    /// `lendReplay()`), and extends the index over the new rows: the first level's blocks from
    /// the one holding row `lent` on are summarized from replayed values, O(new + log N).
    /// `fresh`, when given, holds the values of the rows from `lent` on (as the pass that
    /// computed them wrote them): they are not replayed.
    package mutating func adopt(replay grown: some LineReplay, lent: Int, fresh given: [Double]? = nil) {
        precondition(replay == nil && values.isEmpty && grown.count >= lent, "adopt takes back the replay lent")
        replay = grown
        let count = grown.count
        contents = Contents()
        // The rows before `lent` are unchanged (an indicator's rows only take new ones after them),
        // also those of the first block summarized again.
        let unchanged = self.lent ? before.map { ($0.contents, min($0.unchanged, lent)) } : nil
        defer { before = unchanged }
        let shift = firstShift, b = firstBranching
        guard count > b else {
            self.lent = false
            levels = []
            missing = 0
            var nans = 0
            for v in values(in: 0..<count) where v.isNaN { nans += 1 }
            missing = nans
            return
        }
        let firstBlock = levels.isEmpty ? 0 : lent >> shift
        let from = firstBlock << shift
        var first = levels.isEmpty ? [] : levels[0]
        if !levels.isEmpty { levels[0] = [] }
        // The block holding row `lent` was summarized up to it: its pair takes the new rows in
        // order, as one pass over the whole block compares them (`summary`), and the blocks
        // after it are summarized from the new rows alone, which are all that is replayed.
        let given = given.flatMap { $0.count == count - lent ? $0 : nil }
        if lent > from, 2 * firstBlock + 1 < first.count {
            let fresh = given ?? values(in: lent..<count)
            let blockEnd = min(from + b, count)
            var mn = first[2 * firstBlock], mx = first[2 * firstBlock + 1]
            for v in fresh[0..<(blockEnd - lent)] {
                if v < mn { mn = v }
                if v > mx { mx = v }
                if v.isNaN { missing += 1 }
            }
            first[2 * firstBlock] = mn
            first[2 * firstBlock + 1] = mx
            first.removeSubrange((2 * firstBlock + 2)...)
            let blocks = (count + b - 1) >> shift
            if first.capacity < 2 * blocks { first.reserveCapacity(max(2 * blocks, first.capacity + first.capacity / 2)) }
            let added = blocks - firstBlock - 1, kept = first.count
            if added > 0 {
                first.append(contentsOf: repeatElement(0, count: 2 * added))
                first.withUnsafeMutableBufferPointer { pairs in
                    fresh[(blockEnd - lent)...].withUnsafeBufferPointer { v in
                        Self.summarize(v, blocks: 0..<added, into: pairs.baseAddress! + kept, nans: &missing, blockShift: shift)
                    }
                }
            }
            levels[0] = first
            extendLevels(from: from, aboveFirstLevel: true)
            return
        }
        // The NaNs of the blocks summarized again are counted afresh.
        let redone = from == lent ? given ?? values(in: from..<count) : values(in: from..<count)
        if !first.isEmpty, lent > from {
            for v in redone[0..<(lent - from)] where v.isNaN { missing -= 1 }
        } else if first.isEmpty {
            missing = 0
        }
        first.removeSubrange(min(2 * firstBlock, first.count)...)
        let blocks = (count + b - 1) >> shift
        if first.capacity < 2 * blocks { first.reserveCapacity(max(2 * blocks, first.capacity + first.capacity / 2)) }
        let added = blocks - firstBlock, kept = first.count
        first.append(contentsOf: repeatElement(0, count: 2 * added))
        first.withUnsafeMutableBufferPointer { pairs in
            redone.withUnsafeBufferPointer { v in
                Self.summarize(v, blocks: 0..<added, into: pairs.baseAddress! + kept, nans: &missing, blockShift: shift)
            }
        }
        if levels.isEmpty { levels.append(first) } else { levels[0] = first }
        extendLevels(from: from, aboveFirstLevel: true)
    }

    /// Lets go of the replay (keeping the levels), so that what it shares with its owner (the
    /// checkpoints, the input columns) can grow in place; `adopt(replay:lent:)` takes it back.
    /// Answers how many rows were indexed.
    package mutating func lendReplay() -> Int {
        let count = self.count
        // As `lendValues` does: spans worked out for these contents keep what they found over
        // the rows that stay as they are (`before`), so a followed file's look works out only
        // the columns the new rows reach.
        before = lent ? before.map { ($0.contents, min($0.unchanged, count)) } : (contents, count)
        lent = true
        replay = nil
        contents = Contents()
        return count
    }

    /// Extra memory of the index beyond the prices themselves, in bytes.
    package var summaryBytes: Int { levels.reduce(0) { $0 + $1.count } * MemoryLayout<Double>.stride }

    /// Appends prices to the index, recomputing only the blocks that hold them.
    public mutating func append(contentsOf newValues: [Double]) {
        guard !newValues.isEmpty else { return }
        let first = values.count
        values.append(contentsOf: newValues)
        extendLevels(from: first)
    }

    /// Appends rows to `series` and extends this index over its prices, keeping one
    /// shared copy of them (the index lets go of its copy while the series grows, so
    /// neither copies the column). When the series had to be re-sorted (a row out
    /// of order or with a time already there) the index is rebuilt: the answer says
    /// so, and the caller rebuilds whatever else depends on indices.
    public mutating func append(times: [Int64], prices: [Double], offsets: UTCOffsetRuns? = nil,
                                to series: inout PriceSeries) -> PriceSeries.Growth {
        values = []
        let growth = series.append(times: times, prices: prices, offsets: offsets)
        values = series.prices
        switch growth {
        case .extended(let from): extendLevels(from: from)
        case .reordered:
            levels = []
            extendLevels(from: 0)
        }
        return growth
    }

    /// Lets go of the indexed values (keeping the summary), so that the array they share
    /// with their owner can grow in place; `adopt(_:lent:)` takes them back. Answers how
    /// many values were indexed.
    package mutating func lendValues() -> Int {
        let count = values.count
        values = []
        before = lent ? before.map { ($0.contents, min($0.unchanged, count)) } : (contents, count)
        lent = true
        contents = Contents()
        return count
    }

    /// Takes `grown` (the `lent` values handed out by `lendValues()` with values appended)
    /// and extends the summary over the new ones: O(new + log N), no copy.
    package mutating func adopt(_ grown: [Double], lent: Int) {
        precondition(values.isEmpty && grown.count >= lent, "adopt takes back the values lent")
        values = grown
        extendLevels(from: lent)
    }

    /// Recomputes the summary entries that cover prices `first...` (and keeps the others);
    /// with `aboveFirstLevel`, only the levels above the first (which is whole and left as it is).
    mutating func extendLevels(from first: Int, aboveFirstLevel: Bool = false) {
        if first == 0 {
            before = nil
        } else if lent {
            before = before.map { ($0.contents, min($0.unchanged, first)) }
        } else {
            before = (contents, first)
        }
        lent = false
        contents = Contents()
        var below = count
        var changed = first   // the first entry of the level below that changed
        var level = 0
        // The NaNs among the new values: counted by the summary of a first level made whole, else
        // here (with the first level, by whoever summarized it).
        var counted = aboveFirstLevel
        if !aboveFirstLevel && first == 0 { missing = 0 }
        defer { if !counted { missing += Self.nanCount(values, from: first) } }
        if aboveFirstLevel {
            below = (below + firstBranching - 1) >> firstShift
            changed = first >> firstShift
            level = 1
        }
        // The first level's entries cover `firstShift`'s blocks of values, those above `shift`'s of entries.
        while below > (level == 0 ? firstBranching : Self.branching) {
            let levelShift = level == 0 ? firstShift : Self.shift
            let count = (below + (1 << levelShift) - 1) >> levelShift
            let source = level == 0 ? values : levels[level - 1]
            let pairs = level > 0, entriesBelow = below
            if levels.count == level {
                // A level that did not exist yet is computed whole, written through one pointer
                // (a large one advised as worth huge pages), and so is every one above it.
                let counting = level == 0 && first == 0
                var nans = 0
                levels.append(source.withUnsafeBufferPointer { s in
                    DoubleColumn.make(count: 2 * count) { out in
                        if !pairs {
                            Self.summarize(UnsafeBufferPointer(rebasing: s[..<entriesBelow]), blocks: 0..<count, into: out,
                                           nans: &nans, blockShift: levelShift)
                            return
                        }
                        Self.summarize(pairs: UnsafeBufferPointer(rebasing: s[..<(2 * entriesBelow)]), blocks: 0..<count,
                                       into: out)
                    }
                })
                if counting {
                    missing += nans
                    counted = true
                }
                changed = 0
            } else {
                let firstBlock = changed >> levelShift
                var entries = levels[level]
                levels[level] = []
                entries.removeSubrange(min(2 * firstBlock, entries.count)...)
                // Grown by half again, not to the exact count: a followed file adds a block at a time.
                if entries.capacity < 2 * count { entries.reserveCapacity(max(2 * count, entries.capacity + entries.capacity / 2)) }
                source.withUnsafeBufferPointer { s in
                    for block in firstBlock..<count {
                        var nans = 0
                        let (mn, mx) = Self.summary(s, pairs: pairs, block: block, below: entriesBelow, nans: &nans,
                                                    blockShift: levelShift)
                        entries.append(mn)
                        entries.append(mx)
                    }
                }
                levels[level] = entries
                changed = firstBlock
            }
            below = count
            level += 1
        }
    }

    /// How many of `values` from `first` on are NaN.
    private static func nanCount(_ values: [Double], from first: Int) -> Int {
        values.withUnsafeBufferPointer { v in
            var nans = 0
            for i in first..<v.count where v[i].isNaN { nans += 1 }
            return nans
        }
    }

    /// Writes the (min, max) pair of each block `blocks` of the prices `s` (the last block may
    /// be short) to `out`, the pair of block `blocks.lowerBound` first; adds the NaN prices to
    /// `nans`. The pairs are those `summary` gives, bit for bit: a whole block (of 8 or more
    /// prices) is compared four or two prices at a time (`tc_extremes`), and a block where that
    /// could differ from one pass in order (a NaN among its prices, whose count the packed pass
    /// does not keep and which it finds by their sum, or an extreme of zero, where the first of
    /// +0 and -0 must be kept) is
    /// summarized again by `summary`. The pass of a whole series' first level (an indicator's
    /// lines, a loaded column) spends most of its time here.
    @inline(__always)
    static func summarize(_ s: UnsafeBufferPointer<Double>, blocks: Range<Int>, into out: UnsafeMutablePointer<Double>,
                          nans: inout Int, blockShift: Int = shift) {
        guard let base = s.baseAddress else { return }
        let below = s.count, branching = 1 << blockShift
        assert(blockShift >= 3, "tc_extremes takes whole blocks of a multiple of 8 values")
        var at = out
        for block in blocks {
            let lo = block << blockShift
            defer { at += 2 }
            if lo + branching <= below {
                // Packed comparisons in C (`tc_extremes`: a loop of them in Swift compiles to shuffles).
                var mn = 0.0, mx = 0.0, sum = 0.0
                tc_extremes(base + lo, branching, &mn, &mx, &sum)
                if sum == sum && mn != 0 && mx != 0 {
                    at[0] = mn
                    at[1] = mx
                    continue
                }
            }
            (at[0], at[1]) = summary(s, pairs: false, block: block, below: below, nans: &nans, blockShift: blockShift)
        }
    }

    /// Writes the (min, max) pair of each block `blocks` of a level's (min, max) pairs `s` (the
    /// last block may be short) to `out`, as `summary` gives them bit for bit: a whole block's
    /// pairs compared a pair at a time (a packed comparison, the minimum's lane against the
    /// minimum, the maximum's against the maximum, in two chains that overlap), and a block
    /// whose extreme is zero (where the first of +0 and -0 must be kept) summarized again by
    /// `summary`. A level holds no NaN (a block of them only is +infinity, -infinity).
    @inline(__always)
    static func summarize(pairs s: UnsafeBufferPointer<Double>, blocks: Range<Int>, into out: UnsafeMutablePointer<Double>) {
        guard let base = s.baseAddress else { return }
        let raw = UnsafeRawPointer(base), below = s.count / 2
        let lower: SIMDMask<SIMD2<Int64>> = [true, false], upper: SIMDMask<SIMD2<Int64>> = [false, true]
        var at = out, nans = 0
        for block in blocks {
            let lo = block << shift
            defer { at += 2 }
            if lo + branching <= below {
                @inline(__always) func pair(_ j: Int) -> SIMD2<Double> {
                    raw.loadUnaligned(fromByteOffset: (lo &+ j) &* 16, as: SIMD2<Double>.self)
                }
                var even = pair(0), odd = pair(1)
                var j = 2
                while j < branching {
                    let a = pair(j), b = pair(j &+ 1)
                    even.replace(with: a, where: (a .< even) .& lower .| (a .> even) .& upper)
                    odd.replace(with: b, where: (b .< odd) .& lower .| (b .> odd) .& upper)
                    j &+= 2
                }
                let mn = odd[0] < even[0] ? odd[0] : even[0], mx = odd[1] > even[1] ? odd[1] : even[1]
                if mn != 0 && mx != 0 {
                    at[0] = mn
                    at[1] = mx
                    continue
                }
            }
            (at[0], at[1]) = summary(s, pairs: true, block: block, below: below, nans: &nans)
        }
    }

    /// The minimum and maximum of block `block` of a level's `below` entries: prices, or
    /// (min, max) pairs stored interleaved when `pairs`; adds the NaN prices to `nans`.
    @inline(__always)
    static func summary(_ s: UnsafeBufferPointer<Double>, pairs: Bool, block: Int, below: Int,
                                nans: inout Int, blockShift: Int = shift) -> (Double, Double) {
        let lo = block << blockShift, hi = min(lo + (1 << blockShift), below)
        var mn = Double.infinity, mx = -Double.infinity
        if pairs {
            for i in lo..<hi {
                let a = s[2 * i], c = s[2 * i + 1]
                if a < mn { mn = a }
                if c > mx { mx = c }
            }
        } else if hi - lo == branching {
            // A whole block as four runs of four, each its own chain of comparisons, then the runs in
            // their order: a run's extreme replaces the one before only when strictly beyond it, so
            // the first of equal extremes (+0 or -0) is kept, as in one pass in order.
            var mins = (Double.infinity, Double.infinity, Double.infinity, Double.infinity)
            var maxs = (-Double.infinity, -Double.infinity, -Double.infinity, -Double.infinity)
            var count = 0
            for i in 0..<4 {
                let a = s[lo + i], b = s[lo + 4 + i], c = s[lo + 8 + i], d = s[lo + 12 + i]
                if a < mins.0 { mins.0 = a }
                if a > maxs.0 { maxs.0 = a }
                if b < mins.1 { mins.1 = b }
                if b > maxs.1 { maxs.1 = b }
                if c < mins.2 { mins.2 = c }
                if c > maxs.2 { maxs.2 = c }
                if d < mins.3 { mins.3 = d }
                if d > maxs.3 { maxs.3 = d }
                count &+= (a.isNaN ? 1 : 0) &+ (b.isNaN ? 1 : 0) &+ (c.isNaN ? 1 : 0) &+ (d.isNaN ? 1 : 0)
            }
            mn = mins.0
            mx = maxs.0
            if mins.1 < mn { mn = mins.1 }
            if maxs.1 > mx { mx = maxs.1 }
            if mins.2 < mn { mn = mins.2 }
            if maxs.2 > mx { mx = maxs.2 }
            if mins.3 < mn { mn = mins.3 }
            if maxs.3 > mx { mx = maxs.3 }
            nans &+= count
        } else {
            for i in lo..<hi {
                let x = s[i]
                if x < mn { mn = x }
                if x > mx { mx = x }
                nans &+= x.isNaN ? 1 : 0
            }
        }
        return (mn, mx)
    }

    /// The smallest and largest price at the indices `range`, which must lie inside `0..<count`.
    /// Read through buffer pointers, level by level: a frame asks this for every dot column.
    public func minMax(_ range: ClosedRange<Int>) -> (min: Double, max: Double) {
        precondition(range.lowerBound >= 0 && range.upperBound < count, "range outside the prices")
        if let replay { return replayedMinMax(range, replay) }
        let lo = range.lowerBound, hi = range.upperBound
        var mn = Double.infinity, mx = -Double.infinity
        let b = firstBranching, shift = firstShift
        // The prices, then each level's (min, max) pairs, until the range is short enough to scan.
        values.withUnsafeBufferPointer { prices in
            if levels.isEmpty || hi - lo + 1 < 2 * b {
                Self.widen(prices, pairs: false, lo, hi + 1, &mn, &mx)
                return
            }
            let firstBlock = (lo + b - 1) >> shift, lastBlock = ((hi + 1) >> shift) - 1
            Self.widen(prices, pairs: false, lo, firstBlock << shift, &mn, &mx)
            Self.widen(prices, pairs: false, (lastBlock + 1) << shift, hi + 1, &mn, &mx)
            widenLevels(firstBlock, lastBlock, &mn, &mx)
        }
        return (mn, mx)
    }

    /// `minMax` of a line whose values are replayed: the values of its two edges (fewer than a
    /// block each) worked out again, the whole blocks between them read from the levels.
    private func replayedMinMax(_ range: ClosedRange<Int>, _ replay: any LineReplay) -> (min: Double, max: Double) {
        let lo = range.lowerBound, hi = range.upperBound
        var mn = Double.infinity, mx = -Double.infinity
        let b = firstBranching, shift = firstShift
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * b) { buffer in
            func widenReplayed(_ from: Int, _ to: Int) {
                guard from < to, let base = buffer.baseAddress else { return }
                replay.values(from..<to, into: base)
                Self.widen(UnsafeBufferPointer(buffer), pairs: false, 0, to - from, &mn, &mx)
            }
            if levels.isEmpty || hi - lo + 1 < 2 * b {
                widenReplayed(lo, hi + 1)
                return
            }
            let firstBlock = (lo + b - 1) >> shift, lastBlock = ((hi + 1) >> shift) - 1
            widenReplayed(lo, firstBlock << shift)
            widenReplayed((lastBlock + 1) << shift, hi + 1)
            widenLevels(firstBlock, lastBlock, &mn, &mx)
        }
        return (mn, mx)
    }

    /// Widens `mn...mx` by the first-level entries `lo...hi` (whole blocks), each level's
    /// (min, max) pairs read until the range is short enough to scan.
    @inline(__always)
    private func widenLevels(_ lo: Int, _ hi: Int, _ mn: inout Double, _ mx: inout Double) {
        var lo = lo, hi = hi
        let b = Self.branching, shift = Self.shift
        for level in levels.indices {
            levels[level].withUnsafeBufferPointer { entries in
                if level == levels.count - 1 || hi - lo + 1 < 2 * b {
                    Self.widen(entries, pairs: true, lo, hi + 1, &mn, &mx)
                    hi = lo - 1
                    return
                }
                let firstBlock = (lo + b - 1) >> shift
                let lastBlock = ((hi + 1) >> shift) - 1
                Self.widen(entries, pairs: true, lo, firstBlock << shift, &mn, &mx)
                Self.widen(entries, pairs: true, (lastBlock + 1) << shift, hi + 1, &mn, &mx)
                lo = firstBlock
                hi = lastBlock
            }
            if hi < lo { break }
        }
    }

    /// Widens `mn...mx` by the entries `from..<to` of one level: prices, or (min, max)
    /// pairs stored interleaved when `pairs`.
    @inline(__always)
    static func widen(_ s: UnsafeBufferPointer<Double>, pairs: Bool, _ from: Int, _ to: Int,
                      _ mn: inout Double, _ mx: inout Double) {
        guard from < to else { return }
        do {
            if !pairs {
                // Eight prices or more: packed comparisons over the most whole eights (`tc_extremes`),
                // the same extremes as the loop below gives unless one is a zero (+0 or -0: the
                // loop keeps the first of them) or a price is NaN (the loop leaves it out): then
                // the loop compares them after all.
                var from = from
                let whole = (to - from) & ~7
                if whole > 0, let base = s.baseAddress {
                    var lowest = 0.0, highest = 0.0, sum = 0.0
                    tc_extremes(base + from, whole, &lowest, &highest, &sum)
                    if sum == sum && lowest != 0 && highest != 0 {
                        if lowest < mn { mn = lowest }
                        if highest > mx { mx = highest }
                        from += whole
                    }
                }
                for i in from..<to {
                    let x = s[i]
                    if x < mn { mn = x }
                    if x > mx { mx = x }
                }
            } else {
                for i in from..<to {
                    let a = s[2 * i], c = s[2 * i + 1]
                    if a < mn { mn = a }
                    if c > mx { mx = c }
                }
            }
        }
    }
}
