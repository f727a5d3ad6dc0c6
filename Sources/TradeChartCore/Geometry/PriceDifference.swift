/// The difference `end - start` of two finite prices, compared and divided correctly
/// even where it lies beyond Double's range (from -1.7e308 to 1.7e308 it is 3.4e308):
/// then the halves' difference, `end / 2 - start / 2`, which always fits, stands in.
/// Differences that fit are used as they are, so denormal prices lose nothing.
public struct PriceDifference: Sendable, Equatable, Comparable {
    public let start: Double
    public let end: Double

    public init(from start: Double, to end: Double) {
        self.start = start
        self.end = end
    }

    /// `end - start`: infinite (with the right sign) when it does not fit.
    public var value: Double { end - start }

    /// Half the difference: finite for any two finite prices.
    public var half: Double { end / 2 - start / 2 }

    /// True when `value` does not fit in a Double.
    public var overflows: Bool { !value.isFinite && start.isFinite && end.isFinite }

    /// `self / other`, finite whenever the true quotient is (nan when `other` is zero).
    public func divided(by other: PriceDifference) -> Double {
        overflows || other.overflows ? half / other.half : value / other.value
    }

    public static func < (a: PriceDifference, b: PriceDifference) -> Bool {
        a.overflows || b.overflows ? a.half < b.half : a.value < b.value
    }

    public static func == (a: PriceDifference, b: PriceDifference) -> Bool {
        a.overflows || b.overflows ? a.half == b.half : a.value == b.value
    }
}
