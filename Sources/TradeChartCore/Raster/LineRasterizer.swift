/// Draws a price series as a polyline into a `DotCanvas`, with exact semantics
/// and a cost per frame that does not grow with the number of points.
///
/// Coordinates: the x map sends a point index to a continuous dot-column
/// coordinate and the y map sends a price to a continuous dot-row coordinate
/// (row 0 at the top). Dot column `c` covers the closed interval `[c, c + 1]`;
/// its lit dots are rows `floor(ymin)...floor(ymax)`, where ymin and ymax are
/// the extremes of the polyline over that interval: every point with x in
/// `[c, c + 1]`, and the polyline's value at `x = c` and `x = c + 1` where a
/// segment crosses them. The polyline exists only from its first to its last
/// point. Dots outside the canvas are clipped.
///
/// Each column finds the points inside it by inverting the x map (checked with
/// the exact forward map), takes their extremes from a `MinMaxIndex`, and adds
/// the at most two segments crossing its edges: O(columns x log N) per frame.
public enum LineRasterizer {
    /// Draws the polyline through the points `points` (clamped to the prices of
    /// `index`) into `canvas`, adding to the dots already there.
    ///
    /// `x` may have any scale, including zero (every point at one x) and
    /// negative (mirrored); `y` may have any scale, zero included.
    public static func drawLine(_ index: MinMaxIndex, points: ClosedRange<Int>, x: AffineMap, y: AffineMap,
                                into canvas: inout DotCanvas) {
        guard canvas.heightDots > 0 else { return }
        forEachColumnSpan(index, points: points, x: x, y: y, width: canvas.widthDots) { column, yLow, yHigh in
            fill(column: column, yLow: yLow, yHigh: yHigh, canvas: &canvas)
        }
    }

    /// Hands `body` every dot column in `0..<width` that the polyline touches, with the
    /// extremes of the polyline's continuous row coordinate over that column (`yLow > yHigh`
    /// when the column holds nothing): the spans `drawLine` lights, for other canvases too.
    package static func forEachColumnSpan(_ index: MinMaxIndex, points: ClosedRange<Int>, x: AffineMap, y: AffineMap,
                                          width: Int, _ body: (Int, Double, Double) -> Void) {
        let first = max(points.lowerBound, 0), last = min(points.upperBound, index.count - 1)
        guard first <= last, width > 0 else { return }
        let xFirst = dotX(first, x), xLast = dotX(last, x)
        let xLow = min(xFirst, xLast), xHigh = max(xFirst, xLast)
        guard xHigh >= 0, xLow <= Double(width) else { return }
        // Every column that can touch [xLow, xHigh]; each column checks itself exactly.
        let startColumn = xLow < 1 ? 0 : Clamp.int(xLow) - 1
        let endColumn = xHigh >= Double(width - 1) ? width - 1 : Clamp.int(xHigh)
        guard startColumn <= endColumn else { return }

        // With a negative scale, negated x rises with the index; negation is exact.
        let mirrored = x.scale < 0
        let search = IndexSearch(first: first, last: last, map: x, mirrored: mirrored)
        let prices = index.values
        for column in startColumn...endColumn {
            let left = Double(column), right = left + 1
            // Points with x in [left, right] are the indices lo...hi.
            let lo = mirrored ? search.first(notBelow: -right) : search.first(notBelow: left)
            let hi = (mirrored ? search.first(above: -left) : search.first(above: right)) - 1

            var yLow = Double.infinity, yHigh = -Double.infinity
            if lo <= hi {
                let (pLow, pHigh) = index.minMax(lo...hi)
                let a = y(pLow), b = y(pHigh)
                yLow = min(a, b)
                yHigh = max(a, b)
            }
            // Only the segments leaving the range on either side can cross an edge
            // (one segment when the column holds no point).
            if lo > first, lo <= last {
                foldEdgeCrossings(segment: lo - 1, prices: prices, x: x, y: y, column: column,
                                  low: &yLow, high: &yHigh)
            }
            if hi >= first, hi < last, hi != lo - 1 {
                foldEdgeCrossings(segment: hi, prices: prices, x: x, y: y, column: column,
                                  low: &yLow, high: &yHigh)
            }
            body(column, yLow, yHigh)
        }
    }

    /// Draws a dashed horizontal line in the dot row holding the continuous row
    /// coordinate `y`: `on` dots lit then `off` dark, starting at dot column 0.
    public static func drawDashedRow(atY y: Double, on: Int = 2, off: Int = 3, into canvas: inout DotCanvas) {
        guard y >= 0, y < Double(canvas.heightDots), on > 0, off >= 0 else { return }
        let row = Clamp.int(y)
        for column in 0..<canvas.widthDots where column % (on + off) < on {
            canvas.fillColumn(column, from: row, through: row)
        }
    }

