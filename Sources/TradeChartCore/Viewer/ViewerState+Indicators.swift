/// The indicators (SPEC section 11): `--indicator` (and the state file) sets the list; each is
/// computed once over the whole series, so a window's left edge is right, and extended for
/// the rows a followed file appends. Overlays are drawn on the price in the averages' dim
/// colours after theirs; the others in panes below it (`IndicatorPanes`). Comparing files,
/// they are the primary's.
extension ViewerState {
    /// The indicators asked for, in their order.
    public var indicatorChoices: [IndicatorChoice] { overlays.indicatorChoices }
    /// The indicators drawn (those of the choices this file has); none while files are
    /// compared (the status line says they are off).
    var indicators: [IndicatorLine] { comparing ? [] : overlays.indicators }
    /// The titles of the indicators drawn, in their order.
    package var drawnIndicatorTitles: [String] { indicators.map(\.choice.title) }
    /// The indicators drawn in panes below the price.
    var paneIndicators: [IndicatorLine] { indicators.filter { !$0.choice.isOverlay } }

    /// Shows `choices` (none for an empty list).
    mutating func setIndicators(_ choices: [IndicatorChoice]) {
        overlays.indicatorChoices = choices
        chooseIndicators()
        fitIndicators(at: 0, morphing: false)
    }

    /// After the indicators changed: the panes laid out, and the price axis widened (or
    /// narrowed back) to the overlays' values over the range shown.
    mutating func fitIndicators(at time: Double, morphing: Bool = true) {
        guard layout.volume == drawsVolume && layout.panes == paneIndicators.count else {
            fitLayout(at: time, morphing: morphing)
            return
        }
        if morphing {
            retarget(from: projection(at: time), at: time)
        } else {
            retarget()
            continueMorph(at: time)
        }
    }

    /// The chooser's rows (`i`): each indicator with its digit, whether it is on and its periods
    /// (those asked for, else the defaults), and where it is drawn.
    var indicatorChooserLines: [String] {
        IndicatorChoice.defaults.enumerated().map { k, fallback in
            let chosen = indicatorChoices.filter { $0.name == fallback.name }
            let mark = chosen.isEmpty ? "[ ]" : "[x]"
            let titles = (chosen.isEmpty ? [fallback] : chosen).map(\.title).joined(separator: ", ")
            return "\(k + 1) \(mark) \(titles)  (\(fallback.isOverlay ? "on the price" : "a pane"))"
        } + ["", "1-7 turn one on or off; Esc or i closes. --indicator sets other periods."]
    }

    /// `EMA 20 off, RSI 14 on, ...`: the chooser in words, for the screen reader.
    var indicatorChoiceWords: String {
        IndicatorChoice.defaults.map { fallback in
            let chosen = indicatorChoices.filter { $0.name == fallback.name }
            return (chosen.isEmpty ? [fallback] : chosen).map(\.title).joined(separator: ", ") + (chosen.isEmpty ? " off" : " on")
        }.joined(separator: "; ") + " (--indicator chooses)"
    }

    /// Digit `digit` of the chooser: turns that indicator off (every one of its name) or on with
    /// its default periods; nil for a digit that names none.
    mutating func toggleIndicator(_ digit: Int, at time: Double) -> (StatusMessage, [ViewerCommand])? {
        guard digit >= 1 && digit <= IndicatorChoice.defaults.count else { return nil }
        let fallback = IndicatorChoice.defaults[digit - 1]
        var choices = indicatorChoices
        let on = !choices.contains { $0.name == fallback.name }
        if on { choices.append(fallback) } else { choices.removeAll { $0.name == fallback.name } }
        overlays.indicatorChoices = choices
        chooseIndicators()
        fitIndicators(at: time)
        return (.indicatorTurned(fallback.title, on: on), readColumnsForIndicators())
    }

