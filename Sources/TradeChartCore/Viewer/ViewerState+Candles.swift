/// Candles in the viewer: the period a candle stands for at a moment, the candles
/// on screen, the candle under the cursor, the price axis over highs and lows, and
/// what `c`, the volume pane (an on/off setting of the table) and the columns' arrival do.
extension ViewerState {
    /// Whether candles or OHLC bars are drawn (they show one file: not while files are compared).
    package var drawsCandles: Bool { candles.drawsCandles && !comparing }

    /// Whether the volume pane is drawn.
    package var drawsVolume: Bool { candles.drawsVolume && !comparing }

    /// The periods candles may take here: those that can merge the file's bars, from the
    /// one chosen (`p`, `--period`) up; all of them for the automatic period.
    var candlePeriods: [CandlePeriod] {
        let usable = CandleGrouping.periods(for: series)
        guard let chosen = candles.period else { return usable }
        let longer = usable.filter { $0 >= chosen }
        return longer.isEmpty ? [usable[usable.count - 1]] : longer
    }

    /// The period of the candles over the bars `range`, `dotsPerBar` dots apart: the
    /// smallest of `candlePeriods` whose candles get their room (the chosen one where it fits).
    func candlePeriod(over range: ClosedRange<Int>, dotsPerBar: Double) -> CandlePeriod {
        CandleGrouping.fitting(candlePeriods, range: range, dotsPerBar: dotsPerBar, times: series.times)
    }

    /// The candle period on screen at `time`. During a morph, the finer of its two periods
    /// (where it starts and where it lands) while those candles still get their room, else
    /// the coarser: candles slide and widen or narrow with the maps, and regroup once.
    package func candlePeriod(at time: Double) -> CandlePeriod { candlePeriod(at: time, onScreen: projection(at: time)) }

    /// The candle period at `time`, when `onScreen` is what is on screen then.
    func candlePeriod(at time: Double, onScreen: ChartProjection) -> CandlePeriod {
        let still = candlePeriod
        guard let morph, !morph.isFinished(at: time) else { return still }
        let start = candlePeriod(over: points(shownBy: morph.from), dotsPerBar: abs(morph.from.x.scale))
        let fine = min(start, still), coarse = max(start, still)
        return CandleGrouping.fits(fine, range: points(shownBy: onScreen), dotsPerBar: abs(onScreen.x.scale),
                                   times: series.times) ? fine : coarse
    }

    /// The points whose dot columns lie on the chart under the projection `p` (the range when it shows none).
    func points(shownBy p: ChartProjection) -> ClosedRange<Int> {
        let a = p.x.inverse(0), b = p.x.inverse(Double(canvasDots.width))
        let first = max(0, Clamp.int(min(a, b).rounded(.down), ifNaN: slice.first))
        let last = min(series.count - 1, Clamp.int(max(a, b).rounded(.up), ifNaN: slice.last))
        return first <= last ? first...last : slice.first...slice.last
    }

    /// The bars of the candle of `period` that holds point `i`, cut at the range's ends as they are drawn.
    func candleBars(containing i: Int, period: CandlePeriod) -> ClosedRange<Int> {
        let bars = CandleGrouping.group(containing: i, period: period, times: series.times)
        return max(bars.lowerBound, slice.first)...max(min(bars.upperBound, slice.last), slice.first)
    }

    /// The candle under the cursor at `time`, when candles (or the volume pane) have their columns.
    package func cursorCandle(at time: Double) -> Candle? { geometry(at: time).cursorCandle }

    /// The candle of `period` that holds `point`, when the candles have their columns.
    func candle(at point: Int, period: CandlePeriod) -> Candle? {
        candles.series?.candle(candleBars(containing: point, period: period))
    }

