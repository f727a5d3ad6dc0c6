import Glibc

/// Round tick values for the price axis: steps of 1, 2, 2.5 or 5 times a power of ten.
package struct PriceTicks: Sendable, Equatable {
    package var step: Double
    package var values: [Double]
    /// Decimals that show every tick exactly (0 for steps of whole numbers).
    package var decimals: Int

    /// Ticks inside `low...high`: the round step whose count comes closest to
    /// `target` without exceeding `maxCount`.
    package init(low: Double, high: Double, target: Int, maxCount: Int) {
        var best = PriceTicks(low: low, high: high, maxCount: maxCount)
        guard best.step > 0 else { self = best; return }
        // Try the next finer steps too and keep the count nearest the target.
        for divisor in 2...12 {
            let candidate = PriceTicks(low: low, high: high, maxCount: maxCount * divisor)
            if candidate.values.count > maxCount { break }
            if abs(candidate.values.count - target) < abs(best.values.count - target) { best = candidate }
        }
        self = best
    }

    /// At most `maxCount` ticks inside `low...high`, with the largest round step that allows.
    package init(low: Double, high: Double, maxCount: Int) {
        let count = max(maxCount, 1)
        guard high > low, low.isFinite, high.isFinite else {
            step = 0
            values = low.isFinite ? [low] : []
            decimals = 2
            return
        }
        // The step's size without overflow: high - low may lie beyond Double's range.
        let span = PriceDifference(from: low, to: high)
        let raw = min(span.overflows ? span.half / Double(count) * 2 : span.value / Double(count), .greatestFiniteMagnitude)
        guard raw > 0 else {
            // A span of a few denormals: no round step fits in it.
            step = 0
            values = [low]
            decimals = 2
            return
        }
        var exponent = Clamp.int(log10(raw).rounded(.down))
        while PriceTicks.power(exponent + 1) <= raw { exponent += 1 }
        while PriceTicks.power(exponent) > raw { exponent -= 1 }
        let magnitude = PriceTicks.power(exponent)
        var chosen = PriceTicks.power(exponent + 1)
        var extraDecimal = 0
        for (m, extra) in [(1.0, 0), (2.0, 0), (2.5, 1), (5.0, 0), (10.0, 0)] where magnitude * m >= raw {
            chosen = m == 10 ? PriceTicks.power(exponent + 1) : magnitude * m
            extraDecimal = extra
            break
        }
        step = chosen
        let stepExponent = chosen >= magnitude * 10 ? exponent + 1 : exponent
        decimals = max(0, -stepExponent + (stepExponent <= 0 ? extraDecimal : 0))
        var result: [Double] = []
        var k = (low / chosen).rounded(.up)
        while k * chosen <= high && result.count < 1000 {
            result.append(k * chosen)
            k += 1
        }
        values = result
    }

    /// 10 to an integer power, exact for negative powers too (1 / 10^n rounds once;
    /// below 10^-300, where 10^n itself would overflow, twice).
    static func power(_ e: Int) -> Double {
        if e < -300 { return power(e + 300) / 1e300 }
        var v = 1.0
        for _ in 0..<abs(e) { v *= 10 }
        return e >= 0 ? v : 1 / v
    }
}
