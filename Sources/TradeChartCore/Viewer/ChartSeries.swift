/// The series the chart draws and what is worked out once per series: its times as
/// shown (in the `--tz` zone), the scale its prices are drawn at, the min-max index of
/// the scaled prices, the price format and whether each range can be shown.
///
/// Invariant (set up by `init(_:clock:)`): everything is derived from `series`, which has
/// at least two points, and `index` and `shownSeries` have as many points. Rows appended
/// to a followed file grow the parts in place (`ViewerState.appendRows`) and keep it.
struct ChartSeries: Sendable {
    var series: PriceSeries
    /// The series as its times are shown: in the `--tz` zone when one is given, else `series`.
    var shownSeries: PriceSeries
    /// How the series' prices are scaled before they are projected (see `PriceScale`).
    var priceScale: PriceScale
    /// The min-max index over the scaled prices.
    var index: MinMaxIndex
    /// Formats the price labels and the header for this series.
    var priceFormatter: PriceFormatter
    /// The width of the widest price label of the series.
    var labelWidth: Int
    /// Whether each range can be shown (indexed by `rawValue - 1`), worked out once per
    /// series: the range bar needs it every frame.
    var availability: [RangeAvailability]
    /// How often a followed input replaced the whole series (and its index) rather than
    /// extending it in place: what following costs, for tests.
    var rebuilds = 0

    /// Everything derived from `series`, its times shown by `clock` (nil: as they are).
    init(_ series: PriceSeries, clock: DisplayClock?) {
        precondition(series.count >= 2, "the viewer needs at least two prices")
        self.series = series
        shownSeries = clock.map { $0.shown(series) } ?? series
        (priceScale, index) = ViewerState.scaledIndex(series.prices)
        (priceFormatter, labelWidth) = ViewerState.priceLabels(index, priceScale, prices: series.prices)
        availability = ChartRange.allCases.map { series.slice($0) }
    }
}
