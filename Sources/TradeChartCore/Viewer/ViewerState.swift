/// The whole state of the interactive viewer, in the style of state, update, view:
/// `handle(_:at:)` (in ViewerUpdate.swift) is the one way it changes and says what
/// the host must do; `frame(at:)` draws it at a moment. The caller owns the clock,
/// so every frame of an animation can be reproduced in a test.
public struct ViewerState: Sendable {
    // The state's own parts: each small value holds what belongs together and keeps its invariants.
    public internal(set) var options: ViewerOptions
    /// What is remembered about the file; every change is handed to the host to write.
    public internal(set) var memory: RememberedView
    /// The series and what is worked out once per series.
    var data: ChartSeries
    /// The points shown, their labels, the layout and the still projection.
    var view: ViewWindow
    /// The cursor, the mark, a held arrow key, the tones.
    var pointer: Pointer
    /// The style (line, candles, OHLC bars), the volume pane and the columns they need.
    public internal(set) var candles: CandleState
    /// The axis (log, percent) and the moving averages.
    var overlays: PriceOverlays
    /// The other files compared.
    var comparison: Comparison
    /// A running morph and the audiograph playing.
    var animation: Animation
    /// The open panel.
    var panelState: Panel
    /// The status line and its messages.
    var statusLine: StatusLine
    /// The share of the file read while its older rows are read after the first frame
    /// (`OlderRows`); nil when the series holds every row.
    var olderRowsRead: Double?
    /// The column spans of the lines the still frame draws, kept between frames.
    var stillSpans = StillLineSpans()
    /// The price labels of the still projection, kept between frames.
    var keptPriceLabels = KeptPriceLabels()
    /// The bottom row's texts, kept between frames.
    var keptBottomRow = KeptBottomRow()
    /// The header's dates, kept between frames.
    var keptSpanDates = KeptSpanDates()
    /// The still chart's candle period, kept between frames.
    var keptCandlePeriod = KeptCandlePeriod()
    /// The still frame's plot, kept between frames.
    var keptPlot = KeptPlot()
    var keptPaneLines = KeptPaneLines()
    /// Grows with every change to what a still frame shows, so a host can skip
    /// drawing when an event (a look at a followed file, say) changed nothing.
    public internal(set) var revision = 0

    /// A viewer on `series`, opening on `range` (or the default range), sized to the terminal.
    /// `memory` is what the host remembers about the file; the viewer keeps its settings in it
    /// (see `RememberedSettings`).
    /// `view` asks for a window, a log or percent axis and moving averages (from the
    /// command line or the remembered state); a window asked for wins over `range`.
    public init(series: PriceSeries, range requested: ChartRange? = nil, options: ViewerOptions = .init(),
                columns: Int, rows: Int, status: String? = nil, memory: RememberedView = RememberedView(),
                view viewSettings: ViewSettings = ViewSettings(), others otherSeries: [PriceSeries] = [],
                candles wanted: CandleState = CandleState()) {
        let data = ChartSeries(series, clock: options.clock)
        self.data = data
        self.options = options
        self.memory = memory
        pointer = Pointer(tones: options.tones)
        statusLine = StatusLine(followed: options.followed)
        overlays = PriceOverlays(plotIndex: data.index)
        animation = Animation()
        panelState = Panel()
        // Each file keeps its colour and symbol whichever file is the primary (see `slot(ofFile:)`).
        comparison = Comparison(others: otherSeries.enumerated().map {
            ComparedSeries($0.element, on: series, slot: $0.offset, file: $0.offset + 1)
        })
        let (candles, candleNotes) = Self.opening(wanted, file: series.name, comparing: !otherSeries.isEmpty)
        self.candles = candles
        let layout = ChartLayout(columns: columns, rows: rows,
                                 labelWidth: otherSeries.isEmpty ? data.labelWidth : max(data.labelWidth, Self.percentLabelWidth),
                                 volume: false)
        let opening = OpeningRange(series: series, requested: requested, availability: data.availability)
        view = ViewWindow(opening.slice, range: opening.range, labelling: data.shownSeries, layout: layout)
        var first = status.map(StatusMessage.note)
        if let note = opening.note { first = .rangeUnavailable(note) }
        retarget()
        // The pane opens with the style (asked for with the candles or among the settings), the
        // other settings after the opening's notes; the candles' notes join those.
        let notes = openPane(wanted.volume || viewSettings.switches.contains(.volume), notes: candleNotes)
        if !notes.isEmpty {
            let candleNote = notes.count == 1 ? notes[0] : .all(notes)
            first = first.map { .all([$0, candleNote]) } ?? candleNote
        }
        // The one place the opening's notes reach the status line (each is kept among the messages).
        let opened = rememberedSettings
        opened.writeOpening(into: &self.memory)
        let said = apply(viewSettings)
        remember(changesSince: opened)
        for message in [first] + said { statusLine.say(message) }
        keepStillSpans()
        keepCandlePeriod()
        keepBottomRow()
        keepSpanDates()
    }

