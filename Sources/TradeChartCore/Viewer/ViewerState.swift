/// The whole state of the interactive viewer, in the style of state, update, view:
/// `handle(_:at:)` (in ViewerUpdate.swift) is the one way it changes and says what
/// the host must do; `frame(at:)` draws it at a moment. The caller owns the clock,
/// so every frame of an animation can be reproduced in a test.
public struct ViewerState: Sendable {
    public internal(set) var series: PriceSeries
    /// The series as its times are shown: in the `--tz` zone when one is given, else `series`.
    public internal(set) var shownSeries: PriceSeries
    /// How the series' prices are scaled before they are projected (see `PriceScale`).
    public internal(set) var priceScale: PriceScale
    /// The min-max index over the scaled prices.
    public internal(set) var index: MinMaxIndex
    /// How often a followed input replaced the whole series (and its index) rather than
    /// extending it in place: what following costs, for tests.
    public internal(set) var seriesRebuilds = 0
    /// Whether the price axis is logarithmic (`L`).
    public internal(set) var logAxis = false
    /// Whether the price labels show the percent change from the reference price (`%`).
    public internal(set) var percentAxis = false
    /// The min-max index of the plotted prices (`index`, or the log prices' on a log
    /// axis): what the projections and the rasterizer see.
    public internal(set) var plotIndex: MinMaxIndex
    /// The bars of the moving averages shown (`m`, `--average`), and the averages.
    public internal(set) var averageBars: [Int] = []
    public internal(set) var averages: [AverageLine] = []
    /// The marked moment (Space), nil when none: the header measures from it to the cursor.
    public internal(set) var mark: Int64?
    /// The other files compared with this one (empty for one file), sampled at its times.
    public internal(set) var others: [ComparedSeries] = []
    /// Which file of the command line the primary one is (0, the first, until `Tab`).
    public internal(set) var primaryFile = 0
    public internal(set) var options: ViewerOptions
    public internal(set) var layout: ChartLayout
    /// The oldest point drawn: during a morph it includes the points sliding in or out.
    public internal(set) var morphFirst: Int = 0
    /// The fixed range shown, or being morphed to; for a free window, the fixed range
    /// nearest to it (its labels follow that range's).
    public internal(set) var range: ChartRange
    /// The free window shown (the times of its first and last point), nil when a fixed range is.
    public internal(set) var window: ClosedRange<Int64>?
    public internal(set) var slice: RangeSlice
    /// The running morph, nil when the chart stands still.
    public internal(set) var morph: Morph?
    /// The projection of `slice` at the current size: what a still frame shows.
    public internal(set) var target: ChartProjection
    /// The scrub cursor's point index, nil when hidden.
    public internal(set) var cursor: Int?
    /// The arrow key being held, while its repeats keep arriving.
    var scrubHold: ScrubHold?
    public internal(set) var overlay: Overlay = .none
    /// How far the open panel is scrolled, in lines.
    public internal(set) var panelScroll = 0
    /// While the audiograph plays: when it started and how long it lasts; the
    /// cursor follows the sound.
    public internal(set) var playback: (start: Double, duration: Double)?
    /// A one-line note for the status line, always free of control characters (every note
    /// goes through `TextSanitizer` on its way in, whoever set it); each new one is kept
    /// in `messages` too.
    public internal(set) var status: String? {
        didSet {
            status = status.map(TextSanitizer.clean)
            if let status, status != oldValue { remember(message: status) }
        }
    }
    /// The latest status messages, oldest first (at most `messageLimit`): `!` shows them whole.
    public internal(set) var messages: [String] = []
    static let messageLimit = 20
    /// Whether each cursor step plays a tone (`s`).
    public internal(set) var tones: Bool
    public internal(set) var timeLabels: TimeLabels
    /// Whether each range can be shown (indexed by `rawValue - 1`), worked out once per
    /// series: the range bar needs it every frame.
    public internal(set) var availability: [RangeAvailability]
    /// Formats the price labels and the header for this series.
    public internal(set) var priceFormatter: PriceFormatter
    /// What is remembered about the file; every change is handed to the host to write.
    public internal(set) var memory: RememberedView
    /// The style (line, candles, OHLC bars), the volume pane and the columns they need.
    public internal(set) var candles: CandleState
    /// The status-line rules for the followed input, when one is followed.
    var followStatus: FollowStatus?
    /// Grows with every change to what a still frame shows, so a host can skip
    /// drawing when an event (a look at a followed file, say) changed nothing.
    public internal(set) var revision = 0

