/// The range a chart opens on: the one asked for when it is available, else the
/// series' default range (`PriceSeries.defaultRange`), with the reason the one asked
/// for cannot be shown. The viewer, `--print`, `--describe` and `--audiograph` all open this way.
package struct OpeningRange: Sendable, Equatable {
    package var range: ChartRange
    package var slice: RangeSlice
    /// Why the requested range is not the one shown, nil when it is (or none was requested).
    package var note: RangeUnavailable?

    /// The opening range of `series` for `requested`; `availability` is `series.slice` of
    /// every range in order, when the caller has it already.
    package init(series: PriceSeries, requested: ChartRange?, availability: [RangeAvailability]? = nil) {
        let ranges = availability ?? ChartRange.allCases.map { series.slice($0) }
        let requestedSlice = requested.flatMap { ranges[$0.rawValue - 1].slice }
        let chosen = requestedSlice != nil ? requested! : (series.defaultRange() ?? .fiveYears)
        range = chosen
        slice = requestedSlice ?? ranges[chosen.rawValue - 1].slice
            ?? RangeSlice(range: chosen, first: 0, last: series.count - 1, coversAllData: true)
        if let requested, requested != chosen, case .unavailable(let reason) = ranges[requested.rawValue - 1] {
            note = reason
        }
    }
}
