import Testing
@testable import TradeChartCore

/// The chart works out two indicators that wait on a chain of operations from row to row
/// (EMA, RSI, MACD, ATR) in one pass (`IndicatorLine.lines`, `CheckpointedIndicator.pair`):
/// each line's values, its index and what a followed file's rows then add are exactly those
/// of the indicator worked out alone, for pairs of every kind (the same kind twice too), at
/// lengths around the pair's pieces (32 rows), the checkpoints (128) and the chunks (512).
@Suite("Indicators worked out in pairs")
struct PairedPassTests {
    /// In order: pairs (EMA 20, RSI 14), (MACD, ATR 14), (EMA 70, EMA 9), (MACD 3,100,7, RSI 130),
    /// then ATR 9 alone; the others between them are worked out alone.
    static let choices: [IndicatorChoice] = CheckpointedLineTests.choices

    static func expectSame(_ together: IndicatorLine, _ alone: IndicatorLine, count: Int, _ name: String) {
        #expect(together.plotted.count == alone.plotted.count, "\(name)")
        for k in 0..<min(together.plotted.count, alone.plotted.count) {
            #expect(together.values(line: k, in: 0..<count).map(\.bitPattern) == alone.values(line: k, in: 0..<count).map(\.bitPattern),
                    "\(name) line \(k)")
            #expect(together.plotted[k].levels.map { $0.map(\.bitPattern) } == alone.plotted[k].levels.map { $0.map(\.bitPattern) },
                    "\(name) line \(k): index")
            #expect(together.plotted[k].missing == alone.plotted[k].missing, "\(name) line \(k): NaN count")
        }
    }

    @Test(arguments: [1, 31, 32, 33, 130, 511, 513, 2_077])
    func linesWorkedOutInPairsAreThoseWorkedOutAlone(count: Int) throws {
        let total = count + 300
        let walk = IndicatorIncrementalTests.Walk(count: total, seed: UInt64(count) * 13 + 5)
        func parts(_ n: Int) -> (PriceSeries, BarColumns) {
            let w = walk.prefix(n)
            return (PriceSeries(name: "walk.csv", times: w.times, prices: w.close, hasTimeOfDay: true),
                    BarColumns(count: n, open: nil, high: w.high, low: w.low, volume: w.volume))
        }
        let (series, bars) = parts(count)
        let contents = MinMaxIndex([]).contents
        let together = IndicatorLine.lines(Self.choices, series: series, seriesContents: contents, bars: bars)
        #expect(together.count == Self.choices.count)
        let (grown, grownBars) = parts(total)
        for (choice, result) in zip(Self.choices, together) {
            let name = "\(choice.title) of \(count)"
            let single: Result<IndicatorLine, IndicatorLine.Unavailable>
            do throws(IndicatorLine.Unavailable) {
                single = .success(try IndicatorLine(choice, series: series, seriesContents: contents, bars: bars))
            } catch {
                single = .failure(error)
            }
            guard case .success(var line) = result, case .success(var alone) = single else {
                #expect(String(describing: result) == String(describing: single), "\(name): the same refusal")
                continue
            }
            line.plot(scale: .identity, log: false)
            alone.plot(scale: .identity, log: false)
            Self.expectSame(line, alone, count: count, name)
            // A followed file's rows after it: each takes them on from its own state.
            line.extend(series: grown, seriesContents: contents, bars: grownBars)
            alone.extend(series: grown, seriesContents: contents, bars: grownBars)
            line.plot(scale: .identity, log: false)
            alone.plot(scale: .identity, log: false)
            Self.expectSame(line, alone, count: total, name + " and 300 rows appended")
        }
    }

    /// Where the file has no high and low, ATR and the stochastic cannot be drawn: the lines say
    /// so in their places, and the others are still paired as they come.
    @Test func refusalsKeepTheirPlaces() {
        let walk = IndicatorIncrementalTests.Walk(count: 700, seed: 3)
        let series = PriceSeries(name: "walk.csv", times: walk.times, prices: walk.close, hasTimeOfDay: true)
        let choices: [IndicatorChoice] = [.atr(14), .ema(20), .stochastic(14, 3, 3), .rsi(14), .macd(12, 26, 9)]
        let lines = IndicatorLine.lines(choices, series: series, seriesContents: MinMaxIndex([]).contents, bars: nil)
        #expect(lines.map { (try? $0.get())?.choice } == [nil, .ema(20), nil, .rsi(14), .macd(12, 26, 9)])
        let refusals: [IndicatorLine.Unavailable] = lines.compactMap { result in
            guard case .failure(let why) = result else { return nil }
            return why
        }
        #expect(refusals == [.needsHighLow, .needsHighLow])
    }
}