    /// A viewer on `series`, opening on `range` (or the default range), sized to the terminal.
    /// `memory` is what the host remembers about the file; the viewer keeps its range in it.
    /// `view` asks for a window, a log or percent axis and moving averages (from the
    /// command line or the remembered state); a window asked for wins over `range`.
    public init(series: PriceSeries, range requested: ChartRange? = nil, options: ViewerOptions = .init(),
                columns: Int, rows: Int, status: String? = nil, memory: RememberedView = RememberedView(),
                view: ViewSettings = ViewSettings(), others otherSeries: [PriceSeries] = [],
                candles wanted: CandleState = CandleState()) {
        precondition(series.count >= 2, "the viewer needs at least two prices")
        self.series = series
        shownSeries = options.clock.map { $0.shown(series) } ?? series
        self.options = options
        self.memory = memory
        tones = options.tones
        followStatus = options.followed.map(FollowStatus.init(name:))
        (priceScale, index) = Self.scaledIndex(series.prices)
        plotIndex = index
        // Each file keeps its colour and symbol whichever file is the primary (see `slot(ofFile:)`).
        others = otherSeries.enumerated().map { ComparedSeries($0.element, on: series, slot: $0.offset, file: $0.offset + 1) }
        let labels = Self.priceLabels(index, priceScale, prices: series.prices)
        priceFormatter = labels.formatter
        let (candles, candleNote) = Self.opening(wanted, file: series.name, comparing: !otherSeries.isEmpty)
        self.candles = candles
        self.memory.style = candles.style == .line ? nil : candles.style.rawValue
        self.memory.volume = candles.volume ? true : nil
        layout = ChartLayout(columns: columns, rows: rows,
                             labelWidth: otherSeries.isEmpty ? labels.width : max(labels.width, Self.percentLabelWidth),
                             volume: candles.drawsVolume && otherSeries.isEmpty)
        let ranges = ChartRange.allCases.map { series.slice($0) }
        availability = ranges
        let opening = OpeningRange(series: series, requested: requested, availability: ranges)
        let chosen = opening.range
        range = chosen
        self.memory.range = chosen.label
        let slice = opening.slice
        self.slice = slice
        timeLabels = TimeLabels(series: shownSeries, first: slice.first, last: slice.last, range: chosen)
        target = ChartProjection(first: 0, last: 1, low: 0, high: 1, baseline: 0, newest: 0, widthDots: 1, heightDots: 1)
        self.status = status.map(TextSanitizer.clean)
        if let note = opening.note { self.status = note }
        if let candleNote { self.status = [self.status, candleNote].compactMap { $0 }.joined(separator: "; ") }
        if let first = self.status { remember(message: first) }
        target = projection(for: slice)
        apply(view)
    }

    /// Applies what `view` asks for on opening, saying on the status line what cannot be.
    mutating func apply(_ view: ViewSettings) {
        let opening = status
        if let window = view.window {
            if let windowSlice = Self.windowSlice(series, window) {
                show(windowSlice.slice, range: windowSlice.range, window: windowSlice.window, at: 0, morphing: false)
            } else {
                status = "No prices between \(DateText.dayMonthYear(window.lowerBound)) and \(DateText.dayMonthYear(window.upperBound)); showing \(range.label)"
            }
        }
        if view.log { setLogAxis(true) }
        if view.percent { setPercentAxis(true) }
        if !view.averages.isEmpty {
            if let why = whyNoAverages { status = [status, why].compactMap { $0 }.joined(separator: "; ") } else { setAverages(view.averages) }
        }
        // Turning the axis on says so on a key; on opening only a refusal is news.
        if status?.hasPrefix("Log scale:") == true { status = opening }
    }

