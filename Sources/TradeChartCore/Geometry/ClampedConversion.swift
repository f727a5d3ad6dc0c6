/// The core's one conversion from a computed Double (a dot coordinate, a point index,
/// a sample) to an Int: it cannot trap. Every such conversion in the core goes through it.
package enum Clamp {
    /// The largest magnitude `int` gives: far beyond any screen, series or sample, and
    /// far enough from `Int.max` that sums of many such values cannot overflow.
    package static let limit = 1 << 48

    /// `value` rounded toward zero like `Int(_:)`, held inside ±`limit`; `ifNaN` for NaN.
    @inlinable package static func int(_ value: Double, ifNaN: Int = 0) -> Int {
        if value.isNaN { return ifNaN }
        if value >= Double(limit) { return limit }
        if value <= -Double(limit) { return -limit }
        return Int(value)
    }
}