    /// The candles of `period` on screen, of the points `drawn`, under the projection `p`:
    /// the whole groups (older ones sliding in during a morph too) that reach into the chart.
    func visibleCandles(period: CandlePeriod, drawn: ClosedRange<Int>, projection p: ChartProjection) -> [Candle] {
        guard let candleSeries = candles.series else { return [] }
        var first = drawn.lowerBound, last = drawn.upperBound
        if p.x.scale > 0 {
            let shown = points(shownBy: p)
            first = max(first, shown.lowerBound - 1)
            last = min(last, shown.upperBound + 1)
        }
        guard first <= last else { return [] }
        // Whole groups only: extended to the groups' ends within the points drawn.
        let times = series.times
        first = max(drawn.lowerBound, CandleGrouping.group(containing: first, period: period, times: times).lowerBound)
        last = min(drawn.upperBound, CandleGrouping.group(containing: last, period: period, times: times).upperBound)
        return candleSeries.candles(CandleGrouping.groups(first: first, last: last, period: period, times: times))
    }

    /// The lowest and highest plotted value (see `plotted`) the chart shows over
    /// `range`: the closes, and once the open, high and low are read, every price of the
    /// bars, in every style, so that switching style never moves the axis; and the moving
    /// averages and the indicators drawn on the price (bands, EMA, VWAP) where they have
    /// values, so that none is cut at the plot's edge (as TradingView scales).
    func chartSpan(_ range: ClosedRange<Int>) -> (min: Double, max: Double) {
        var span = plotIndex.minMax(range)
        if candles.loaded.contains(.prices), let candleSeries = candles.series, candleSeries.count == series.count {
            let bars = candleSeries.span(range)
            span = (min(span.min, plotted(bars.low)), max(span.max, plotted(bars.high)))
        }
        for line in averages {
            let first = max(range.lowerBound, line.bars - 1)
            guard first <= range.upperBound && range.upperBound < line.plotIndex.count else { continue }
            let values = line.plotIndex.minMax(first...range.upperBound)
            span = (min(span.min, values.min), max(span.max, values.max))
        }
        for indicator in indicators where indicator.choice.isOverlay {
            let first = max(range.lowerBound, indicator.firstDefined)
            for line in indicator.plotted where first <= range.upperBound && range.upperBound < line.count {
                let values = line.minMax(first...range.upperBound)
                span = (min(span.min, values.min), max(span.max, values.max))
            }
        }
        return span
    }

    /// The volume of a full-height bar of the pane for `slice` under the projection `p`: the
    /// largest volume of its candles (0 without a pane), and the candle period it groups the
    /// bars by (nil without a pane).
    func volumeTopAndPeriod(for slice: RangeSlice, projection p: ChartProjection) -> (top: Double, period: CandlePeriod?) {
        guard drawsVolume, let candleSeries = candles.series else { return (0, nil) }
        let period = candlePeriod(over: slice.first...slice.last, dotsPerBar: abs(p.x.scale))
        let groups = CandleGrouping.groups(first: slice.first, last: slice.last, period: period, times: series.times)
        return (groups.reduce(0) { max($0, candleSeries.volume($1) ?? 0) }, period)
    }

    /// The candles a viewer opens with: the style asked for, less what the file cannot show
    /// or what was not read with it (said in the notes), and no pane yet (the settings
    /// table turns it on, see `openPane(_:notes:)`).
    static func opening(_ requested: CandleState, file: String, comparing: Bool) -> (CandleState, notes: [StatusMessage]) {
        var candles = requested
        candles.volume = false
        var notes: [StatusMessage] = []
        if comparing && candles.style != .line {
            notes.append(.candlesWhileComparing)
            candles.style = .line
        }
        if candles.style != .line, let why = candles.noCandles(file: file) {
            notes.append(why)
            candles.style = .line
        }
        if candles.missing.contains(.prices) { candles.style = .line; notes.append(.candlesNotRead) }
        return (candles, notes)
    }

    /// Turns the volume pane on on opening, when `asked`, with the style (before the other
    /// settings): the candles' notes `notes`, with why the pane cannot open, once.
    mutating func openPane(_ asked: Bool, notes: [StatusMessage]) -> [StatusMessage] {
        guard asked else { return notes }
        let said = turn(.volume, true, .opening, at: 0).said
        return said == .setting(.volume, on: true) || notes.contains(said) ? notes : notes + [said]
    }