    // MARK: Exact arithmetic (`dotX` and `interpolatedY` are shared with the tests' reference rasterizer)

    /// The dot-column coordinate of point `i`.
    @inlinable static func dotX(_ i: Int, _ map: AffineMap) -> Double { map(Double(i)) }

    /// Widens `low...high` by the polyline's y where the segment from point
    /// `segment` to the next crosses the edges `x = column` and `x = column + 1`
    /// strictly inside its x extent.
    static func foldEdgeCrossings(segment i: Int, prices: [Double], x: AffineMap, y: AffineMap,
                                  column: Int, low: inout Double, high: inout Double) {
        let x0 = dotX(i, x), x1 = dotX(i + 1, x)
        let xMin = min(x0, x1), xMax = max(x0, x1)
        let y0 = y(prices[i]), y1 = y(prices[i + 1])
        var edge = Double(column)
        for _ in 0..<2 {
            if xMin < edge && edge < xMax {
                let value = interpolatedY(x0: x0, y0: y0, x1: x1, y1: y1, at: edge)
                if value < low { low = value }
                if value > high { high = value }
            }
            edge += 1
        }
    }

    /// The y of the segment from (x0, y0) to (x1, y1) at `edge`, strictly between x0 and x1.
    @inline(__always) static func interpolatedY(x0: Double, y0: Double, x1: Double, y1: Double,
                                                at edge: Double) -> Double {
        y0 + (y1 - y0) * ((edge - x0) / (x1 - x0))
    }

    /// Lights rows floor(yLow)...floor(yHigh) of `column`, clipped; nothing when yLow > yHigh.
    static func fill(column: Int, yLow: Double, yHigh: Double, canvas: inout DotCanvas) {
        guard yLow <= yHigh, yHigh >= 0, yLow < Double(canvas.heightDots) else { return }
        let top = yLow <= 0 ? 0 : Clamp.int(yLow)
        let bottom = yHigh >= Double(canvas.heightDots) ? canvas.heightDots - 1 : Clamp.int(yHigh)
        canvas.fillColumn(column, from: top, through: bottom)
    }
}

/// Finds where the points' (possibly negated) x coordinates pass a bound: a
/// guess from the inverse map, corrected with the exact forward map by
/// galloping and bisection, so rounding in the guess can never change the answer.
struct IndexSearch {
    let first: Int
    let last: Int
    let map: AffineMap
    let mirrored: Bool

    /// The x coordinate of point `i`, negated when mirrored (so it never falls with `i`).
    @inline(__always) func key(_ i: Int) -> Double {
        let v = LineRasterizer.dotX(i, map)
        return mirrored ? -v : v
    }

    /// The first index in `first...last` whose key is >= `bound`, or `last + 1`.
    func first(notBelow bound: Double) -> Int { boundary(bound, strict: false) }

    /// The first index in `first...last` whose key is > `bound`, or `last + 1`.
    func first(above bound: Double) -> Int { boundary(bound, strict: true) }

    @inline(__always) private func passes(_ i: Int, _ bound: Double, _ strict: Bool) -> Bool {
        strict ? key(i) > bound : key(i) >= bound
    }

    private func boundary(_ bound: Double, strict: Bool) -> Int {
        if passes(first, bound, strict) { return first }
        if !passes(last, bound, strict) { return last + 1 }
        // Now key(below) fails and key(above) passes; find the first passing index.
        var below = first, above = last
        var guess = Double(below + 1)
        if map.scale != 0 {
            let g = ((mirrored ? -bound : bound) - map.offset) / map.scale
            if g > Double(below + 1) { guess = min(g.rounded(.up), Double(above)) }
        }
        let start = Clamp.int(guess, ifNaN: below + 1)
        if passes(start, bound, strict) {
            above = start
            var step = 1
            while above - step > below {
                let k = above - step
                if passes(k, bound, strict) { above = k; step *= 2 } else { below = k; break }
            }
        } else {
            below = start
            var step = 1
            while below + step < above {
                let k = below + step
                if passes(k, bound, strict) { above = k; break } else { below = k; step *= 2 }
            }
        }
        while above - below > 1 {
            let mid = below + (above - below) / 2
            if passes(mid, bound, strict) { above = mid } else { below = mid }
        }
        return above
    }
}