    /// Applies what `view` asks for on opening, and returns what the status line says of
    /// it in turn: what cannot be shown.
    mutating func apply(_ view: ViewSettings) -> [StatusMessage?] {
        var said: [StatusMessage?] = []
        func note(_ message: StatusMessage?) { said.append(message) }
        if let window = view.window {
            if let windowSlice = Self.windowSlice(series, window) {
                if let refused = show(windowSlice.slice, range: windowSlice.range, window: windowSlice.window, at: 0,
                                      morphing: false) {
                    note(refused)
                }
            } else {
                note(.windowUnavailable(WindowUnavailable(window, of: series), showing: range.label))
            }
        }
        // On opening only what cannot be shown is news.
        // The pane was turned with the style.
        for refused in turnOn(view.switches.subtracting([.volume])) { note(refused) }
        if !view.averages.isEmpty { setAverages(view.averages) }
        if !view.indicators.isEmpty { setIndicators(view.indicators) }
        return said
    }

    /// The scale for `prices` and the min-max index over the scaled prices. The index of
    /// the prices as they are tells their largest magnitude at no extra pass; it is built
    /// again only for the rare series that must be scaled.
    static func scaledIndex(_ prices: [Double]) -> (PriceScale, MinMaxIndex) {
        let plain = MinMaxIndex(prices, firstShift: MinMaxIndex.priceShift)
        let all = plain.minMax(0...(prices.count - 1))
        let scale = PriceScale(forMagnitude: max(abs(all.min), abs(all.max)))
        return scale == .identity ? (scale, plain) : (scale, MinMaxIndex(scale.scaled(prices), firstShift: MinMaxIndex.priceShift))
    }

    /// The price format for `prices` (whose index, scaled by `scale`, is `index`), and the
    /// width of its widest label.
    static func priceLabels(_ index: MinMaxIndex, _ scale: PriceScale, prices: [Double]) -> (formatter: PriceFormatter, width: Int) {
        let all = index.minMax(0...(index.count - 1))
        let low = scale.price(all.min), high = scale.price(all.max)
        let formatter = PriceFormatter(forPrices: prices, around: max(abs(low), abs(high)))
        return (formatter, max(formatter.string(high).count, formatter.string(low).count))
    }

    // MARK: - Geometry

    /// The dot canvas size of the chart area.
    package var canvasDots: (width: Int, height: Int) {
        (layout.chartWidth * options.charset.dotColumnsPerCell, layout.chartHeight * options.charset.dotRowsPerCell)
    }

    /// Where `slice` lands on the canvas at the current size.
    /// The y axis spans the range's prices and its reference price, so the baseline is
    /// always on the chart (a day that opened above the previous close still shows it).
    package func projection(for slice: RangeSlice) -> ChartProjection { projectionAndPeriod(for: slice).projection }

