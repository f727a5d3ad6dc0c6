import Glibc

/// A power of two by which a series' prices are multiplied before they are projected,
/// so that prices of any finite size (5e-324 as well as ±1.7e308) come out near 1: a
/// span of them then never overflows, and a map onto the dots never needs an infinite
/// scale. Multiplying by a power of two is exact (short of underflow, which only loses
/// what is far below a dot), and prices of ordinary sizes are not scaled at all.
public struct PriceScale: Sendable, Equatable {
    /// Prices are multiplied by 2^exponent.
    public let exponent: Int

    public static let identity = PriceScale(exponent: 0)

    public init(exponent: Int) { self.exponent = exponent }

    /// The scale for prices whose largest magnitude is `magnitude`: none between 2^-64
    /// and 2^64, else the power of two that brings it to [1, 2).
    public init(forMagnitude magnitude: Double) {
        let m = abs(magnitude)
        guard m.isFinite, m > 0, m < 0x1p-64 || m >= 0x1p64 else { self.init(exponent: 0); return }
        // Double.exponent is the binary exponent, also for denormals (5e-324 gives -1074).
        self.init(exponent: -Int(m.exponent))
    }

    /// The scale for `prices` (none for an empty list).
    public init(for prices: [Double]) {
        var largest = 0.0
        for p in prices where abs(p) > largest && p.isFinite { largest = abs(p) }
        self.init(forMagnitude: largest)
    }

    /// `price` in the scaled space.
    @inlinable public func scaled(_ price: Double) -> Double { exponent == 0 ? price : scalbn(price, Int32(exponent)) }

    /// All of `prices` in the scaled space.
    public func scaled(_ prices: [Double]) -> [Double] { exponent == 0 ? prices : prices.map(scaled) }

    /// A value of the scaled space as a price, clamped to the finite prices.
    @inlinable public func price(_ scaled: Double) -> Double {
        let p = exponent == 0 ? scaled : scalbn(scaled, Int32(-exponent))
        return min(max(p, -Double.greatestFiniteMagnitude), Double.greatestFiniteMagnitude)
    }
}
