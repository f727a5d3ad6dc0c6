/// Where a range's data lands on the dot canvas: the affine x map (point index
/// to dot column), the affine y map (price to dot row), and the baseline.
///
/// A morph is nothing but a straight-line interpolation between two projections,
/// so every in-between frame is drawn by the same exact rasterizer.
public struct ChartProjection: Sendable, Equatable {
    /// Point index -> continuous dot-column coordinate (column c covers [c, c+1]).
    public var x: AffineMap
    /// Price -> continuous dot-row coordinate (row 0 at the top).
    public var y: AffineMap
    /// The baseline's continuous dot-row coordinate.
    package var baselineRow: Double
    /// The baseline's plotted value (the reference price as the axis plots it): what its
    /// label says. A morph switches it from the old to the new at the midpoint, so the
    /// label never shows a price between the two references.
    package var baseline: Double
    /// Whether the line is drawn in the rising colour.
    public var rising: Bool
    /// The volume a full-height bar of the volume pane stands for (0 without a pane): it
    /// moves with the maps during a morph, so the bars grow and shrink smoothly too.
    package var volumeTop: Double = 0
    /// When files are compared: each other file's price -> dot row (its percent change
    /// from its own reference price, on the shared percent axis), in the order of
    /// `ViewerState.others`. Empty for one file.
    public var others: [AffineMap] = []

    public init(x: AffineMap, y: AffineMap, baselineRow: Double, rising: Bool) {
        self.x = x
        self.y = y
        self.baselineRow = baselineRow
        self.rising = rising
        baseline = y.scale == 0 ? .nan : y.inverse(baselineRow)
    }

    /// The projection of points `first...last` with prices in `low...high`, the
    /// baseline at `baseline`, onto a canvas of `widthDots` x `heightDots`.
    ///
    /// The first point sits in the middle of the leftmost dot column, the newest
    /// in the middle of the rightmost; with `slots` (a chart of bars: candles, OHLC
    /// bars, volume) each point gets an equal slot of the width instead and sits in
    /// its middle, so the bars at the ends are whole. The price range fills the height
    /// less an inset of one dot row above and below; a flat range is drawn at mid height.
    public init(first: Int, last: Int, low: Double, high: Double, baseline: Double, newest: Double,
                widthDots: Int, heightDots: Int, slots: Bool = false) {
        let width = Double(max(widthDots, 1))
        let edge = slots ? max(0.5, width / Double(last - first + 1) / 2) : 0.5
        if first == last {
            x = AffineMap(scale: 0, offset: slots ? width / 2 : width - 0.5)
        } else {
            x = AffineMap(mapping: Double(first), to: edge, and: Double(last), to: width - edge)
        }
        let inset = heightDots >= 5 ? 1.0 : 0.0
        let top = inset + 0.5
        let bottom = Double(max(heightDots, 1)) - inset - 0.5
        if !(high > low) {
            y = AffineMap(scale: 0, offset: Double(max(heightDots, 1)) / 2)
        } else {
            y = AffineMap(mapping: high, to: top, and: low, to: bottom)
        }
        baselineRow = y(baseline)
        self.baseline = baseline
        rising = newest >= baseline
    }

    /// The projection a fraction `t` of the way to `other` (maps and baseline move
    /// on straight lines; the colour switches at the midpoint).
    public func interpolated(to other: ChartProjection, _ t: Double) -> ChartProjection {
        var between = ChartProjection(x: x.interpolated(to: other.x, t), y: y.interpolated(to: other.y, t),
                                      baselineRow: baselineRow + (other.baselineRow - baselineRow) * t,
                                      rising: t < 0.5 ? rising : other.rising)
        between.volumeTop = volumeTop + (other.volumeTop - volumeTop) * t
        between.baseline = t < 0.5 ? baseline : other.baseline
        // The other files' lines move the same way (a file that joins starts where it lands).
        between.others = other.others.indices.map { k in
            k < others.count ? others[k].interpolated(to: other.others[k], t) : other.others[k]
        }
        return between
    }

    /// The same picture for a series whose point indices all moved by `offset` (a
    /// reloaded file that lost or gained older rows): point `i + offset` lands where `i` did.
    package func shifted(byPoints offset: Int) -> ChartProjection {
        var moved = self
        moved.x = AffineMap(scale: x.scale, offset: x.offset - x.scale * Double(offset))
        return moved
    }
}
