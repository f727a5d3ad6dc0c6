import Glibc

/// Round tick values for a logarithmic price axis: 1, 2 and 5 times each power of
/// ten inside the range, or fewer of them (1 and 2, then only the powers of ten,
/// then every 2nd, 5th, 10th ... power) when they would not fit. A span too short
/// to hold two of those (less than about a decade) gets the linear axis's round
/// steps instead, placed on the log scale.
package struct LogTicks: Sendable, Equatable {
    package var values: [Double]
    /// Decimals that show every tick exactly.
    package var decimals: Int

    /// Ticks inside `low...high` (both positive), at most `maxCount`, the count nearest `target`.
    package init(low: Double, high: Double, target: Int, maxCount: Int) {
        let maxCount = max(2, maxCount)
        guard low > 0, high > low, low.isFinite, high.isFinite else {
            let linear = PriceTicks(low: low, high: high, target: target, maxCount: maxCount)
            self.init(values: linear.values, decimals: linear.decimals)
            return
        }
        let firstExponent = Clamp.int((log10(low)).rounded(.down))
        let lastExponent = Clamp.int((log10(high)).rounded(.up))
        var best: [Double] = []
        for multipliers: [Double] in [[1, 2, 5], [1, 2], [1]] {
            let values = Self.ticks(multipliers, every: 1, firstExponent, lastExponent, low, high)
            if values.count <= maxCount, values.count >= 2 {
                if best.isEmpty || abs(values.count - target) < abs(best.count - target) { best = values }
            }
        }
        if best.isEmpty {
            for every in [2, 5, 10, 20, 50, 100] {
                let values = Self.ticks([1], every: every, firstExponent, lastExponent, low, high)
                if values.count <= maxCount { best = values; break }
            }
        }
        guard best.count >= 2 else {
            let linear = PriceTicks(low: low, high: high, target: target, maxCount: maxCount)
            self.init(values: linear.values, decimals: linear.decimals)
            return
        }
        let smallest = best.first!
        let decimals = smallest >= 1 ? 0 : Clamp.int((-log10(smallest)).rounded(.up))
        self.init(values: best, decimals: decimals)
    }

    init(values: [Double], decimals: Int) {
        self.values = values
        self.decimals = decimals
    }

    /// `multipliers` times every `every`-th power of ten from `first` to `last`, kept inside `low...high`.
    static func ticks(_ multipliers: [Double], every: Int, _ first: Int, _ last: Int, _ low: Double,
                      _ high: Double) -> [Double] {
        var values: [Double] = []
        var exponent = first
        // Start on a multiple of `every`, so the powers shown are round too (10, 1,000, 100,000).
        while exponent % every != 0 { exponent += 1 }
        while exponent <= last {
            let power = PriceTicks.power(exponent)
            for m in multipliers {
                let v = m * power
                if v >= low && v <= high { values.append(v) }
            }
            exponent += every
            if values.count > 10_000 { break }
        }
        return values
    }
}
