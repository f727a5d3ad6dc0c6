import Glibc

/// One indicator of `--indicator` computed over the whole series, as the chart draws it:
/// its outputs (`lines`, in the order drawn), and for an overlay the min-max index of each
/// line's values as the price axis plots them. Rows appended to a followed file extend it
/// in O(1) per row (`extend`). It says what it was worked out from (`basis`), so that a
/// change of the chosen indicators keeps it while that is still what the chart shows.
struct IndicatorLine: Sendable {
    /// The computed values, one case per indicator.
    enum Values: Sendable {
        case ema(ExponentialAverage)
        case bollinger(BollingerBands)
        case vwap(VolumeWeightedAverage)
        case rsi(RelativeStrength)
        case macd(MACD)
        case stochastic(Stochastic)
        case atr(AverageTrueRange)
    }

    /// Why an indicator is not drawn on this file.
    enum Unavailable: Error, Sendable, Equatable {
        /// VWAP on daily bars or without volume.
        case vwap(VolumeWeightedAverage.Refusal)
        /// Stochastic or ATR on a file without high and low columns (or before they were read).
        case needsHighLow
    }

    let choice: IndicatorChoice
    private(set) var values: Values
    /// Each line's plotted values, then the histogram's: for an overlay as the price axis plots
    /// them, for a pane as they are (a value missing after the first, as VWAP's at a session
    /// start without volume, holds the one before, so the line does not break).
    private(set) var plotted: [MinMaxIndex] = []
    /// Whether `plotted` indexes the lines' own arrays (a pane, or an overlay on an unscaled
    /// linear axis, whose values have no gap to hold over): no copy of a column is made, and
    /// a follow lends them back to the indicator while it grows (`extend`).
    private var sharesColumns = false
    /// The series, bars and (for an overlay) axis the lines were worked out for.
    private(set) var basis: IndicatorBasis
    /// The first level of each drawn line's min-max index (in the order of `plotted`), worked
    /// out by the pass that computed the lines, until the first `plot` takes them.
    private var firstLevels: [BlockSummary]?

    /// The indicator over `series` (whose price index's contents token is `seriesContents`)
    /// and `bars` (nil where they were not read); not yet plotted (`plot`).
    init(_ choice: IndicatorChoice, series: PriceSeries, seriesContents: MinMaxIndex.Contents,
         bars: BarColumns?) throws(Unavailable) {
        self.choice = choice
        basis = IndicatorBasis(choice, series: seriesContents, barsRead: bars != nil, axis: nil)
        let close = series.prices
        let high = bars?.high, low = bars?.low
        // Each made from no row, then given the whole series, its lines summarized as they are written.
        var summaries: [BlockSummary]? = []
        switch choice {
        case .ema(let n):
            var e = ExponentialAverage(bars: n, closes: [])
            e.extend(closes: close, summaries: &summaries)
            values = .ema(e)
        case .bollinger(let n, let m):
            var b = BollingerBands(bars: n, deviations: m, closes: [])
            b.extend(closes: close, summaries: &summaries)
            values = .bollinger(b)
            // Written middle, upper, lower; drawn upper, middle, lower.
            if let s = summaries, s.count == 3 { summaries = [s[1], s[0], s[2]] }
        case .rsi(let n):
            var r = RelativeStrength(bars: n, closes: [])
            r.extend(closes: close, summaries: &summaries)
            values = .rsi(r)
        case .macd(let f, let s, let g):
            var m = MACD(fast: f, slow: s, signal: g, closes: [])
            m.extend(closes: close, summaries: &summaries)
            values = .macd(m)
        case .vwap:
            do throws(VolumeWeightedAverage.Refusal) {
                values = .vwap(try VolumeWeightedAverage(times: series.times, hasTimeOfDay: series.hasTimeOfDay, high: high,
                                                         low: low, close: close, volume: bars?.volume, summaries: &summaries))
            } catch {
                throw .vwap(error)
            }
        case .stochastic(let n, let k, let d):
            guard let high, let low else { throw .needsHighLow }
            var s = Stochastic(bars: n, kBars: k, dBars: d, high: [], low: [], close: [])
            s.extend(high: high, low: low, close: close, summaries: &summaries)
            values = .stochastic(s)
        case .atr(let n):
            guard let high, let low else { throw .needsHighLow }
            var a = AverageTrueRange(bars: n, high: [], low: [], close: [])
            a.extend(high: high, low: low, close: close, summaries: &summaries)
            values = .atr(a)
        }
        firstLevels = summaries
    }

    /// The lines drawn, each with its values and whether it is dimmer (the bands, the signal, %D).
    var lines: [(values: [Double], dim: Bool)] {
        switch values {
        case .ema(let e): [(e.values, false)]
        case .bollinger(let b): [(b.upper, true), (b.middle, false), (b.lower, true)]
        case .vwap(let v): [(v.values, false)]
        case .rsi(let r): [(r.values, false)]
        case .macd(let m): [(m.line, false), (m.signalLine, true)]
        case .stochastic(let s): [(s.k, false), (s.d, true)]
        case .atr(let a): [(a.values, false)]
        }
    }

    /// MACD's histogram, nil for the others.
    var histogram: [Double]? {
        if case .macd(let m) = values { return m.histogram }
        return nil
    }

    /// The first bar with a value.
    var firstDefined: Int {
        switch values {
        case .ema(let e): e.firstDefined
        case .bollinger(let b): b.firstDefined
        case .vwap(let v): v.values.firstIndex { !$0.isNaN } ?? v.values.count
        case .rsi(let r): r.firstDefined
        case .macd(let m): m.firstDefined
        case .stochastic(let s): s.firstDefined
        case .atr(let a): a.firstDefined
        }
    }

