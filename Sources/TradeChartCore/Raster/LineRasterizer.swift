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
/// the at most two segments crossing its edges: O(columns x log N) per frame
/// (`ColumnSpans`, which a still chart keeps between frames).
public enum LineRasterizer {
    /// Draws the polyline through the points `points` (clamped to the prices of
    /// `index`) into `canvas`, adding to the dots already there.
    ///
    /// `x` may have any scale, including zero (every point at one x) and
    /// negative (mirrored); `y` may have any scale, zero included.
    public static func drawLine(_ index: MinMaxIndex, points: ClosedRange<Int>, x: AffineMap, y: AffineMap,
                                into canvas: inout DotCanvas) {
        guard canvas.heightDots > 0 else { return }
        drawLine(ColumnSpans(index, points: points, x: x, width: canvas.widthDots), y: y, into: &canvas)
    }

    /// Draws a polyline whose column spans were worked out before (for this canvas's width) under `y`.
    package static func drawLine(_ spans: ColumnSpans, y: AffineMap, into canvas: inout DotCanvas) {
        guard canvas.heightDots > 0 else { return }
        spans.forEach(y: y) { column, yLow, yHigh in
            fill(column: column, yLow: yLow, yHigh: yHigh, canvas: &canvas)
        }
    }

    /// Hands `body` every dot column in `0..<width` that the polyline touches, with the
    /// extremes of the polyline's continuous row coordinate over that column (`yLow > yHigh`
    /// when the column holds nothing): the spans `drawLine` lights, for other canvases too.
    package static func forEachColumnSpan(_ index: MinMaxIndex, points: ClosedRange<Int>, x: AffineMap, y: AffineMap,
                                          width: Int, _ body: (Int, Double, Double) -> Void) {
        ColumnSpans(index, points: points, x: x, width: width).forEach(y: y, body)
    }

    /// Draws a dashed horizontal line in the dot row holding the continuous row
    /// coordinate `y`: `on` dots lit then `off` dark, starting at dot column 0.
    public static func drawDashedRow(atY y: Double, on: Int = 2, off: Int = 3, into canvas: inout DotCanvas) {
        guard y >= 0, y < Double(canvas.heightDots), on > 0, off >= 0 else { return }
        let period = on + off
        canvas.fillRow(Clamp.int(y)) { $0 % period < on }
    }

    // MARK: Exact arithmetic (`dotX` and `interpolatedY` are shared with the tests' reference rasterizer)

    /// The dot-column coordinate of point `i`.
    @inlinable static func dotX(_ i: Int, _ map: AffineMap) -> Double { map(Double(i)) }

    /// Widens `low...high` by the polyline's y where the segment from point
    /// `segment` (of value `from`) to the next (of value `to`) crosses the edges
    /// `x = column` and `x = column + 1` strictly inside its x extent.
    static func foldEdgeCrossings(segment i: Int, _ from: Double, _ to: Double, x: AffineMap, y: AffineMap,
                                  column: Int, low: inout Double, high: inout Double) {
        let x0 = dotX(i, x), x1 = dotX(i + 1, x)
        let xMin = min(x0, x1), xMax = max(x0, x1)
        let y0 = y(from), y1 = y(to)
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
