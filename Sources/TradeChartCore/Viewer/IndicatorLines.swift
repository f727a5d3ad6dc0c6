import Glibc

/// One indicator of `--indicator` computed over the whole series, as the chart draws it
/// (issue 25): its lines are not kept whole but worked out again where read, from the
/// state its step had at the checkpoint before them (`CheckpointedIndicator`); each drawn
/// line's `MinMaxIndex` (`plotted`) holds the line's block extremes, worked out by the pass
/// that computed it. Rows appended to a followed file extend it in O(1) per row (`extend`).
/// It says what it was worked out from (`basis`), so that a change of the chosen indicators
/// keeps it while that is still what the chart shows.
struct IndicatorLine: Sendable {
    /// Why an indicator is not drawn on this file.
    enum Unavailable: Error, Sendable, Equatable {
        /// VWAP on daily bars or without volume.
        case vwap(VolumeWeightedAverage.Refusal)
        /// Stochastic or ATR on a file without high and low columns (or before they were read).
        case needsHighLow
        /// The file's older rows are still being read (its newest rows were read first): an
        /// EMA, RSI, MACD or ATR carries every row before in each value, so worked out from
        /// the newest rows alone its values would not be the file's. Drawn once they are read.
        case needsOlderRows
    }

    let choice: IndicatorChoice
    /// The checkpoints, the inputs and the state after the last row.
    private var engine: IndicatorEngine
    /// Each line's plotted values, then the histogram's: for an overlay as the price axis plots
    /// them, for a pane as they are (a value missing after the first, as VWAP's at a session
    /// start without volume, holds the one before, so the line does not break).
    private(set) var plotted: [MinMaxIndex] = []
    /// Whether `plotted` replays the lines (a pane, or an overlay on an unscaled linear axis);
    /// else it holds their values mapped to the axis.
    private var replays = false
    /// Whether the plotted lines let go of their replays (`releaseInputs`) until `extend`.
    private var lent = false
    /// The series, bars and (for an overlay) axis the lines were worked out for.
    private(set) var basis: IndicatorBasis
    /// The first level of each drawn line's min-max index (in the order of `plotted`), worked
    /// out by the pass that computed the lines, until the first `plot` takes them.
    private var firstLevels: [BlockSummary]?
    /// The first bar with a value.
    let firstDefined: Int
    /// Every output's value at the newest row, as the pass that took it last worked it out
    /// (empty before a followed file's first rows): the legend and the panes' titles say
    /// them at every frame, without a replay from the checkpoint before them.
    private var newest: [Double] = []
    /// What the plotted lines replayed last, shared by them and kept while the indicator grows
    /// (appended rows change no value before them).
    private var cache = ReplayCache()

    /// The indicator over `series` (whose price index's contents token is `seriesContents`)
    /// and `bars` (nil where they were not read); not yet plotted (`plot`).
    init(_ choice: IndicatorChoice, series: PriceSeries, seriesContents: MinMaxIndex.Contents,
         bars: BarColumns?) throws(Unavailable) {
        self = try Self.lines([choice], series: series, seriesContents: seriesContents, bars: bars)[0].get()
    }

    private init(_ choice: IndicatorChoice, engine: IndicatorEngine, firstLevels: [BlockSummary], firstDefined: Int,
                 basis: IndicatorBasis) {
        self.choice = choice
        self.engine = engine
        self.firstLevels = firstLevels
        self.firstDefined = firstDefined
        self.basis = basis
    }

    /// The indicators `choices` over `series` and `bars`, as `init` makes each, in order (or why
    /// one is not drawn): those that wait on a chain of operations from row to row
    /// (`IndicatorEngine.waitsOnChain`) are worked out two at a time, in one pass each pair,
    /// which takes little more time than one of them alone; the values are the same.
    static func lines(_ choices: [IndicatorChoice], series: PriceSeries, seriesContents: MinMaxIndex.Contents,
                      bars: BarColumns?) -> [Result<IndicatorLine, Unavailable>] {
        var lines = [Result<IndicatorLine, Unavailable>?](repeating: nil, count: choices.count)
        var prepared: [(at: Int, firstDefined: Int, inputs: IndicatorInputs)] = []
        for (at, choice) in choices.enumerated() {
            do throws(Unavailable) {
                let (firstDefined, inputs) = try prepare(choice, series: series, bars: bars)
                prepared.append((at, firstDefined, inputs))
            } catch {
                lines[at] = .failure(error)
            }
        }
        func line(_ at: Int, _ engine: IndicatorEngine, _ summaries: [BlockSummary], _ firstDefined: Int) -> IndicatorLine {
            IndicatorLine(choices[at], engine: engine, firstLevels: summaries, firstDefined: firstDefined,
                          basis: IndicatorBasis(choices[at], series: seriesContents, barsRead: bars != nil, axis: nil))
        }
        let chained = prepared.filter { IndicatorEngine.waitsOnChain(choices[$0.at]) }
        var k = 0
        while k + 1 < chained.count {
            let a = chained[k], b = chained[k + 1]
            if let (first, summaries, second, otherSummaries) = IndicatorEngine.pair(choices[a.at], inputs: a.inputs,
                                                                                     choices[b.at], inputs: b.inputs) {
                lines[a.at] = .success(line(a.at, first, summaries, a.firstDefined))
                lines[b.at] = .success(line(b.at, second, otherSummaries, b.firstDefined))
            }
            k += 2
        }
        for one in prepared where lines[one.at] == nil {
            // Made from no row, then given the whole series, its lines summarized as they are worked out.
            var summaries: [BlockSummary] = []
            let engine = IndicatorEngine(choices[one.at], inputs: one.inputs, summaries: &summaries)
            lines[one.at] = .success(line(one.at, engine, summaries, one.firstDefined))
        }
        return lines.map { $0! }
    }