    /// The value the legend shows at `point`: the first line's (NaN during the warm-up).
    func value(at point: Int) -> Double {
        let first = lines[0].values
        return point < first.count ? first[point] : .nan
    }

    /// Takes the rows appended since (`series` and `bars` hold every row). The indicator is
    /// taken out of `values` (and its columns out of `plotted`) while it grows, so that its
    /// columns are not shared then, and grow in place instead of being copied whole.
    /// `seriesContents` is the grown series' price index contents token.
    mutating func extend(series: PriceSeries, seriesContents: MinMaxIndex.Contents, bars: BarColumns?) {
        defer { basis = IndicatorBasis(choice, series: seriesContents, barsRead: bars != nil, axis: basis.axis) }
        let close = series.prices
        let high = bars?.high ?? close, low = bars?.low ?? close
        var lent: [Int] = []
        if sharesColumns { for k in plotted.indices { lent.append(plotted[k].lendValues()) } }
        let grown: Values
        switch values {
        case .ema(var e): values = Self.growing; e.extend(closes: close); grown = .ema(e)
        case .bollinger(var b): values = Self.growing; b.extend(closes: close); grown = .bollinger(b)
        case .rsi(var r): values = Self.growing; r.extend(closes: close); grown = .rsi(r)
        case .macd(var m): values = Self.growing; m.extend(closes: close); grown = .macd(m)
        case .vwap(var v):
            values = Self.growing
            v.extend(times: series.times, high: high, low: low, close: close,
                     volume: bars?.volume ?? [Double](repeating: 0, count: close.count))
            grown = .vwap(v)
        case .stochastic(var s): values = Self.growing; s.extend(high: high, low: low, close: close); grown = .stochastic(s)
        case .atr(var a): values = Self.growing; a.extend(high: high, low: low, close: close); grown = .atr(a)
        }
        values = grown
        guard sharesColumns else { return }
        let drawn = self.drawn
        for k in plotted.indices { plotted[k].adopt(drawn[k], lent: lent[k]) }
        // A gap after the first value (not expected of these) would need holding over: plotted afresh.
        if drawn.contains(where: { Self.hasGap($0, after: lent[0]) }) { replot(scale: .identity, log: false) }
    }

    /// What `values` holds while its indicator grows outside it.
    private static let growing = Values.atr(AverageTrueRange(bars: 1, high: [], low: [], close: []))

    /// Each line's values, then the histogram's: what `plotted` indexes.
    private var drawn: [[Double]] { lines.map(\.values) + (histogram.map { [$0] } ?? []) }

    /// Whether `values` has a NaN at `from` or after that is not part of the warm-up before its first value.
    private static func hasGap(_ values: [Double], after from: Int) -> Bool {
        values.withUnsafeBufferPointer { v in
            var started = from > 0 && !v[from - 1].isNaN
            for i in from..<v.count {
                if v[i].isNaN {
                    if started { return true }
                } else {
                    started = true
                }
            }
            return false
        }
    }

    /// Whether `values`, of which `missing` are NaN, has a NaN after its first value: more NaNs
    /// than the warm-up before that value holds.
    private static func hasGap(_ values: [Double], missing: Int) -> Bool {
        missing > (values.firstIndex { !$0.isNaN } ?? values.count)
    }

    /// Extends the plotted values to the rows computed (an overlay's for the axis: log or
    /// scaled like the price). A pane's lines, and an overlay's on an unscaled linear axis,
    /// are indexed as they are, without a copy. An overlay plotted for another axis (the
    /// price rescaled as a follow grew it) is plotted afresh.
    mutating func plot(scale: PriceScale, log: Bool) {
        if choice.isOverlay {
            let axis = IndicatorBasis.Axis(scale: scale, log: log)
            if basis.axis != nil && basis.axis != axis { plotted = [] }
            basis.axis = axis
        }
        // The pass's summaries serve the first plot only (and only of the lines as they are).
        let firstLevels = self.firstLevels
        self.firstLevels = nil
        // Shared columns are indexed as they grow (`extend`).
        if sharesColumns && !plotted.isEmpty { return }
        let drawn = self.drawn
        if plotted.isEmpty && (!choice.isOverlay || !log && scale == .identity) {
            // Indexed first: the index counts the NaNs, so a gap shows without a pass of its own.
            // The summaries the pass worked out save the index a read of each line.
            let indexed = firstLevels.flatMap { levels in
                levels.count == drawn.count ? zip(drawn, levels).map { MinMaxIndex($0, summary: $1) } : nil
            } ?? drawn.map { MinMaxIndex($0) }
            if !zip(drawn, indexed).contains(where: { Self.hasGap($0, missing: $1.missing) }) {
                plotted = indexed
                sharesColumns = true
                return
            }
        }
        sharesColumns = false
        let from = plotted.first?.count ?? 0
        let overlay = choice.isOverlay
        var grown: [MinMaxIndex] = []
        for (k, values) in drawn.enumerated() {
            guard values.count > from else { continue }
            var held = from > 0 ? plotted[k].values[from - 1] : Double.nan
            // A line plotted whole is summarized for its index as it is written (`BlockSummary`).
            var new: [Double] = [], summaries: [BlockSummary]? = from == 0 ? [] : nil
            DoubleColumn.grow(&new, to: values.count - from, summaries: &summaries) { rows, out in
                values.withUnsafeBufferPointer { v in
                    for i in rows {
                        let value = v[from + i]
                        if !value.isNaN { held = !overlay ? value : log ? Glibc.log(value) : scale.scaled(value) }
                        out[i] = held
                    }
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
        plot(scale: scale, log: log)
    }
}
