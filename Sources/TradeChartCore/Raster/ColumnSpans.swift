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
    let contents: MinMaxIndex.Contents
    let points: ClosedRange<Int>
    let x: AffineMap
    let width: Int
    /// The points clamped to the index; `first > last` when none is drawn.
    private let first: Int
    private let last: Int
    /// The first column described; the others follow it.
    private var startColumn = 0
    /// Per column: `lo` and `hi`.
    private var bounds: [Int] = []
    /// Per column: the lowest and highest value of `lo...hi`, the values of points `lo - 1`
    /// and `lo` (the segment leaving on the left) and of `hi` and `hi + 1` (on the right),
    /// each pair where that segment exists.
    private var values: [Double] = []

    /// The spans of the points `points` of `index` (clamped to it) in the columns `0..<width`
    /// under the x map `x` (see `LineRasterizer.forEachColumnSpan`).
    package init(_ index: MinMaxIndex, points: ClosedRange<Int>, x: AffineMap, width: Int) {
        contents = index.contents
        self.points = points
        self.x = x
        self.width = width
        first = max(points.lowerBound, 0)
        last = min(points.upperBound, index.count - 1)
        guard first <= last, width > 0 else { return }
        let xFirst = LineRasterizer.dotX(first, x), xLast = LineRasterizer.dotX(last, x)
        let xLow = min(xFirst, xLast), xHigh = max(xFirst, xLast)
        guard xHigh >= 0, xLow <= Double(width) else { return }
        // Every column that can touch [xLow, xHigh]; each column checks itself exactly.
        let start = xLow < 1 ? 0 : Clamp.int(xLow) - 1
        let end = xHigh >= Double(width - 1) ? width - 1 : Clamp.int(xHigh)
        guard start <= end else { return }
        startColumn = start
        // With a negative scale, negated x rises with the index; negation is exact.
        let mirrored = x.scale < 0
        let search = IndexSearch(first: first, last: last, map: x, mirrored: mirrored)
        let columns = end - start + 1
        bounds.reserveCapacity(2 * columns)
        // Points with x in [c, c + 1] are the indices lo...hi of column c: lo is the first point
        // not left of its left edge, hi the last not right of its right edge. Both are found
        // once an edge, from the one search for the first point not below its key.
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
        var previous = edge(start)
        for column in start...end {
            let next = edge(column + 1)
            // Mirrored, the keys of the column's right edge come first.
            bounds.append(mirrored ? next.notBelow : previous.notBelow)
            bounds.append((mirrored ? previous.above : next.above) - 1)
            previous = next
        }
        values = [Double](repeating: 0, count: 6 * columns)
        // A replayed line (an indicator's) is read two values at a time.
        let prices = index.values, replayed = index.isReplayed
        func pair(_ i: Int) -> (Double, Double) {
            guard replayed else { return (prices[i], prices[i + 1]) }
            let two = index.values(in: i..<(i + 2))
            return (two[0], two[1])
        }
        for c in 0..<columns {
            let lo = bounds[2 * c], hi = bounds[2 * c + 1]
            if lo <= hi { (values[6 * c], values[6 * c + 1]) = index.minMax(lo...hi) }
            if leftSegment(lo) { (values[6 * c + 2], values[6 * c + 3]) = pair(lo - 1) }
            if rightSegment(lo, hi) { (values[6 * c + 4], values[6 * c + 5]) = pair(hi) }
        }
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

    /// Hands `body` every column the polyline can touch, with the extremes of its continuous
    /// row coordinate under `y` over that column (`yLow > yHigh` when it holds nothing).
    package func forEach(y: AffineMap, _ body: (Int, Double, Double) -> Void) {
        for c in 0..<(bounds.count / 2) {
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