    /// Why the volume pane cannot be turned on (true) or off now, nil when it can: it shows
    /// one file and needs its Volume column (on opening, read with it; a key asks for it).
    func whyNoVolumePane(_ on: Bool, _ cause: SettingCause) -> StatusMessage? {
        switch cause {
        case .key:
            if comparing { return .keyRefused(key: "v", .candlesWhileComparing) }
            if on, let why = candles.noVolume(file: series.name) { return .keyRefused(key: "v", why) }
        case .opening:
            guard on else { return nil }
            if comparing { return .candlesWhileComparing }
            if let why = candles.noVolume(file: series.name) { return why }
            if !candles.loaded.contains(.volume) { return .volumeNotRead }
        }
        return nil
    }

    // MARK: - Keys

    /// `c`: the next style. Candles need the open, high and low; when the file has them
    /// but they are not read yet, the host is asked to read them.
    mutating func cycleStyle(at time: Double) -> ([ViewerCommand], StatusMessage?) {
        if comparing { return ([], .keyRefused(key: "c", .candlesWhileComparing)) }
        let next = candles.style.next
        if next != .line, let why = candles.noCandles(file: series.name) { return ([], .keyRefused(key: "c", why)) }
        candles.style = next
        return askForMissingColumns() ?? ([], styleNote())
    }

    /// Asks the host to read the columns what is shown needs and that are not read yet
    /// (with those already read: a read replaces them), and what to say of it: the columns
    /// being read (also when they were asked for already); nil when none are missing.
    mutating func askForMissingColumns() -> ([ViewerCommand], StatusMessage)? {
        let wanted = candles.missing
        guard !wanted.isEmpty else { return nil }
        candles.asked.formUnion(wanted)
        var names: [String] = []
        if wanted.contains(.prices) { names += [candles.names.open, candles.names.high, candles.names.low].compactMap { $0 } }
        if wanted.contains(.volume), let volume = candles.names.volume { names.append(volume) }
        let reading = StatusMessage.reading(columns: names, file: series.name)
        guard !wanted.isSubset(of: candles.awaited) else { return ([], reading) }
        let fields = candles.loaded.union(candles.awaited).union(wanted)
        candles.awaited = fields
        return ([.loadBars(fields)], reading)
    }

    /// `p`: the next candle period: from the automatic one (the smallest that fits) to each
    /// longer one that gives two candles or more over the range, then back to the automatic.
    mutating func cyclePeriod(at time: Double) -> StatusMessage {
        if comparing { return .keyRefused(key: "p", .candlesWhileComparing) }
        guard drawsCandles || drawsVolume else { return .keyRefused(key: "p", .periodNeedsCandles) }
        let range = slice.first...slice.last, times = series.times
        let usable = CandleGrouping.periods(for: series)
        let shown = candlePeriod
        candles.period = usable.first { $0 > shown && CandleGrouping.count(range, period: $0, times: times, limit: 2) >= 2 }
        // The volume bars' scale follows the new groups.
        retarget(from: projection(at: time), at: time)
        return .candlePeriod(candles.period, grouping: CandleGrouping.label(candlePeriod, noun: candles.style == .ohlc ? "bar" : "candle"))
    }

    /// What the status line says after a style switch.
    func styleNote() -> StatusMessage {
        switch candles.style {
        case .line: .style(.line, grouping: "")
        case .candles: .style(.candles, grouping: CandleGrouping.label(candlePeriod))
        case .ohlc: .style(.ohlc, grouping: CandleGrouping.label(candlePeriod, noun: "bar"))
        }
    }

    /// What the status line says of the volume pane once it is on, when there is more to
    /// say than the table's words: its column, or that the column is 0 or empty.
    var volumePaneNote: StatusMessage? {
        guard candles.volume, let volumes = candles.series?.bars.volume, let name = candles.names.volume else { return nil }
        let total = candles.series.map { $0.candle(0...($0.count - 1)).volume ?? 0 } ?? 0
        return .volumePane(column: name, file: series.name, empty: total == 0 || volumes.isEmpty)
    }

    /// Shows or hides the volume pane's rows as asked, the chart moving to its new height
    /// (`morphing`), or landing there at once (on opening).
    mutating func fitLayout(at time: Double, morphing: Bool = true) {
        let panes = paneIndicators.count
        guard layout.volume != drawsVolume || layout.panes != panes else { return }
        guard morphing else {
            layout = layout.withPanes(volume: drawsVolume, panes: panes)
            retarget()
            continueMorph(at: time)
            return
        }
        let onScreen = projection(at: time)
        morphFirst = drawnPoints(at: time).lowerBound
        layout = layout.withPanes(volume: drawsVolume, panes: panes)
        retarget(from: onScreen, at: time)
    }