    /// The first bar with a value of `choice` over `series` and `bars` and the columns it reads,
    /// or why it is not drawn on them.
    private static func prepare(_ choice: IndicatorChoice, series: PriceSeries,
                                bars: BarColumns?) throws(Unavailable) -> (firstDefined: Int, inputs: IndicatorInputs) {
        let close = series.prices
        let firstDefined: Int
        switch choice {
        case .vwap:
            guard series.hasTimeOfDay else { throw .vwap(.needsIntradayBars) }
            guard let volume = bars?.volume, volume.contains(where: { $0 > 0 }) else { throw .vwap(.noVolume) }
            firstDefined = volume.firstIndex { $0 > 0 } ?? close.count
        case .stochastic, .atr:
            guard bars?.high != nil, bars?.low != nil else { throw .needsHighLow }
            firstDefined = warmUp(choice)
        default:
            firstDefined = warmUp(choice)
        }
        return (firstDefined, inputs(choice, series: series, bars: bars))
    }

    /// The first bar with a value of each indicator but VWAP (whose first is its first bar with volume).
    private static func warmUp(_ choice: IndicatorChoice) -> Int {
        switch choice {
        case .ema(let n), .bollinger(let n, _): n - 1
        case .rsi(let n), .atr(let n): n
        case .macd(_, let slow, let signal): slow + signal - 2
        case .stochastic(let n, let k, let d): n + k + d - 3
        case .vwap: 0
        }
    }

    /// The columns `choice` reads of `series` and `bars` (the high and low default to the close,
    /// the volume to none).
    private static func inputs(_ choice: IndicatorChoice, series: PriceSeries, bars: BarColumns?) -> IndicatorInputs {
        let close = series.prices
        switch choice {
        case .ema, .bollinger, .rsi, .macd:
            return IndicatorInputs(close: close)
        case .stochastic, .atr:
            return IndicatorInputs(close: close, high: bars?.high ?? close, low: bars?.low ?? close)
        case .vwap:
            return IndicatorInputs(close: close, high: bars?.high ?? close, low: bars?.low ?? close,
                                   volume: bars?.volume ?? [Double](repeating: 0, count: close.count), times: series.times)
        }
    }

    /// Whether each line drawn is dimmer (the bands, the signal, %D), in the order drawn.
    var dims: [Bool] {
        switch choice {
        case .bollinger: [true, false, true]
        case .macd, .stochastic: [false, true]
        case .ema, .vwap, .rsi, .atr: [false]
        }
    }

    /// How many lines are drawn (MACD's histogram not counted).
    var lineCount: Int { dims.count }

    /// Whether a histogram is drawn (MACD's), indexed after the lines (`plotted[lineCount]`).
    var hasHistogram: Bool { engine.drawn > lineCount }

    /// How many rows were computed.
    var count: Int { engine.count }

    /// The value the legend shows at `point`: the first line's (NaN during the warm-up, and for
    /// VWAP where a session has no volume yet).
    func value(at point: Int) -> Double {
        value(line: 0, at: point)
    }

    /// The value of line `line` at `point` (NaN past the rows computed): the lines in the order
    /// drawn, then MACD's histogram; VWAP's line as it is, not held over a gap.
    func value(line: Int, at point: Int) -> Double {
        guard point >= 0 && point < engine.count else { return .nan }
        if point == engine.count - 1, output(line) < newest.count { return newest[output(line)] }
        var value = 0.0
        engine.values(output: output(line), point..<(point + 1), into: &value)
        return value
    }

