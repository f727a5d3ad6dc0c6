import Foundation
import TradeChartCore

/// Deterministic series for tests.
enum TestSeries {
    /// SplitMix64: a small seeded generator so every run sees the same data.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    }

    /// Weekday closes from `start`, a random walk around `level`.
    static func daily(from start: CivilDate = CivilDate(year: 2014, month: 5, day: 13), days: Int,
                      level: Double = 10_000, seed: UInt64 = 7) -> PriceSeries {
        var rng = Random(state: seed)
        var times: [Int64] = []
        var prices: [Double] = []
        var d = start.dayNumber
        var p = level
        while times.count < days {
            if CivilDate(dayNumber: d).weekday < 5 {
                times.append(d * 86_400)
                p *= 1 + (rng.unit() - 0.5) * 0.03
                prices.append((p * 100).rounded() / 100)
            }
            d += 1
        }
        return PriceSeries(name: "TEST", times: times, prices: prices, hasTimeOfDay: false)
    }

    /// The package root (holding Package.swift).
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()
}
