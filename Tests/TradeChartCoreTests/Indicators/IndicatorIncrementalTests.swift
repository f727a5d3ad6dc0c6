import Testing
@testable import TradeChartCore

/// Following a file: an indicator extended row by row, or by pieces of any size, holds
/// exactly the values of one computed over the whole series at once, bit for bit.
@Suite("Indicators extended as rows arrive")
struct IndicatorIncrementalTests {
    /// A random walk of candles: highs and lows around the closes, volumes, minutes over days,
    /// with a few gaps (NaN highs, lows and volumes, as rows that leave them out).
    struct Walk {
        var times: [Int64] = [], high: [Double] = [], low: [Double] = [], close: [Double] = [], volume: [Double] = []

        init(count: Int, seed: UInt64) {
            var rng = SplitMix64(seed: seed)
            func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
            var p = 100.0
            for i in 0..<count {
                p *= 1 + (unit() - 0.5) * 0.02
                times.append(Int64(i / 300) * 86_400 + 34_200 + Int64(i % 300) * 60)
                close.append(p)
                high.append(rng.next() % 97 == 0 ? .nan : p * (1 + unit() * 0.01))
                low.append(rng.next() % 89 == 0 ? .nan : p * (1 - unit() * 0.01))
                volume.append(rng.next() % 53 == 0 ? .nan : (unit() * 10_000).rounded())
            }
        }

        func prefix(_ n: Int) -> Walk {
            var w = self
            w.times = Array(times[..<n]); w.high = Array(high[..<n]); w.low = Array(low[..<n])
            w.close = Array(close[..<n]); w.volume = Array(volume[..<n])
            return w
        }
    }

    /// Each indicator's outputs as bit patterns, computed over `walk` at once or by pieces ending at `cuts`.
    static func outputs(_ walk: Walk, cuts: [Int]) throws -> [String: [UInt64]] {
        let start = walk.prefix(cuts[0])
        var ema = ExponentialAverage(bars: 9, closes: start.close)
        var bands = BollingerBands(bars: 20, deviations: 2.5, closes: start.close)
        var rsi = RelativeStrength(bars: 14, closes: start.close)
        var macd = MACD(fast: 12, slow: 26, signal: 9, closes: start.close)
        var stoch = Stochastic(bars: 14, kBars: 3, dBars: 3, high: start.high, low: start.low, close: start.close)
        var atr = AverageTrueRange(bars: 14, high: start.high, low: start.low, close: start.close)
        var vwap = try VolumeWeightedAverage(times: start.times, hasTimeOfDay: true, high: start.high, low: start.low,
                                             close: start.close, volume: walk.volume)
        for cut in cuts.dropFirst() {
            let w = walk.prefix(cut)
            ema.extend(closes: w.close)
            bands.extend(closes: w.close)
            rsi.extend(closes: w.close)
            macd.extend(closes: w.close)
            stoch.extend(high: w.high, low: w.low, close: w.close)
            atr.extend(high: w.high, low: w.low, close: w.close)
            vwap.extend(times: w.times, high: w.high, low: w.low, close: w.close, volume: w.volume)
        }
        let columns: [String: [Double]] = [
            "ema": ema.values, "upper": bands.upper, "middle": bands.middle, "lower": bands.lower, "rsi": rsi.values,
            "macd": macd.line, "signal": macd.signalLine, "histogram": macd.histogram, "k": stoch.k, "d": stoch.d,
            "atr": atr.values, "vwap": vwap.values,
        ]
        return columns.mapValues { $0.map(\.bitPattern) }
    }

    @Test(arguments: [1, 7])
    func rowByRowAndInPiecesEqualsTheWholeSeries(seed: UInt64) throws {
        let walk = Walk(count: 2_000, seed: seed)
        let whole = try Self.outputs(walk, cuts: [walk.close.count])
        #expect(whole.values.allSatisfy { $0.count == 2_000 })
        // Row by row from an empty start, as a followed file that began empty.
        let byRow = try Self.outputs(walk, cuts: [1] + Array(2...walk.close.count))
        var rng = SplitMix64(seed: seed)
        var pieces = [Int(rng.next() % 40)]
        while pieces.last! < walk.close.count { pieces.append(min(walk.close.count, pieces.last! + 1 + Int(rng.next() % 61))) }
        let byPiece = try Self.outputs(walk, cuts: pieces)
        for (name, values) in whole {
            #expect(byRow[name] == values, "\(name) row by row")
            #expect(byPiece[name] == values, "\(name) in pieces")
            // The walk is long enough that every indicator has values (a test of nothing otherwise).
            #expect(values.contains { !Double(bitPattern: $0).isNaN }, "\(name)")
        }
    }

    @Test func aLongSeriesDoesNotDrift() {
        // Bands and stochastic sums are taken afresh every window: after a million bars
        // around a level the bands are those of the last window alone.
        var closes: [Double] = (0..<1_000_000).map { (i: Int) -> Double in 12_000 + Double((i * 7) % 13) * 0.25 }
        closes[10] = 1e9
        let bands = BollingerBands(bars: 20, deviations: 2, closes: closes)
        let window = closes.suffix(20)
        let mean = window.reduce(0, +) / 20
        let squares: Double = window.map { (x: Double) -> Double in (x - mean) * (x - mean) }.reduce(0, +)
        let sd = (squares / 20).squareRoot()
        #expect(abs(bands.middle.last! - mean) < 1e-9 && abs(bands.upper.last! - (mean + 2 * sd)) < 1e-9)
    }
}
