/// What the state's parts hold, read by name: the view, the tests and the host read
/// `state.cursor` rather than where it is kept. Setters only where any value is valid;
/// the rest change through their part's own method.
extension ViewerState {
    public internal(set) var series: PriceSeries {
        get { data.series }
        set { data.series = newValue }
    }
    /// The series as its times are shown: in the `--tz` zone when one is given, else `series`.
    package internal(set) var shownSeries: PriceSeries {
        get { data.shownSeries }
        set { data.shownSeries = newValue }
    }
    /// How the series' prices are scaled before they are projected (see `PriceScale`).
    public var priceScale: PriceScale { data.priceScale }
    /// The min-max index over the scaled prices.
    public var index: MinMaxIndex { data.index }
    /// How often a followed input replaced the whole series rather than extending it in place.
    public var seriesRebuilds: Int { data.rebuilds }
    /// Formats the price labels and the header for this series.
    package var priceFormatter: PriceFormatter { data.priceFormatter }
    /// Whether each range can be shown (indexed by `rawValue - 1`).
    package var availability: [RangeAvailability] { data.availability }

    /// The fixed range shown, or being morphed to; for a free window, the fixed range nearest to it.
    public var range: ChartRange { view.range }
    /// The free window shown (the times of its first and last point), nil when a fixed range is.
    public var window: ClosedRange<Int64>? { view.window }
    public var slice: RangeSlice { view.slice }
    package var timeLabels: TimeLabels { view.timeLabels }
    public internal(set) var layout: ChartLayout {
        get { view.layout }
        set { view.layout = newValue }
    }
    /// The projection of `slice` at the current size: what a still frame shows.
    public internal(set) var target: ChartProjection {
        get { view.target }
        set { view.target = newValue }
    }

    /// The scrub cursor's point index, nil when hidden.
    public internal(set) var cursor: Int? {
        get { pointer.cursor }
        set { pointer.cursor = newValue }
    }
    /// The marked moment (Space), nil when none.
    package internal(set) var mark: Int64? {
        get { pointer.mark }
        set { pointer.mark = newValue }
    }
    /// The arrow key being held, while its repeats keep arriving.
    var scrubHold: ScrubHold? {
        get { pointer.scrubHold }
        set { pointer.scrubHold = newValue }
    }
    /// Whether each cursor step plays a tone (`s`).
    public internal(set) var tones: Bool {
        get { pointer.tones }
        set { pointer.tones = newValue }
    }

    /// Whether the price axis is logarithmic (`L`).
    public var logAxis: Bool { overlays.logAxis }
    /// Whether the price labels show the percent change from the reference price (`%`).
    package var percentAxis: Bool { overlays.percentAxis }
    /// The min-max index of the plotted prices: what the projections and the rasterizer see.
    package var plotIndex: MinMaxIndex { overlays.plotIndex }
    /// The bars of the moving averages shown, and the averages.
    package var averageBars: [Int] { overlays.averageBars }
    public var averages: [AverageLine] { overlays.averages }

    /// The other files compared with this one (empty for one file), sampled at its times.
    public var others: [ComparedSeries] { comparison.others }
    /// Which file of the command line the primary one is (0, the first, until `Tab`).
    package var primaryFile: Int { comparison.primaryFile }

    /// The running morph, nil when the chart stands still.
    public internal(set) var morph: Morph? {
        get { animation.morph }
        set { animation.morph = newValue }
    }
    /// The oldest point drawn: during a morph it includes the points sliding in or out.
    package internal(set) var morphFirst: Int {
        get { animation.morphFirst }
        set { animation.morphFirst = newValue }
    }
    /// While the audiograph plays: when it started and how long it lasts.
    package var playback: (start: Double, duration: Double)? { animation.playback }

    package var overlay: Overlay { panelState.overlay }
    /// How far the open panel is scrolled, in lines.
    package var panelScroll: Int { panelState.scroll }

    /// The one-line note on the status line, free of control characters; nil for none.
    public var status: String? { statusLine.text }
    /// The latest status messages, oldest first: `!` shows them whole.
    public var messages: [String] { statusLine.messages }
}
