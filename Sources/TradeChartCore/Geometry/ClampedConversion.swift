extension Int {
    /// The largest magnitude `init(clamped:)` gives: far beyond any screen, series or
    /// sample, and far enough from `Int.max` that sums of a few such values cannot overflow.
    public static let clampedLimit = 1 << 48

    /// A computed Double (a dot coordinate, a point index, a sample) as an Int without a
    /// trap: rounded toward zero like `Int(_:)`, clamped to ±`clampedLimit`, and `ifNaN`
    /// for NaN. Every conversion of a computed Double in the core goes through this.
    @inlinable public init(clamped value: Double, ifNaN: Int = 0) {
        if value.isNaN {
            self = ifNaN
        } else if value >= Double(Int.clampedLimit) {
            self = Int.clampedLimit
        } else if value <= -Double(Int.clampedLimit) {
            self = -Int.clampedLimit
        } else {
            self = Int(value)
        }
    }
}
