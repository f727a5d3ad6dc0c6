/// A map `v * scale + offset` from data space (a point index or a price) to
/// dot space on the canvas. Ranges, morphs and scrubbing are all expressed as these.
public struct AffineMap: Sendable, Equatable {
    public var scale: Double
    public var offset: Double

    public init(scale: Double, offset: Double) {
        self.scale = scale
        self.offset = offset
    }

    /// The map that sends `from.0` to `to.0` and `from.1` to `to.1`.
    public init(mapping a: Double, to u: Double, and b: Double, to v: Double) {
        if a == b {
            self.init(scale: 0, offset: (u + v) / 2)
        } else {
            let s = (v - u) / (b - a)
            self.init(scale: s, offset: u - a * s)
        }
    }

    @inlinable public func callAsFunction(_ v: Double) -> Double { v * scale + offset }

    /// The value that maps to `y` (requires a non-zero scale).
    @inlinable public func inverse(_ y: Double) -> Double { (y - offset) / scale }

    /// The map in between `self` (t = 0) and `other` (t = 1): every input moves
    /// on a straight line from its old image to its new one.
    public func interpolated(to other: AffineMap, _ t: Double) -> AffineMap {
        AffineMap(scale: scale + (other.scale - scale) * t, offset: offset + (other.offset - offset) * t)
    }
}