    /// Asks the host to read the high and low (and volume) the stochastic, ATR and VWAP need,
    /// where the file has them and they are neither read nor asked for (`receive` then works the
    /// indicators out again).
    mutating func readColumnsForIndicators() -> [ViewerCommand] {
        var wanted: BarFields = []
        for choice in indicatorChoices {
            guard choice.readsBars else { continue }
            if candles.names.hasCandles { wanted.insert(.prices) }
            if choice == .vwap && candles.names.volume != nil && series.hasTimeOfDay { wanted.insert(.volume) }
        }
        wanted.subtract(candles.loaded.union(candles.awaited))
        guard !wanted.isEmpty else { return [] }
        candles.awaited = candles.loaded.union(candles.awaited).union(wanted)
        return [.loadBars(candles.awaited)]
    }

    /// Computes the indicators afresh for the series, its bars and the axis shown (after a
    /// change of any of them).
    package mutating func refreshIndicators() {
        overlays.indicators = []
        chooseIndicators()
    }

    /// After the bars were read again: the indicators that read them (the stochastic, ATR, VWAP)
    /// are computed afresh, the others kept while their series is the same.
    mutating func refreshBarIndicators() {
        overlays.indicators.removeAll { $0.choice.readsBars }
        chooseIndicators()
    }

    /// Makes the indicators drawn those of `indicatorChoices` (after the choice changed): each
    /// already worked out for the series, bars and axis shown (`IndicatorBasis`) is kept, the
    /// others are computed, each alone, and those no longer chosen are dropped.
    mutating func chooseIndicators() {
        // Bars read for fewer rows than the series has (not yet for the rows a follow added) are not used.
        let bars = candles.series?.bars.count == series.count ? candles.series?.bars : nil
        let scale = priceScale, log = logAxis, contents = index.contents
        let axis = IndicatorBasis.Axis(scale: scale, log: log)
        let computed = overlays.indicators
        overlays.indicators = []
        overlays.unavailableIndicators = []
        let choices = overlays.indicatorChoices
        // Worked out from the newest rows alone, an indicator's values would not be the file's
        // (an EMA, RSI, MACD or ATR carries every row before; VWAP its session's first rows):
        // they wait for the whole file (`receive(_:at:)` works them out when it is read).
        if isFillingIn {
            overlays.unavailableIndicators = choices.map { ($0, .needsOlderRows) }
            return
        }
        // Those already worked out for what the chart shows are kept; the others are worked out
        // together (`IndicatorLine.lines`: two of them in one pass where that saves time).
        let kept = choices.map { choice in
            computed.first { $0.choice == choice && $0.basis == IndicatorBasis(choice, series: contents, barsRead: bars != nil,
                                                                                axis: axis) }
        }
        let missing = choices.indices.filter { kept[$0] == nil }
        var made = IndicatorLine.lines(missing.map { choices[$0] }, series: series, seriesContents: contents, bars: bars)
            .makeIterator()
        for (choice, keptLine) in zip(choices, kept) {
            if let keptLine {
                overlays.indicators.append(keptLine)
                continue
            }
            switch made.next()! {
            case .success(var line):
                line.plot(scale: scale, log: log)
                overlays.indicators.append(line)
            case .failure(let error):
                overlays.unavailableIndicators.append((choice, error))
            }
        }
    }

    /// After rows were appended: each indicator takes the new rows only (O(1) a row), or is
    /// computed afresh when the series was re-sorted or rescaled.
    mutating func growIndicators(_ growth: PriceSeries.Growth) {
        guard !overlays.indicatorChoices.isEmpty else { return }
        let bars = candles.series?.bars
        let hasBars = bars.map { $0.count == series.count } ?? false
        // VWAP, the stochastic and ATR read the new rows' bars: without them, afresh.
        guard case .extended = growth, hasBars || overlays.indicators.allSatisfy({ $0.choice.isOverlay && $0.choice != .vwap
                                                                                  || $0.choice.name == "rsi" || $0.choice.name == "macd" }) else {
            refreshIndicators()
            return
        }
        let scale = priceScale, log = logAxis, contents = index.contents
        for k in overlays.indicators.indices {
            overlays.indicators[k].extend(series: series, seriesContents: contents, bars: hasBars ? bars : nil)
            overlays.indicators[k].plot(scale: scale, log: log)
        }
    }

