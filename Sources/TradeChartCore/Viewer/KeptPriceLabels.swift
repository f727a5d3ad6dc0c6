/// The price axis's labels of the still frame, kept in the state between frames: worked
/// out when the still projection is set (`ViewerState.retarget()`, which sizes the label
/// column by them), read by every frame drawn at that projection, so a look at a followed
/// file works them out once, or not at all while the y axis stays where it was. They are
/// kept with everything they are worked out from (`PriceLabelInputs`: the y map and the baseline,
/// the chart's rows, the axis, the prices' format); a frame whose inputs differ (a morph's,
/// a state changed since) works its own out. Compared files' labels are never kept.
typealias KeptPriceLabels = KeptPart<PriceLabelInputs, [AxisLabel]>

/// What the price labels of a chart of one file depend on.
struct PriceLabelInputs: Sendable, Equatable {
    var y: AffineMap
    var baselineRow: Double
    var baseline: Double
    var chartY: Int
    var chartHeight: Int
    var dotRowsPerCell: Int
    /// The reference price (the baseline's), and the newest price shown (a flat chart's one
    /// label; 0 on any other chart, whose labels do not hang on it: a followed file's new
    /// price leaves them kept).
    var reference: Double
    var newest: Double
    var percent: Bool
    var log: Bool
    var scale: PriceScale
    var formatter: PriceFormatter
}

extension ViewerState {
    /// What the price labels at `projection` are worked out from; nil when files are
    /// compared (their labels hang on every file's line).
    func priceLabelInputs(_ projection: ChartProjection) -> PriceLabelInputs? {
        guard !comparing else { return nil }
        return PriceLabelInputs(y: projection.y, baselineRow: projection.baselineRow, baseline: projection.baseline,
                                      chartY: layout.chartY, chartHeight: layout.chartHeight,
                                      dotRowsPerCell: options.charset.dotRowsPerCell, reference: baselinePrice,
                                      newest: projection.y.scale == 0 ? series.prices[slice.last] : 0,
                                      percent: percentAxis, log: logAxis,
                                      scale: priceScale, formatter: priceFormatter)
    }

    /// The price labels at `projection`: the kept ones when they were worked out from the
    /// same inputs, else afresh.
    func shownPriceLabels(_ projection: ChartProjection) -> [AxisLabel] {
        if let inputs = priceLabelInputs(projection), let kept = keptPriceLabels.value(for: inputs) { return kept }
        return priceLabels(projection)
    }

    /// The price labels at `projection`, kept for the frames drawn at it.
    mutating func keepPriceLabels(_ projection: ChartProjection) -> [AxisLabel] {
        let labels = shownPriceLabels(projection)
        if let inputs = priceLabelInputs(projection) { keptPriceLabels.keep(labels, for: inputs) }
        return labels
    }
}