    /// `projection(for:)` and the candle period its volume pane's top was found with (nil
    /// without a volume pane): `retarget` keeps it as the still chart's (`KeptCandlePeriod`).
    func projectionAndPeriod(for slice: RangeSlice) -> (projection: ChartProjection, period: CandlePeriod?) {
        if comparing { return (comparisonProjection(for: slice), nil) }
        let span = chartSpan(slice.first...slice.last)
        // The index holds the plotted prices (scaled, see PriceScale, or their logs).
        let reference = plotIndex.values[slice.reference]
        let dots = canvasDots
        var projection = ChartProjection(first: slice.first, last: slice.last, low: min(span.min, reference),
                                         high: max(span.max, reference),
                                         baseline: reference, newest: plotIndex.values[slice.last],
                                         widthDots: dots.width, heightDots: dots.height, slots: candles.series != nil)
        let volume = volumeTopAndPeriod(for: slice, projection: projection)
        projection.volumeTop = volume.top
        return (projection, volume.period)
    }

    /// The points the rasterizer draws: the range, plus during a morph the older
    /// points that slide in from or out past the left edge.
    package func drawnPoints(at time: Double) -> ClosedRange<Int> {
        (isAnimating(at: time) ? min(morphFirst, slice.first) : slice.first)...slice.last
    }

    /// What is on screen at `time`.
    package func projection(at time: Double) -> ChartProjection {
        morph?.projection(at: time) ?? target
    }

    /// True while a morph runs or the cursor follows the sound: the host should draw frames at its pace.
    public func isAnimating(at time: Double) -> Bool {
        if let playback, time < playback.start + playback.duration { return true }
        guard let morph else { return false }
        return !morph.isFinished(at: time)
    }

    /// The point the cursor shows at `time`: the one sounding while the audiograph
    /// plays, else the scrub cursor.
    package func displayedCursor(at time: Double) -> Int? {
        if let playback, time >= playback.start, time < playback.start + playback.duration {
            let audiograph = Audiograph(duration: playback.duration)
            return audiograph.pointIndex(atPlaybackTime: time - playback.start, in: slice)
        }
        return cursor
    }

    /// Whether `range` can be shown for this series, and why not.
    package func availability(of range: ChartRange) -> RangeAvailability { availability[range.rawValue - 1] }

    /// The fixed range shown, nil while a free window is.
    package var activeRange: ChartRange? { view.activeRange }

    /// What the chart shows, in a word: `1Y`, `MAX`, or `window`.
    package var spanLabel: String { window == nil ? range.label : "window" }

    /// The marked point (the first at or after the marked moment), nil without a mark.
    package var markedPoint: Int? {
        guard let mark else { return nil }
        let i = series.lowerBound(of: mark)
        return i < series.count ? i : nil
    }

    /// The reference price of the range (the previous close), the baseline of changes.
    package var baselinePrice: Double { series.prices[slice.reference] }

    /// The pitch of a point's tone: its price on the audiograph's scale of the range shown
    /// (the lowest price low, the highest high).
    package func toneFrequency(of point: Int) -> Double {
        let span = index.minMax(slice.first...slice.last)
        return PitchMap(minimum: span.min, maximum: span.max).frequency(of: series.prices[point])
    }

    /// The point nearest to a dot column of the target projection.
    package func nearestPoint(toDotColumn x: Double) -> Int {
        guard target.x.scale != 0 else { return slice.last }
        let i = Clamp.int(target.x.inverse(x).rounded(), ifNaN: slice.last)
        return min(max(i, slice.first), slice.last)
    }

    /// How many status messages `!` keeps.
    static var messageLimit: Int { StatusLine.messageLimit }

    /// The open panel's geometry and lines at the current size, nil when none is open (or fits).
    package var panel: PanelLayout? {
        switch overlay {
        case .none: return nil
        case .help: return PanelLayout(layout: layout, title: "Keys", lines: [], help: true)
        case .text(let title, let lines): return PanelLayout(layout: layout, title: title, lines: lines)
        case .messages:
            return PanelLayout(layout: layout, title: "Messages",
                               lines: messages.isEmpty ? ["No messages yet."] : messages.reversed())
        case .indicators: return PanelLayout(layout: layout, title: "Indicators", lines: indicatorChooserLines)
        }
    }

    /// The open panel's title.
    var panelTitle: String {
        switch overlay {
        case .none: ""
        case .help: "Keys"
        case .text(let title, _): title
        case .messages: "Messages"
        case .indicators: "Indicators"
        }
    }

    /// The frame at `time`.
    public func frame(at time: Double) -> Frame { ViewerView(state: self, time: time).render() }
}
