/// The difference `end - start` of two finite prices, compared and divided correctly
/// even where it lies beyond Double's range (from -1.7e308 to 1.7e308 it is 3.4e308):
/// then the halves' difference, `end / 2 - start / 2`, which always fits, stands in.
/// Differences that fit are used as they are, so denormal prices lose nothing.
package struct PriceDifference: Sendable, Equatable, Comparable {
    package let start: Double
    package let end: Double

    package init(from start: Double, to end: Double) {
        self.start = start
        self.end = end
    }

    /// `end - start`: infinite (with the right sign) when it does not fit.
    package var value: Double { end - start }

    /// Half the difference: finite for any two finite prices.
    package var half: Double { end / 2 - start / 2 }

    /// True when `value` does not fit in a Double.
    package var overflows: Bool { !value.isFinite && start.isFinite && end.isFinite }

    /// `self / other`, finite whenever the true quotient is (nan when `other` is zero).
    package func divided(by other: PriceDifference) -> Double {
        overflows || other.overflows ? half / other.half : value / other.value
    }

    package static func < (a: PriceDifference, b: PriceDifference) -> Bool {
        a.overflows || b.overflows ? a.half < b.half : a.value < b.value
    }

    package static func == (a: PriceDifference, b: PriceDifference) -> Bool {
        a.overflows || b.overflows ? a.half == b.half : a.value == b.value
    }
}
