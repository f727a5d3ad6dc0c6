/// A map `v * scale + offset` from data space (a point index or a price) to
/// dot space on the canvas. Ranges, morphs and scrubbing are all expressed as these.
public struct AffineMap: Sendable, Equatable {
    public var scale: Double
    public var offset: Double

    public init(scale: Double, offset: Double) {
        self.scale = scale
        self.offset = offset
    }

    /// The largest scale a map is given: a span of inputs so small that it would need
    /// more (two denormal prices next to each other) is drawn flatter than it is, never
    /// with an infinite scale. 1e300 keeps the difference of two scales finite (morphs).
    package static let largestScale = 1e300

    /// The map that sends `from.0` to `to.0` and `from.1` to `to.1`, for any finite
    /// inputs: a span beyond Double's range is measured by its halves, a scale beyond
    /// `largestScale` is capped (the pair is then centred on the middle of `u` and `v`).
    public init(mapping a: Double, to u: Double, and b: Double, to v: Double) {
        if a == b {
            self.init(scale: 0, offset: (u + v) / 2)
            return
        }
        let span = PriceDifference(from: a, to: b)
        var s = span.overflows ? (v - u) / 2 / span.half : (v - u) / span.value
        if !(abs(s) <= AffineMap.largestScale) {
            s = (v - u) / (b - a) < 0 ? -AffineMap.largestScale : AffineMap.largestScale
            // a and b are then tiny (their span is below 1e-296), so a * s stays finite.
            self.init(scale: s, offset: (u + v) / 2 - (a / 2 + b / 2) * s)
            return
        }
        self.init(scale: s, offset: u - a * s)
    }

    @inlinable public func callAsFunction(_ v: Double) -> Double { v * scale + offset }

    /// The value that maps to `y` (requires a non-zero scale).
    @inlinable package func inverse(_ y: Double) -> Double { (y - offset) / scale }

    /// The map in between `self` (t = 0) and `other` (t = 1): every input moves
    /// on a straight line from its old image to its new one.
    public func interpolated(to other: AffineMap, _ t: Double) -> AffineMap {
        AffineMap(scale: scale + (other.scale - scale) * t, offset: offset + (other.offset - offset) * t)
    }
}
