import Glibc

/// Maps prices to pitch on a logarithmic frequency scale: the range's lowest
/// price sounds at `lowFrequency`, its highest at `highFrequency`, and equal price
/// steps are equal musical intervals. A flat range sounds the geometric middle.
package struct PitchMap: Sendable, Equatable {
    /// The lowest price of the range.
    package var minimum: Double
    /// The highest price of the range.
    package var maximum: Double
    /// Hertz at the lowest price (default 200).
    package var lowFrequency: Double
    /// Hertz at the highest price (default 1600).
    package var highFrequency: Double

    package init(minimum: Double, maximum: Double, lowFrequency: Double = 200, highFrequency: Double = 1600) {
        self.minimum = minimum
        self.maximum = maximum
        self.lowFrequency = lowFrequency
        self.highFrequency = highFrequency
    }

    /// The frequency of a price, clamped to the range; the middle pitch when the range is flat.
    package func frequency(of price: Double) -> Double {
        // Measured without overflow: the spread of ±1.7e308 lies beyond Double's range.
        let spread = PriceDifference(from: minimum, to: maximum)
        let fraction = maximum > minimum
            ? min(max(PriceDifference(from: minimum, to: price).divided(by: spread), 0), 1) : 0.5
        return lowFrequency * exp(fraction * log(highFrequency / lowFrequency))
    }
}
