import Glibc

/// Maps prices to pitch on a logarithmic frequency scale: the range's lowest
/// price sounds at `lowFrequency`, its highest at `highFrequency`, and equal price
/// steps are equal musical intervals. A flat range sounds the geometric middle.
public struct PitchMap: Sendable, Equatable {
    /// The lowest price of the range.
    public var minimum: Double
    /// The highest price of the range.
    public var maximum: Double
    /// Hertz at the lowest price (default 200).
    public var lowFrequency: Double
    /// Hertz at the highest price (default 1600).
    public var highFrequency: Double

    public init(minimum: Double, maximum: Double, lowFrequency: Double = 200, highFrequency: Double = 1600) {
        self.minimum = minimum
        self.maximum = maximum
        self.lowFrequency = lowFrequency
        self.highFrequency = highFrequency
    }

    /// The frequency of a price, clamped to the range; the middle pitch when the range is flat.
    public func frequency(of price: Double) -> Double {
        let spread = maximum - minimum
        let fraction = spread > 0 && spread.isFinite ? min(max((price - minimum) / spread, 0), 1) : 0.5
        return lowFrequency * exp(fraction * log(highFrequency / lowFrequency))
    }
}