    /// Lets each indicator let go of the series' and the bars' columns it reads, so that
    /// appended rows grow them in place (`growIndicators` hands them back).
    mutating func releaseIndicatorInputs() {
        for k in overlays.indicators.indices { overlays.indicators[k].releaseInputs() }
    }

    /// The lines drawn on the price, in order of precedence, each with its first value and
    /// style: an indicator's own colour, its bands dimmer than its middle line.
    var overlayIndicatorLines: [(index: MinMaxIndex, first: Int, style: CellStyle)] {
        var lines: [(index: MinMaxIndex, first: Int, style: CellStyle)] = []
        guard !comparing else { return lines }
        // Read where they lie: a copy of an indicator (`filter`) retains and releases every column it holds.
        var k = 0
        for i in overlays.indicators.indices where overlays.indicators[i].choice.isOverlay {
            let role = indicatorRole(k)
            for (j, dim) in overlays.indicators[i].dims.enumerated() {
                lines.append((overlays.indicators[i].plotted[j], overlays.indicators[i].firstDefined, CellStyle(role, dim ? .dim : [])))
            }
            k += 1
        }
        return lines
    }

    /// The styles of `overlayIndicatorLines`, without their indices.
    var overlayIndicatorStyles: [CellStyle] {
        var styles: [CellStyle] = []
        guard !comparing else { return styles }
        var k = 0
        for i in overlays.indicators.indices where overlays.indicators[i].choice.isOverlay {
            let role = indicatorRole(k)
            for dim in overlays.indicators[i].dims { styles.append(CellStyle(role, dim ? .dim : [])) }
            k += 1
        }
        return styles
    }

    /// The colour of the `k`-th overlay indicator: the palette's after the averages'.
    func indicatorRole(_ k: Int) -> ColorRole { averageRole(averages.count + k) }

    /// `EMA 9 12,034.50  BB 20,2 11,980.10`: each overlay's value at `point` (a dash before it
    /// has one; the bands' middle line); the panes say theirs in their titles.
    func indicatorLegend(at point: Int) -> [(text: String, role: ColorRole)] {
        indicators.filter(\.choice.isOverlay).enumerated().map { k, line in
            let value = line.choice.name == "bb" ? line.value(line: 1, at: point) : line.value(at: point)
            return (line.choice.title + " " + indicatorText(value, of: line.choice), indicatorRole(k))
        }
    }

    /// What the status line says when nothing else is said: the panes left out for want of
    /// rows, the indicators this file cannot have.
    var indicatorsLeftOut: StatusMessage? {
        let hidden = paneIndicators.dropFirst(layout.shownPanes).map(\.choice.title)
        let unavailable = unavailableIndicatorTexts
        return hidden.isEmpty && unavailable.isEmpty ? nil : .indicatorsLeftOut(hidden: hidden, unavailable: unavailable)
    }

    /// Why each indicator asked for that this file cannot have is not drawn.
    var unavailableIndicatorTexts: [String] {
        if comparing && !indicatorChoices.isEmpty { return ["Indicators off while comparing files"] }
        return overlays.unavailableIndicators.map { choice, why in
            switch why {
            case .vwap(.needsIntradayBars): "VWAP needs intraday bars (a session is one bar here)"
            case .vwap(.noVolume): "VWAP needs volume: this file has none"
            case .needsHighLow: "\(choice.title) needs the high and low columns (c reads them where the file has them)"
            case .needsOlderRows: "\(choice.title) waits for the older rows"
            }
        }
    }

    /// A value as the legend shows it: prices as the price, oscillators to one decimal.
    func indicatorText(_ value: Double, of choice: IndicatorChoice) -> String {
        guard !value.isNaN else { return "–" }
        switch choice {
        case .rsi, .stochastic: return PriceFormatter(decimals: 1).string(value)
        default: return priceFormatter.string(value)
        }
    }
}
