/// What a row of the overview says about its file for the range shown: the points
/// the sparkline draws, the last close, the change since the range's reference price
/// (the close before it, as in the chart's header) and the newest row's time.
struct OverviewRowFacts: Sendable, Equatable {
    var slice: RangeSlice
    var last: Double
    var reference: Double
    var lastTime: Int64

    /// The facts of `series` for `range`: nil when the range cannot be cut from it.
    init?(_ series: PriceSeries, range: ChartRange) {
        guard let slice = series.slice(range).slice else { return nil }
        self.slice = slice
        last = series.prices[slice.last]
        reference = series.prices[slice.reference]
        lastTime = series.times[slice.last]
    }

    /// The change in percent, nil when the reference price is zero.
    var changePercent: Double? {
        guard reference != 0 else { return nil }
        let value = (last - reference) / abs(reference) * 100
        return value.isFinite ? value : nil
    }

    var rising: Bool { last >= reference }
}