    /// A morph running at `time` goes on from what is on screen towards the target set since
    /// (no jump now, the same end), instead of ending on the target it was started for.
    mutating func continueMorph(at time: Double) {
        guard let running = morph, running.to != target else { return }
        morph = running.isFinished(at: time) ? nil : running.retargeted(to: target, at: time)
    }

    /// A new target for the same range (the axis widened to the highs and lows, the pane
    /// shown or hidden), morphing from what is on screen; the volume bars keep their scale.
    mutating func retarget(from onScreen: ChartProjection, at time: Double) {
        retarget()
        var from = onScreen
        if from.volumeTop == 0 { from.volumeTop = target.volumeTop }
        morph = options.morphDuration > 0 && from != target
            ? Morph(from: from, to: target, start: time, duration: options.morphDuration) : nil
    }

    // MARK: - The columns arrive

    /// The host read the file again with the columns asked for (or could not).
    mutating func receive(_ load: BarLoad, at time: Double) -> StatusChange {
        switch load {
        case .loaded(let loaded):
            let onScreen = projection(at: time)
            candles.take(loaded)
            if loaded.series != series { replaceSeries(loaded.series, at: time) }
            // The stochastic, ATR and VWAP read the high, low and volume that came; the others are kept.
            if !indicatorChoices.isEmpty { refreshBarIndicators() }
            layout = layout.withPanes(volume: drawsVolume, panes: paneIndicators.count)
            retarget(from: onScreen, at: time)
            let asked = candles.asked
            candles.asked = []
            if !candles.missing.isEmpty {
                dropUnreadRequests()
                return .show(.columnsGone(file: series.name))
            } else {
                // Says what was asked for while they were read: the candles, the pane, or both.
                var notes: [StatusMessage] = []
                if asked.contains(.prices) && candles.style != .line { notes.append(styleNote()) }
                if asked.contains(.volume) && candles.volume { notes.append(volumePaneNote ?? .setting(.volume, on: true)) }
                return notes.isEmpty ? .clear : .show(notes.count == 1 ? notes[0] : .all(notes))
            }
        case .failed(let reason):
            candles.awaited = []
            candles.asked = []
            dropUnreadRequests()
            fitLayout(at: time)
            return .show(.note(reason))
        }
    }

    /// Gives up what cannot be shown: the style back to the line, the pane down.
    mutating func dropUnreadRequests() {
        if !candles.loaded.contains(.prices) { candles.style = .line }
        if !candles.loaded.contains(.volume) { candles.volume = false }
    }
}

extension ViewerState {
    /// Left or Right (`steps` ±1), Shift or Page (±10) while candles are drawn: candle by
    /// candle. The cursor stands on the last bar of its candle; a hidden cursor first
    /// shows on the candle at the end it points away from.
    mutating func stepCandles(_ steps: Int) {
        scrubHold = nil
        let period = candlePeriod
        guard let current = cursor else {
            cursor = candleBars(containing: steps < 0 ? slice.last : slice.first, period: period).upperBound
            return
        }
        var candle = candleBars(containing: current, period: period)
        for _ in 0..<abs(steps) {
            let next = steps > 0 ? candle.upperBound + 1 : candle.lowerBound - 1
            guard slice.contains(next) else { break }
            candle = candleBars(containing: next, period: period)
        }
        cursor = candle.upperBound
    }
}

extension ViewerState {
    /// The cell column of the wick of the candle of `period` under `cursor`, while candles are drawn.
    func candleCursorColumn(cursor: Int, period: CandlePeriod, projection: ChartProjection) -> Int? {
        guard drawsCandles else { return nil }
        let bars = candleBars(containing: cursor, period: period)
        let wick = CandleGeometry(first: bars.lowerBound, last: bars.upperBound, x: projection.x).wick
        return Clamp.int((Double(wick) / Double(options.charset.dotColumnsPerCell)).rounded(.down), ifNaN: -1)
    }
}
