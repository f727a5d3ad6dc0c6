import Foundation
import TradeChartCore

/// Deterministic series for tests.
enum TestSeries {
    /// Weekday closes from `start`, a random walk around `level`.
    static func daily(from start: CivilDate = CivilDate(year: 2014, month: 5, day: 13), days: Int,
                      level: Double = 10_000, seed: UInt64 = 7) -> PriceSeries {
        var rng = SplitMix64(seed: seed)
        var times: [Int64] = []
        var prices: [Double] = []
        var d = start.dayNumber
        var p = level
        while times.count < days {
            if CivilDate(dayNumber: d).weekday < 5 {
                times.append(d * 86_400)
                p *= 1 + (Double(rng.next() >> 11) / Double(1 << 53) - 0.5) * 0.03
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
