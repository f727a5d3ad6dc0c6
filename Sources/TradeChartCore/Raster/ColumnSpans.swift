/// What a polyline through points of a `MinMaxIndex` covers in each dot column, worked out
/// once in the index's own values, so that it is drawn under any y map without asking the
/// index again (`LineRasterizer`'s semantics): for each column the points inside it
/// (`lo...hi`, empty when none), their lowest and highest value, and the values at the ends
/// of the two segments that may cross its edges.
///
/// It depends on the index's contents, the points, the x map and the width, and says
/// whether it still describes them (`describes`): an index changes its `contents` token
/// at every change, so spans kept from before a change never pass for it.
package struct ColumnSpans: Sendable {
    /// The index's contents the spans were worked out from (held, so its identity is not reused).
    private(set) var contents: MinMaxIndex.Contents
    private(set) var points: ClosedRange<Int>
    let x: AffineMap
    let width: Int
    /// The points clamped to the index; `first > last` when none is drawn.
    private var first: Int
    private var last: Int
    /// The first column described; the others follow it.
    private var startColumn = 0
    /// Per column: `lo` and `hi`.
    private var bounds: [Int] = []
    /// Per column: the lowest and highest value of `lo...hi`, the values of points `lo - 1`
    /// and `lo` (the segment leaving on the left) and of `hi` and `hi + 1` (on the right),
    /// each pair where that segment exists.
    private var values: [Double] = []
    /// The dot columns copied from the spans worked out before (`init(_:points:x:width:reusing:)`,
    /// under the same x map), with the contents and the points those spans described:
    /// what was drawn from them there is drawn from these (`LineRasterizer.runs(_:y:widthDots:heightDots:keeping:)`).
    package private(set) var copied: (contents: MinMaxIndex.Contents, points: ClosedRange<Int>, columns: Range<Int>)?
    /// How many columns were copied.
    package var copiedColumns: Int { copied?.columns.count ?? 0 }

    /// The spans of the points `points` of `index` (clamped to it) in the columns `0..<width`
    /// under the x map `x` (see `LineRasterizer.forEachColumnSpan`). Given the spans worked
    /// out `before` for this index or for its contents before its last change (`MinMaxIndex.before`:
    /// a followed file's rows appended), a column whose points moved by a few takes its old
    /// lowest and highest value, widened by the points it gained, unless a point it lost held
    /// one of them: the index is asked only for the others (a look that finds rows asks it for
    /// a column or two, not for every one).
    package init(_ index: MinMaxIndex, points: ClosedRange<Int>, x: AffineMap, width: Int, reusing before: ColumnSpans? = nil) {
        contents = index.contents
        self.points = points
        self.x = x
        self.width = width
        first = max(points.lowerBound, 0)
        last = min(points.upperBound, index.count - 1)
        guard first <= last, width > 0 else { return }
        guard let range = Self.columns(first: first, last: last, x: x, width: width) else { return }
        let start = range.lowerBound, end = range.upperBound
        startColumn = start
        // With a negative scale, negated x rises with the index; negation is exact.
        let mirrored = x.scale < 0
        let search = IndexSearch(first: first, last: last, map: x, mirrored: mirrored)
        let columns = end - start + 1
        let first = first, last = last
        let edges = ColumnEdges(search: search, mirrored: mirrored, last: last)
        let earlier = before.flatMap { Earlier($0, of: index, width: width) }
        // Under the same x map (a followed chart's held one) the columns between the two ends
        // are those worked out before, bounds and values: copied, neither searched nor read.
        let same = mirrored ? 0..<0 : earlier?.sameColumns(x: x, first: first, last: last, start: start, columns: columns) ?? 0..<0
        if let earlier, !same.isEmpty {
            copied = (earlier.spans.contents, earlier.spans.points, (start + same.lowerBound)..<(start + same.upperBound))
        }
        bounds = [Int](unsafeUninitializedCapacity: 2 * columns) { b, initialized in
            earlier?.copy(\.bounds, columns: same, from: start, into: b, each: 2)
            var previous: (notBelow: Int, above: Int)?
            for c in 0..<columns {
                if same.contains(c) {
                    previous = nil
                    continue
                }
                let left = previous ?? edges.edge(start + c)
                let next = edges.edge(start + c + 1)
                // Mirrored, the keys of the column's right edge come first.
                b[2 * c] = mirrored ? next.notBelow : left.notBelow
                b[2 * c + 1] = (mirrored ? left.above : next.above) - 1
                previous = next
            }
            initialized = 2 * columns
        }
        // A replayed line (an indicator's) has no values to compare: the rows every column not
        // copied reads (its range's edges, the segments leaving it) are worked out in one pass.
        if index.isReplayed {
            values = Self.replayedValues(index, bounds: bounds, columns: columns, first: first, last: last) { v in
                earlier?.copy(\.values, columns: same, from: start, into: v, each: 6)
                return same
            }
            return
        }
        let bounds = bounds
        values = [Double](unsafeUninitializedCapacity: 6 * columns) { v, initialized in
            v.initialize(repeating: 0)
            initialized = 6 * columns
            earlier?.copy(\.values, columns: same, from: start, into: v, each: 6)
            Self.fillStored(index, bounds: bounds, columns: (0..<columns).filter { !same.contains($0) }, first: first, last: last,
                            into: v) { c, lo, hi, p in earlier?.minMax(column: start + c, lo, hi, p) }
        }
    }

    /// The columns from the first that can touch the points `first...last` under `x` to the
    /// last, in `width` columns (each column checks itself exactly); nil when none can.
    private static func columns(first: Int, last: Int, x: AffineMap, width: Int) -> ClosedRange<Int>? {
        let xFirst = LineRasterizer.dotX(first, x), xLast = LineRasterizer.dotX(last, x)
        let xLow = min(xFirst, xLast), xHigh = max(xFirst, xLast)
        guard xHigh >= 0, xLow <= Double(width) else { return nil }
        let start = xLow < 1 ? 0 : Clamp.int(xLow) - 1
        let end = xHigh >= Double(width - 1) ? width - 1 : Clamp.int(xHigh)
        return start <= end ? start...end : nil
    }

    /// Writes the values of `columns` (their entries zero) of a line whose values the index
    /// keeps to `v`: each column's extremes (`shortcut`'s, when it has them, else the index's)
    /// and the values at the ends of the segments leaving it.
    private static func fillStored(_ index: MinMaxIndex, bounds: [Int], columns: [Int], first: Int, last: Int,
                                   into v: UnsafeMutableBufferPointer<Double>,
                                   shortcut: (Int, Int, Int, UnsafeBufferPointer<Double>) -> (min: Double, max: Double)?) {
        index.values.withUnsafeBufferPointer { p in
            for c in columns {
                let lo = bounds[2 * c], hi = bounds[2 * c + 1]
                if lo <= hi { (v[6 * c], v[6 * c + 1]) = shortcut(c, lo, hi, p) ?? index.minMax(lo...hi) }
                // The segments leaving the column's points on the left and on the right (`leftSegment`, `rightSegment`).
                if lo > first && lo <= last { (v[6 * c + 2], v[6 * c + 3]) = (p[lo - 1], p[lo]) }
                if hi >= first && hi < last && hi != lo - 1 { (v[6 * c + 4], v[6 * c + 5]) = (p[hi], p[hi + 1]) }
            }
        }
    }

    /// The per-column values (as `values`) of a replayed line: every row the columns read (the
    /// edges of each one's range outside whole blocks, `MinMaxIndex.edgeRows`, and the two ends
    /// of each segment leaving it) asked of the index at once, in increasing order, then each
    /// column's extremes from those and the index's levels, with the comparisons `minMax` makes
    /// (`RowValues`).
    /// `copying` fills the columns whose values it answers (those copied from spans worked out before).
    private static func replayedValues(_ index: MinMaxIndex, bounds: [Int], columns: Int, first: Int, last: Int,
                                       copying: (UnsafeMutableBufferPointer<Double>) -> Range<Int>) -> [Double] {
        var copied = 0..<0
        var v = [Double](unsafeUninitializedCapacity: 6 * columns) { v, initialized in
            copied = copying(v)
            // The others start at zero (a column's entries without a segment or a point stay so).
            UnsafeMutableBufferPointer(rebasing: v[0..<(6 * copied.lowerBound)]).initialize(repeating: 0)
            UnsafeMutableBufferPointer(rebasing: v[(6 * copied.upperBound)..<(6 * columns)]).initialize(repeating: 0)
            initialized = 6 * columns
        }
        // The columns not copied: those before the copied ones and those after.
        let unread = Array(0..<copied.lowerBound) + Array(copied.upperBound..<columns)
        v.withUnsafeMutableBufferPointer { v in fillReplayed(index, bounds: bounds, columns: unread, first: first, last: last, into: v) }
        return v
    }

    /// Writes the values of `columns` (their entries zero) of a replayed line to `v`, from the
    /// rows they read, worked out at once (`replayedValues`).
    private static func fillReplayed(_ index: MinMaxIndex, bounds: [Int], columns unread: [Int], first: Int, last: Int,
                                     into v: UnsafeMutableBufferPointer<Double>) {
        var wanted: [Range<Int>] = []
        wanted.reserveCapacity(4 * unread.count)
        for c in unread {
            let lo = bounds[2 * c], hi = bounds[2 * c + 1]
            if lo > first && lo <= last { wanted.append((lo - 1)..<(lo + 1)) }
            if lo <= hi {
                let (left, right) = index.edgeRows(lo...hi)
                if !left.isEmpty { wanted.append(left) }
                if !right.isEmpty { wanted.append(right) }
            }
            if hi >= first && hi < last && hi != lo - 1 { wanted.append(hi..<(hi + 2)) }
        }
        var read = RowValues(index, wanted: wanted)
        for c in unread {
            let lo = bounds[2 * c], hi = bounds[2 * c + 1]
            if lo <= hi { (v[6 * c], v[6 * c + 1]) = index.minMax(lo...hi) { read.widen($0, &$1, &$2) } }
            if lo > first && lo <= last { (v[6 * c + 2], v[6 * c + 3]) = (read.value(lo - 1), read.value(lo)) }
            if hi >= first && hi < last && hi != lo - 1 { (v[6 * c + 4], v[6 * c + 5]) = (read.value(hi), read.value(hi + 1)) }
        }
    }

    /// Spans worked out before for the same index (or its contents before a change), and
    /// how many of its first values are still those they were worked out from.
    private struct Earlier {
        let spans: ColumnSpans
        let unchanged: Int
        /// A column's points are compared one by one only while few of them moved.
        static let mostMoved = 64

        init?(_ spans: ColumnSpans, of index: MinMaxIndex, width: Int) {
            guard spans.width == width, !spans.bounds.isEmpty else { return nil }
            if spans.contents === index.contents {
                unchanged = index.count
            } else if let before = index.before, before.contents === spans.contents {
                unchanged = before.unchanged
            } else {
                return nil
            }
            self.spans = spans
        }

        /// The columns (counted from `start`, of `columns`) whose bounds and values under the
        /// map `x` and the points `first...last` are those the earlier spans hold: under the
        /// same map, a column whose first point comes after `first` and whose last point and
        /// the one after it come before the earlier last point and the first value changed
        /// (so neither end clamped it, before or now, and its segments read the same values).
        /// They follow one another: the first points rise from column to column, and so do the last.
        func sameColumns(x: AffineMap, first: Int, last: Int, start: Int, columns: Int) -> Range<Int> {
            spans.sameColumns(x: x, first: first, last: last, start: start, columns: columns, unchanged: unchanged)
        }

        /// Copies what the earlier spans hold in `part` (`each` entries a column) for the
        /// `columns` counted from `start` to where those columns go in `target`.
        func copy<T: BitwiseCopyable>(_ part: KeyPath<ColumnSpans, [T]>, columns: Range<Int>, from start: Int,
                                      into target: UnsafeMutableBufferPointer<T>, each: Int) {
            guard !columns.isEmpty else { return }
            let from = (start + columns.lowerBound - spans.startColumn) * each
            spans[keyPath: part].withUnsafeBufferPointer { source in
                precondition(from >= 0 && from + columns.count * each <= source.count && columns.upperBound * each <= target.count)
                // One block copy (the slices' generic update, and a typed pointer's, copied a value at a time).
                UnsafeMutableRawPointer(target.baseAddress! + columns.lowerBound * each)
                    .copyMemory(from: source.baseAddress! + from, byteCount: columns.count * each * MemoryLayout<T>.stride)
            }
        }

        /// The lowest and highest value of points `lo...hi` in `column` from what the earlier
        /// spans found there (`lo0...hi0`): the points gained compared in, those lost checked;
        /// nil when a lost point held the old lowest or highest, the points moved too far, or
        /// the values they were found over changed.
        @inline(__always)
        func minMax(column: Int, _ lo: Int, _ hi: Int, _ p: UnsafeBufferPointer<Double>) -> (min: Double, max: Double)? {
            let c = column - spans.startColumn
            guard c >= 0, 2 * c < spans.bounds.count else { return nil }
            let lo0 = spans.bounds[2 * c], hi0 = spans.bounds[2 * c + 1]
            guard lo0 <= hi0, hi0 < unchanged, lo <= hi0, lo0 <= hi,
                  abs(lo - lo0) + abs(hi - hi0) <= Self.mostMoved else { return nil }
            var mn = spans.values[6 * c], mx = spans.values[6 * c + 1]
            // Lost on the left (lo0..<lo) and on the right (hi+1...hi0): neither may hold an extreme.
            var i = lo0
            while i < lo {
                let v = p[i]
                if v == mn || v == mx || v.isNaN { return nil }
                i += 1
            }
            i = hi + 1
            while i <= hi0 {
                let v = p[i]
                if v == mn || v == mx || v.isNaN { return nil }
                i += 1
            }
            // Gained on the left (lo..<lo0) and on the right (hi0+1...hi), as the index compares them.
            i = lo
            while i < lo0 {
                let v = p[i]
                if v < mn { mn = v }
                if v > mx { mx = v }
                i += 1
            }
            i = hi0 + 1
            while i <= hi {
                let v = p[i]
                if v < mn { mn = v }
                if v > mx { mx = v }
                i += 1
            }
            return (mn, mx)
        }
    }

    /// The columns (counted from `start`, of `columns`) whose bounds and values under the map
    /// `x` and the points `first...last` are those these spans hold, their index's first
    /// `unchanged` values as they were (`Earlier.sameColumns`).
    private func sameColumns(x: AffineMap, first: Int, last: Int, start: Int, columns: Int, unchanged: Int) -> Range<Int> {
        guard self.x == x, self.first <= self.last, first >= self.first, last >= self.last else { return 0..<0 }
        let end = min(self.last, unchanged)
        let from = max(start, startColumn), to = min(start + columns, startColumn + bounds.count / 2)
        guard from < to else { return 0..<0 }
        var lowest = from
        while lowest < to && bounds[2 * (lowest - startColumn)] <= first { lowest += 1 }
        var highest = to
        while highest > lowest && bounds[2 * (highest - 1 - startColumn) + 1] + 1 >= end { highest -= 1 }
        return (lowest - start)..<(highest - start)
    }

    /// These spans made those of `points` of `index` in place, under the same x map and width,
    /// when `index` is the index they describe or it grown since (`MinMaxIndex.before`): the
    /// columns the change reaches are worked out again, as `init(_:points:x:width:reusing:)`
    /// works them out, and the others stay where they are (not copied: a followed chart's look
    /// touches a column or two of each line, not its every column). False, changing nothing,
    /// when the first column moved, the map is mirrored or the spans describe another index.
    package mutating func regrow(_ index: MinMaxIndex, points: ClosedRange<Int>) -> Bool {
        guard x.scale > 0, !bounds.isEmpty, first <= last else { return false }
        let unchanged: Int
        if contents === index.contents {
            unchanged = index.count
        } else if let before = index.before, before.contents === contents {
            unchanged = before.unchanged
        } else {
            return false
        }
        let first = max(points.lowerBound, 0), last = min(points.upperBound, index.count - 1)
        guard first <= last else { return false }
        guard let range = Self.columns(first: first, last: last, x: x, width: width), range.lowerBound == startColumn else {
            return false
        }
        let start = range.lowerBound, end = range.upperBound
        let columns = end - start + 1, before = bounds.count / 2
        let same = sameColumns(x: x, first: first, last: last, start: start, columns: columns, unchanged: unchanged)
        copied = same.isEmpty ? nil : (contents, self.points, (start + same.lowerBound)..<(start + same.upperBound))
        if columns > before {
            bounds.append(contentsOf: repeatElement(0, count: 2 * (columns - before)))
            values.append(contentsOf: repeatElement(0, count: 6 * (columns - before)))
        } else if columns < before {
            bounds.removeLast(2 * (before - columns))
            values.removeLast(6 * (before - columns))
        }
        let redo = Array(0..<same.lowerBound) + Array(same.upperBound..<columns)
        let edges = ColumnEdges(search: IndexSearch(first: first, last: last, map: x, mirrored: false), mirrored: false, last: last)
        bounds.withUnsafeMutableBufferPointer { b in
            var previous: (column: Int, edge: (notBelow: Int, above: Int))?
            for c in redo {
                let left = previous.flatMap { $0.column == c ? $0.edge : nil } ?? edges.edge(start + c)
                let next = edges.edge(start + c + 1)
                b[2 * c] = left.notBelow
                b[2 * c + 1] = next.above - 1
                previous = (c + 1, next)
            }
        }
        values.withUnsafeMutableBufferPointer { v in
            for c in redo { UnsafeMutableBufferPointer(rebasing: v[(6 * c)..<(6 * c + 6)]).update(repeating: 0) }
        }
        contents = index.contents
        self.points = points
        self.first = first
        self.last = last
        if index.isReplayed {
            values.withUnsafeMutableBufferPointer { v in
                Self.fillReplayed(index, bounds: bounds, columns: redo, first: first, last: last, into: v)
            }
        } else {
            let bounds = bounds
            values.withUnsafeMutableBufferPointer { v in
                Self.fillStored(index, bounds: bounds, columns: redo, first: first, last: last, into: v) { _, _, _, _ in nil }
            }
        }
        return true
    }

    /// Whether these are the spans of `points` of `index` under `x` in `width` columns.
    package func describes(_ index: MinMaxIndex, points: ClosedRange<Int>, x: AffineMap, width: Int) -> Bool {
        contents === index.contents && self.points == points && self.x == x && self.width == width
    }

    /// Whether the segment leaving a column's points on the left crosses into it (one
    /// segment when the column holds no point).
    @inline(__always) private func leftSegment(_ lo: Int) -> Bool { lo > first && lo <= last }

    /// Whether the segment leaving a column's points on the right crosses into it.
    @inline(__always) private func rightSegment(_ lo: Int, _ hi: Int) -> Bool { hi >= first && hi < last && hi != lo - 1 }

    /// Hands `body` every column the polyline can touch (but those `skipped`), with the extremes
    /// of its continuous row coordinate under `y` over that column (`yLow > yHigh` when it holds nothing).
    package func forEach(y: AffineMap, skipping skipped: Range<Int> = 0..<0, _ body: (Int, Double, Double) -> Void) {
        for c in 0..<(bounds.count / 2) where !skipped.contains(startColumn + c) {
            let lo = bounds[2 * c], hi = bounds[2 * c + 1]
            let column = startColumn + c
            var yLow = Double.infinity, yHigh = -Double.infinity
            if lo <= hi {
                let a = y(values[6 * c]), b = y(values[6 * c + 1])
                yLow = min(a, b)
                yHigh = max(a, b)
            }
            if leftSegment(lo) {
                LineRasterizer.foldEdgeCrossings(segment: lo - 1, values[6 * c + 2], values[6 * c + 3], x: x, y: y,
                                                 column: column, low: &yLow, high: &yHigh)
            }
            if rightSegment(lo, hi) {
                LineRasterizer.foldEdgeCrossings(segment: hi, values[6 * c + 4], values[6 * c + 5], x: x, y: y,
                                                 column: column, low: &yLow, high: &yHigh)
            }
            body(column, yLow, yHigh)
        }
    }
}

/// The points of a line on each edge between dot columns (`ColumnSpans`): points with x in
/// [c, c + 1] are the indices lo...hi of column c, lo the first point not left of its left
/// edge, hi the last not right of its right edge; both are found once an edge, from the one
/// search for the first point not below its key.
private struct ColumnEdges {
    let search: IndexSearch
    let mirrored: Bool
    let last: Int

    /// The first point not below edge `k`'s key, and the first above it.
    func edge(_ k: Int) -> (notBelow: Int, above: Int) {
        let key = mirrored ? -Double(k) : Double(k)
        let notBelow = search.first(notBelow: key)
        // The points exactly on the edge follow it (keys never fall); rarely more than one.
        var above = notBelow
        while above <= last && search.key(above) <= key {
            above += 1
            if above - notBelow > 8 { return (notBelow, search.first(above: key)) }
        }
        return (notBelow, above)
    }
}