    /// The values of line `line` at `rows` (inside `0..<count`), as `value(line:at:)`.
    func values(line: Int, in rows: Range<Int>) -> [Double] {
        [Double](unsafeUninitializedCapacity: rows.count) { buffer, initialized in
            if let base = buffer.baseAddress { engine.values(output: output(line), rows, into: base) }
            initialized = rows.count
        }
    }

    /// Every value of each line drawn, then of the histogram (worked out whole: for tests).
    var lineValues: [[Double]] { (0..<engine.drawn).map { values(line: $0, in: 0..<engine.count) } }

    /// The engine's output of line `line`: its own, but the legend's for the first line.
    private func output(_ line: Int) -> Int { line == 0 ? engine.legendOutput : line }

    /// Lets go of the input columns and of what the plotted lines share with the indicator, so
    /// that a followed file's rows grow the series and its bars in place; `extend` takes them back.
    mutating func releaseInputs() {
        if replays && !lent {
            for k in plotted.indices { _ = plotted[k].lendReplay() }
            lent = true
        }
        engine.releaseInputs()
    }

    /// Takes the rows appended since (`series` and `bars` hold every row). The plotted lines let
    /// go of what they share with the indicator while it grows, so that its checkpoints grow in
    /// place instead of being copied whole. `seriesContents` is the grown series' price index contents token.
    mutating func extend(series: PriceSeries, seriesContents: MinMaxIndex.Contents, bars: BarColumns?) {
        defer { basis = IndicatorBasis(choice, series: seriesContents, barsRead: bars != nil, axis: basis.axis) }
        let before = engine.count
        if replays && !lent { for k in plotted.indices { _ = plotted[k].lendReplay() } }
        lent = false
        let fresh = engine.extend(Self.inputs(choice, series: series, bars: bars))
        if engine.count > before { newest = fresh.map { $0.last ?? .nan } }
        guard replays else { return }
        // The new rows' values come with the pass that took them: none is replayed for the index.
        for k in plotted.indices {
            plotted[k].adopt(replay: engine.replay(of: k, shared: cache), lent: before, fresh: k < fresh.count ? fresh[k] : nil)
        }
    }

    /// Extends the plotted values to the rows computed (an overlay's for the axis: log or
    /// scaled like the price). A pane's lines, and an overlay's on an unscaled linear axis,
    /// are replayed where read. An overlay plotted for another axis (the price rescaled as a
    /// follow grew it) is plotted afresh.
    mutating func plot(scale: PriceScale, log: Bool) {
        if choice.isOverlay {
            let axis = IndicatorBasis.Axis(scale: scale, log: log)
            if basis.axis != nil && basis.axis != axis { plotted = [] }
            basis.axis = axis
        }
        // The pass's summaries serve the first plot only.
        let firstLevels = self.firstLevels
        self.firstLevels = nil
        // Replayed lines are extended as they grow (`extend`).
        if replays && !plotted.isEmpty { return }
        let count = engine.count
        if plotted.isEmpty && (!choice.isOverlay || !log && scale == .identity) {
            let levels = firstLevels ?? (0..<engine.drawn).map { k in
                var copy: [Double] = []
                DoubleColumn.grow(&copy, to: count) { rows, out in engine.values(output: k, rows, into: out + rows.lowerBound) }
                return BlockSummary(copy, blockShift: MinMaxIndex.replayedShift)
            }
            plotted = (0..<engine.drawn).map { MinMaxIndex(replay: engine.replay(of: $0, shared: cache), summary: levels[$0]) }
            replays = true
            lent = false
            return
        }
        replays = false
        let from = plotted.first?.count ?? 0
        let overlay = choice.isOverlay
        var grown: [MinMaxIndex] = []
        for k in 0..<engine.drawn {
            guard count > from else { continue }
            var held = from > 0 ? plotted[k].values[from - 1] : Double.nan
            // A line plotted whole is summarized for its index as it is written (`BlockSummary`).
            var new: [Double] = [], summaries: [BlockSummary]? = from == 0 ? [] : nil
            DoubleColumn.grow(&new, to: count - from, summaries: &summaries) { rows, out in
                engine.values(output: k, (from + rows.lowerBound)..<(from + rows.upperBound), into: out + rows.lowerBound)
                for i in rows {
                    let value = out[i]
                    if !value.isNaN { held = !overlay ? value : log ? Glibc.log(value) : scale.scaled(value) }
                    out[i] = held
                }
            }
            if let summary = summaries?.first {
                grown.append(MinMaxIndex(new, summary: summary))
            } else if from == 0 {
                grown.append(MinMaxIndex(new))
            } else {
                plotted[k].append(contentsOf: new)
            }
        }
        if from == 0 { plotted = grown }
    }

    /// The plotted lines afresh (the axis changed).
    mutating func replot(scale: PriceScale, log: Bool) {
        plotted = []
        replays = false
        plot(scale: scale, log: log)
    }
}
