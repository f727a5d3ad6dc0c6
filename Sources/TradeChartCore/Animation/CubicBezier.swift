/// A CSS-style timing curve `cubic-bezier(x1, y1, x2, y2)` from (0,0) to (1,1).
///
/// `value(at:)` solves the curve exactly: it finds the curve parameter whose x
/// is the given time (Newton's method, falling back to bisection where the slope
/// is flat), then returns that parameter's y. No polynomial approximation.
public struct CubicBezier: Sendable, Equatable {
    package let x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "x control points must lie in 0...1")
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// The morph curve of SPEC.md: slow start, fast middle, long soft landing.
    public static let morph = CubicBezier(0.64, 0, 0, 1)

    @inlinable static func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        // B(s) = 3(1-s)^2 s p1 + 3(1-s) s^2 p2 + s^3
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    @inlinable static func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The curve parameter whose x coordinate is `x` (x in 0...1).
    package func parameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        for _ in 0..<8 {
            let error = CubicBezier.coordinate(s, x1, x2) - x
            if abs(error) < 1e-12 { return s }
            let d = CubicBezier.slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            let next = s - error / d
            if next < 0 || next > 1 { break }
            s = next
        }
        // Bisection: x(s) is monotone for x control points in 0...1.
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<60 {
            let value = CubicBezier.coordinate(s, x1, x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// The eased progress for a linear progress `t` in 0...1 (clamped).
    public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        return CubicBezier.coordinate(parameter(forX: t), y1, y2)
    }
}