    /// The scale for `prices` and the min-max index over the scaled prices. The index of
    /// the prices as they are tells their largest magnitude at no extra pass; it is built
    /// again only for the rare series that must be scaled.
    static func scaledIndex(_ prices: [Double]) -> (PriceScale, MinMaxIndex) {
        let plain = MinMaxIndex(prices)
        let all = plain.minMax(0...(prices.count - 1))
        let scale = PriceScale(forMagnitude: max(abs(all.min), abs(all.max)))
        return scale == .identity ? (scale, plain) : (scale, MinMaxIndex(scale.scaled(prices)))
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
    public var canvasDots: (width: Int, height: Int) {
        (layout.chartWidth * options.charset.dotColumnsPerCell, layout.chartHeight * options.charset.dotRowsPerCell)
    }

    /// Where `slice` lands on the canvas at the current size.
    /// The y axis spans the range's prices and its reference price, so the baseline is
    /// always on the chart (a day that opened above the previous close still shows it).
    public func projection(for slice: RangeSlice) -> ChartProjection {
        if comparing { return comparisonProjection(for: slice) }
        let span = chartSpan(slice.first...slice.last)
        // The index holds the plotted prices (scaled, see PriceScale, or their logs).
        let reference = plotIndex.values[slice.reference]
        let dots = canvasDots
        var projection = ChartProjection(first: slice.first, last: slice.last, low: min(span.min, reference),
                                         high: max(span.max, reference),
                                         baseline: reference, newest: plotIndex.values[slice.last],
                                         widthDots: dots.width, heightDots: dots.height, slots: candles.series != nil)
        projection.volumeTop = volumeTop(for: slice, projection: projection)
        return projection
    }

    /// The points the rasterizer draws: the range, plus during a morph the older
    /// points that slide in from or out past the left edge.
    public func drawnPoints(at time: Double) -> ClosedRange<Int> {
        (isAnimating(at: time) ? min(morphFirst, slice.first) : slice.first)...slice.last
    }

    /// What is on screen at `time`.
    public func projection(at time: Double) -> ChartProjection {
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
    public func displayedCursor(at time: Double) -> Int? {
        if let playback, time >= playback.start, time < playback.start + playback.duration {
            let audiograph = Audiograph(duration: playback.duration)
            return audiograph.pointIndex(atPlaybackTime: time - playback.start, in: slice)
        }
        return cursor
    }

    /// Whether `range` can be shown for this series, and why not.
    public func availability(of range: ChartRange) -> RangeAvailability { availability[range.rawValue - 1] }

    /// The fixed range shown, nil while a free window is.
    public var activeRange: ChartRange? { window == nil ? range : nil }

    /// What the chart shows, in a word: `1Y`, `MAX`, or `window`.
    public var spanLabel: String { window == nil ? range.label : "window" }

    /// The marked point (the first at or after the marked moment), nil without a mark.
    public var markedPoint: Int? {
        guard let mark else { return nil }
        let i = series.lowerBound(of: mark)
        return i < series.count ? i : nil
    }

    /// The reference price of the range (the previous close), the baseline of changes.
    public var baselinePrice: Double { series.prices[slice.reference] }

    /// The pitch of a point's tone: its price on the audiograph's scale of the range shown
    /// (the lowest price low, the highest high).
    public func toneFrequency(of point: Int) -> Double {
        let span = index.minMax(slice.first...slice.last)
        return PitchMap(minimum: span.min, maximum: span.max).frequency(of: series.prices[point])
    }

    /// The point nearest to a dot column of the target projection.
    public func nearestPoint(toDotColumn x: Double) -> Int {
        guard target.x.scale != 0 else { return slice.last }
        let i = Clamp.int(target.x.inverse(x).rounded(), ifNaN: slice.last)
        return min(max(i, slice.first), slice.last)
    }

    /// Keeps a status message for `m`, dropping the oldest beyond `messageLimit`.
    mutating func remember(message: String) {
        messages.append(message)
        if messages.count > Self.messageLimit { messages.removeFirst(messages.count - Self.messageLimit) }
    }

    /// The open panel's geometry and lines at the current size, nil when none is open (or fits).
    public var panel: PanelLayout? {
        switch overlay {
        case .none: return nil
        case .help: return PanelLayout(layout: layout, title: "Keys", lines: [], help: true)
        case .text(let title, let lines): return PanelLayout(layout: layout, title: title, lines: lines)
        case .messages:
            return PanelLayout(layout: layout, title: "Messages",
                               lines: messages.isEmpty ? ["No messages yet."] : messages.reversed())
        }
    }

    /// The open panel's title.
    var panelTitle: String {
        switch overlay {
        case .none: ""
        case .help: "Keys"
        case .text(let title, _): title
        case .messages: "Messages"
        }
    }

    /// The frame at `time`.
    public func frame(at time: Double) -> Frame { ViewerView(state: self, time: time).render() }
}
