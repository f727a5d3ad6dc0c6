import Foundation
import Testing
@testable import TradeChartCore

/// Every indicator against reference values at several bars of the bundled DAX and of a
/// random walk of one-minute bars, to 1e-9 relative after its warm-up, and nothing during it.
///
/// The fixtures under Fixtures/Indicators were made by make_indicator_reference.py (beside
/// them) with TA-Lib 0.8.2 (Python wrapper of the C library 0.8.1, installed from the package
/// mirror into a throw-away venv): EMA, BBANDS (simple average), RSI, MACD, STOCH (simple
/// averages) and ATR are TA-Lib's own outputs. TA-Lib has no VWAP; its reference values are
/// the script's plain session sums. random-walk.csv is the script's seeded walk.
@Suite("Indicators against TA-Lib")
struct IndicatorReferenceTests {
    static let folder = TestSeries.packageRoot.appendingPathComponent("Tests/TradeChartCoreTests/Fixtures/Indicators")

    /// One reference line: the indicator, its parameters, the output and the bar.
    struct Reference {
        var name: String
        var parameters: String
        var output: String
        var row: Int?
        var first: Int?
        var value: Double
    }

    static func references(_ file: String) throws -> [Reference] {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: " ").map(String.init)
            if f[3] == "first" { return Reference(name: f[0], parameters: f[1], output: f[2], first: Int(f[4])!, value: .nan) }
            return Reference(name: f[0], parameters: f[1], output: f[2], row: Int(f[3])!, value: Double(f[4])!)
        }
    }

    /// The outputs of one indicator computed by the core, by output name.
    static func outputs(_ name: String, _ parameters: String, _ loaded: LoadedSeries) throws -> [String: [Double]] {
        let p = parameters.split(separator: ",").compactMap { Double($0) }
        let close = loaded.series.prices
        let bars = try #require(loaded.bars)
        let high = try #require(bars.high), low = try #require(bars.low)
        switch name {
        case "ema": return ["value": ExponentialAverage(bars: Int(p[0]), closes: close).values]
        case "bb":
            let b = BollingerBands(bars: Int(p[0]), deviations: p[1], closes: close)
            return ["upper": b.upper, "middle": b.middle, "lower": b.lower]
        case "rsi": return ["value": RelativeStrength(bars: Int(p[0]), closes: close).values]
        case "macd":
            let m = MACD(fast: Int(p[0]), slow: Int(p[1]), signal: Int(p[2]), closes: close)
            return ["line": m.line, "signal": m.signalLine, "histogram": m.histogram]
        case "stoch":
            let s = Stochastic(bars: Int(p[0]), kBars: Int(p[1]), dBars: Int(p[2]), high: high, low: low, close: close)
            return ["k": s.k, "d": s.d]
        case "atr": return ["value": AverageTrueRange(bars: Int(p[0]), high: high, low: low, close: close).values]
        case "vwap":
            let v = try VolumeWeightedAverage(times: loaded.series.times, hasTimeOfDay: loaded.series.hasTimeOfDay,
                                              high: high, low: low, close: close, volume: bars.volume)
            return ["value": v.values]
        default:
            Issue.record("unknown indicator \(name) in the fixture")
            return [:]
        }
    }

    @Test(arguments: [("Data/dax.csv", "dax-reference.txt"),
                      ("Tests/TradeChartCoreTests/Fixtures/Indicators/random-walk.csv", "random-walk-reference.txt")])
    func agreesWithTheReference(data: String, reference: String) throws {
        let loaded = try SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent(data).path,
                                           options: LoadOptions(bars: .all))
        var computed: [String: [String: [Double]]] = [:]
        var checked = 0
        for line in try Self.references(reference) {
            let key = line.name + " " + line.parameters
            if computed[key] == nil { computed[key] = try Self.outputs(line.name, line.parameters, loaded) }
            let values = try #require(computed[key]?[line.output], "\(key) \(line.output)")
            #expect(values.count == loaded.series.count)
            if let first = line.first {
                // The warm-up shows nothing, and the first value comes where TA-Lib's does.
                #expect(values.firstIndex { !$0.isNaN } == first, "\(key) \(line.output): first value")
            } else if let row = line.row {
                let value = values[row]
                let error = abs(value - line.value) / max(abs(line.value), 1e-300)
                #expect(error <= 1e-9, "\(key) \(line.output) at \(row): \(value) against \(line.value)")
                checked += 1
            }
        }
        #expect(checked > 300)
    }

    @Test func vwapIsRefusedOnDailyBarsAndWithoutVolume() throws {
        let dax = try SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent("Data/dax.csv").path,
                                        options: LoadOptions(bars: .all))
        #expect(throws: VolumeWeightedAverage.Refusal.needsIntradayBars) {
            try VolumeWeightedAverage(times: dax.series.times, hasTimeOfDay: false, high: dax.bars?.high, low: dax.bars?.low,
                                      close: dax.series.prices, volume: dax.bars?.volume)
        }
        // The bundled S&P 500 minutes have a Volume column of zeros only.
        let minutes = try SeriesLoader.load(path: TestSeries.packageRoot.appendingPathComponent("Data/sp500-1min.csv").path,
                                            options: LoadOptions(bars: .all))
        #expect(minutes.series.hasTimeOfDay)
        #expect(throws: VolumeWeightedAverage.Refusal.noVolume) {
            try VolumeWeightedAverage(times: minutes.series.times, hasTimeOfDay: true, high: minutes.bars?.high,
                                      low: minutes.bars?.low, close: minutes.series.prices, volume: minutes.bars?.volume)
        }
        #expect(throws: VolumeWeightedAverage.Refusal.noVolume) {
            try VolumeWeightedAverage(times: [0, 60], hasTimeOfDay: true, high: nil, low: nil, close: [1, 2], volume: nil)
        }
    }
}
